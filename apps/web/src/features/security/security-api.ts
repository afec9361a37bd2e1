import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@sehha/contract/envelope';
import {
  securityPaths,
  type CodeInput,
  type DisableTwoFactorInput,
  type RecoveryCodesResponse,
  type SessionsResponse,
  type TwoFactorSetupResponse,
} from '@sehha/contract/security';
import type { z } from 'zod';
import type { securityStatusResponse } from '@sehha/contract/security';
import { apiRequest } from '../../lib/api-client';
import { meQuery } from '../../lib/permissions';

type StatusResponse = z.infer<typeof securityStatusResponse>;

export const securityKey = 'security';
export const sessionsKey = 'sessions';

export function useSecurityStatus() {
  return useQuery({ queryKey: [securityKey], queryFn: () => apiRequest<StatusResponse>(securityPaths.show), select: (body) => body.data });
}

/**
 * A call of the security screen. Failures are left to the caller (a 422 belongs next to the code field);
 * success refreshes the status and /api/auth/me (REQUIRE_2FA: enrolling lifts the dashboard's lock).
 */
function useSecurityCall<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TInput>({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [securityKey] }),
        queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
      ]);
    },
  });
}

export const useStartSetup = () =>
  useSecurityCall(() => apiRequest<TwoFactorSetupResponse & { message?: string }>(securityPaths.setup, { method: 'POST', body: {} }));

export const useConfirmSetup = () =>
  useSecurityCall((input: CodeInput) => apiRequest<RecoveryCodesResponse & { message?: string }>(securityPaths.confirm, { body: input }));

export const useRegenerateCodes = () =>
  useSecurityCall((input: CodeInput) =>
    apiRequest<RecoveryCodesResponse & { message?: string }>(securityPaths.recoveryCodes, { body: input }),
  );

export const useDisableTwoFactor = () =>
  useSecurityCall((input: DisableTwoFactorInput) => apiRequest<MessageResponse>(securityPaths.disable, { body: input }));

/** The signed-in admin's sessions, or (super admins) another admin's. */
export function useSessions(adminId: number | null) {
  return useQuery({
    queryKey: [sessionsKey, adminId ?? 'mine'],
    queryFn: () => apiRequest<SessionsResponse>(adminId === null ? securityPaths.sessions : securityPaths.adminSessions(adminId)),
    select: (body) => body.data,
  });
}

export function useRevokeSession(adminId: number | null) {
  const queryClient = useQueryClient();
  return useMutation<MessageResponse, Error, number>({
    mutationFn: (id) =>
      apiRequest<MessageResponse>(adminId === null ? securityPaths.revokeSession(id) : securityPaths.revokeAdminSession(adminId, id), {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [sessionsKey] }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<MessageResponse, Error, void>({
    mutationFn: () => apiRequest<MessageResponse>(securityPaths.revokeOtherSessions, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [sessionsKey] }),
  });
}
