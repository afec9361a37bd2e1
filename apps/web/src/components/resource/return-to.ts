import { useLocation } from 'react-router';

/**
 * Where a form goes back to: the list it was opened from (`state.returnTo`, an in-app path of
 * the same language only) or the resource's own list.
 */
export function useReturnTo(fallback: string, lng: string): string {
  const location = useLocation();
  const asked = (location.state as { returnTo?: unknown } | null)?.returnTo;
  return typeof asked === 'string' && asked.startsWith(`/${lng}/dashboard/`) && !asked.startsWith('//') ? asked : fallback;
}
