import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../lib/permissions';

/** The signed-in admin (header name and account menu); cached for the session. */
export const useMe = () => useQuery({ ...meQuery, select: (body) => body.data });
