import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import i18n from './i18n';
import './index.css';
import { router } from './app/router';
import { Providers } from './app/providers';
import { configureApiClient } from './lib/api-client';
import { resolveLanguage } from './lib/language';

const currentLanguage = () => resolveLanguage(window.location.pathname.split('/')[1]);

configureApiClient({
  getLanguage: () => resolveLanguage(i18n.language),
  // Any 401: the client already cleared the session; go to the login screen of the current language.
  onUnauthorized: () => {
    const target = `/${currentLanguage()}/login`;
    if (window.location.pathname !== target) void router.navigate(target, { replace: true });
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
