import type { LoginRequest, LoginResponse } from '@sehha/contract/auth';
import type { MessageResponse } from '@sehha/contract/envelope';
import type { TwoFactorChallengeResponse, TwoFactorLoginRequest, twoFactorLoginPath } from '@sehha/contract/security';
import { apiRequest } from '../../lib/api-client';

// Fetchers only: the login screen is in the first chunk, so this file imports no query or form library.
// The signed-in admin (/api/auth/me) is read through lib/permissions.ts (meQuery), which decides what the dashboard offers.
export const authPaths = {
  login: '/api/auth/login',
  // Spelled out rather than imported: the contract's security module builds zod schemas, which would join this chunk.
  loginTwoFactor: '/api/auth/login/two-factor' satisfies typeof twoFactorLoginPath,
  logout: '/api/auth/logout',
};

/** A token, or (202) a challenge for the code step when the admin has two-factor sign-in on. */
export const login = (input: LoginRequest) =>
  apiRequest<LoginResponse | TwoFactorChallengeResponse>(authPaths.login, { method: 'POST', body: input });

/** The code step: the challenge and a code from the authenticator app or a recovery code. */
export const loginWithCode = (input: TwoFactorLoginRequest) =>
  apiRequest<LoginResponse>(authPaths.loginTwoFactor, { method: 'POST', body: input });

export const logout = () => apiRequest<MessageResponse>(authPaths.logout, { method: 'POST' });
