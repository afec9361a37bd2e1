import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import i18n, { loadLanguage } from '../i18n';
import { configureApiClient } from '../lib/api-client';
import { resolveLanguage } from '../lib/language';
import { startTheme } from '../lib/theme';
import { router } from './router';
import { Providers } from './providers';

const currentLanguage = () => resolveLanguage(window.location.pathname.split('/')[1]);

/**
 * Starts the dashboard (router, providers, API client) in #root at the current URL: run by main.tsx, the page's
 * entry, or by the login page's own entry (login-main.tsx) once an admin has signed in there.
 */
export async function startApp(): Promise<void> {
  // Before anything renders: no light flash for an admin who works in the dark theme.
  startTheme();

  configureApiClient({
    getLanguage: () => resolveLanguage(i18n.language),
    // Any 401: the client already cleared the session; go to the login screen of the current language.
    onUnauthorized: () => {
      const target = `/${currentLanguage()}/login`;
      if (window.location.pathname !== target) void router.navigate(target, { replace: true });
    },
  });

  // The page's messages first (its chunk is preloaded by the served HTML), so the first screen renders
  // in its language at once; a failed fetch still renders, and the route loader tries again.
  await loadLanguage(currentLanguage()).catch(() => undefined);
  // The first render is a transition: React renders it in slices and lets the browser breathe between
  // them, instead of one long task that delays the first input (Total Blocking Time).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}
