import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import i18n, { loadLanguage } from './i18n';
import './index.css';
import { router } from './app/router';
import { Providers } from './app/providers';
import { configureApiClient } from './lib/api-client';
import { resolveLanguage } from './lib/language';
import { startTheme } from './lib/theme';

// Before anything renders: no light flash for an admin who works in the dark theme.
startTheme();

const currentLanguage = () => resolveLanguage(window.location.pathname.split('/')[1]);

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
// The first render is a transition: React renders it in slices and lets the browser breathe between
// them, instead of one long task that delays the first input (Total Blocking Time).
void loadLanguage(currentLanguage())
  .catch(() => undefined)
  .then(() => {
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
  });
