import { useQuery } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse, MeResponse } from '@sehha/contract/auth';
import type { MessageResponse } from '@sehha/contract/envelope';
import { apiRequest } from '../../lib/api-client';

export const authPaths = { login: '/api/auth/login', logout: '/api/auth/logout', me: '/api/auth/me' };

export const login = (input: LoginRequest) => apiRequest<LoginResponse>(authPaths.login, { method: 'POST', body: input });

export const logout = () => apiRequest<MessageResponse>(authPaths.logout, { method: 'POST' });

export const fetchMe = () => apiRequest<MeResponse>(authPaths.me);

/** The signed-in admin (header name and account menu); cached for the session. */
export const useMe = () => useQuery({ queryKey: ['auth', 'me'], queryFn: fetchMe, staleTime: Infinity, select: (body) => body.data });
