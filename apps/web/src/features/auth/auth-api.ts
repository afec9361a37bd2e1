import type { LoginRequest, LoginResponse, MeResponse } from '@sehha/contract/auth';
import type { MessageResponse } from '@sehha/contract/envelope';
import { apiRequest } from '../../lib/api-client';

// Fetchers only: the login screen is in the first chunk, so this file imports no query or form library.
export const authPaths = { login: '/api/auth/login', logout: '/api/auth/logout', me: '/api/auth/me' };

export const login = (input: LoginRequest) => apiRequest<LoginResponse>(authPaths.login, { method: 'POST', body: input });

export const logout = () => apiRequest<MessageResponse>(authPaths.logout, { method: 'POST' });

export const fetchMe = () => apiRequest<MeResponse>(authPaths.me);
