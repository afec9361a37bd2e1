import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getToken } from '../lib/session';
import { resolveLanguage } from '../lib/language';

/** Every dashboard route needs a session; without a token go to /{lng}/login. */
export function dashboardGuard({ params }: LoaderFunctionArgs) {
  if (!getToken()) throw redirect(`/${resolveLanguage(params.lng)}/login`);
  return null;
}
