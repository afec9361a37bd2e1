import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@sehha/contract/auth';
import { roleAllows, type Permission } from '@sehha/contract/permissions';
import type { AdminRole } from '@sehha/contract/status-codes';
import { apiRequest } from './api-client';

/**
 * The signed-in admin (GET /api/auth/me), cached for the session: the header's name and what the admin's
 * role allows. The stored session stays `token` + `role: 'admin'` (spec §3); the admin role comes from here.
 */
export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: () => apiRequest<MeResponse>('/api/auth/me'),
  staleTime: Infinity,
});

/** The signed-in admin; undefined until /api/auth/me has answered. */
export const useSignedInAdmin = () => useQuery({ ...meQuery, select: (body) => body.data }).data;

/** The signed-in admin's role; undefined until /api/auth/me has answered. */
export const useAdminRole = (): AdminRole | undefined => useQuery({ ...meQuery, select: (body) => body.data.admin_role }).data;

/**
 * Whether the signed-in admin's role allows a permission (contract permissions.ts), to hide or disable what
 * the API would refuse with 403; the API stays the real guard. Until the role is known nothing is allowed,
 * so a viewer never sees a forbidden action flash by.
 */
export function usePermissions(): (permission: Permission) => boolean {
  const role = useAdminRole();
  return useCallback((permission) => role !== undefined && roleAllows(role, permission), [role]);
}
