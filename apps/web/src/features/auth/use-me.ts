import { useQuery } from '@tanstack/react-query';
import { fetchMe } from './auth-api';

/** The signed-in admin (header name and account menu); cached for the session. */
export const useMe = () => useQuery({ queryKey: ['auth', 'me'], queryFn: fetchMe, staleTime: Infinity, select: (body) => body.data });
