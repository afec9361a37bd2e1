import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loadLanguage } from '../i18n';
import { getToken } from '../lib/session';
import { resolveLanguage } from '../lib/language';

/**
 * Every dashboard route needs a session; without a token go to /{lng}/login. With one, the dashboard's
 * messages of the language are in before any dashboard screen renders (the dashboard's HTML preloads them).
 */
export async function dashboardGuard({ params }: LoaderFunctionArgs) {
  const lng = resolveLanguage(params.lng);
  if (!getToken()) throw redirect(`/${lng}/login`);
  await loadLanguage(lng, 'dashboard');
  return null;
}
