import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { setLanguage } from './i18n';
import { configureApiClient } from './lib/api-client';
import { getToken } from './lib/session';
import { isLanguage, type Language } from './lib/language';
import { startTheme } from './lib/theme';
import { paths } from './config/paths';
import { documentTitle } from './lib/document-title-text';
import { Providers } from './app/providers';
import { useLanguageSwitchLabels } from './components/layout/language-switch-labels';
import { LoginScreen } from './features/auth/login-screen';

/**
 * The entry of the pages the API serves for `/{lng}/...` outside the dashboard (`index.<lng>.html`, vite.config.ts).
 * A cold visit to `/{lng}/login` renders the login screen from here: React, i18next and the form, without the router
 * and the dashboard's code (issue 13: the login page's first load). Once an admin has signed in, or for any other
 * path (`/`, `/en`, an unknown path) or an admin already signed in, it hands over to the dashboard (app/start.tsx),
 * whose router takes the page from there.
 */
const [, segment, page, ...rest] = window.location.pathname.split('/');

const startDashboard = async () => (await import('./app/start')).startApp();

if (isLanguage(segment) && page === 'login' && rest.length === 0 && !getToken()) void showLogin(segment);
else void startDashboard();

async function showLogin(lng: Language) {
  startTheme();
  configureApiClient({ getLanguage: () => lng });
  // The language's core messages are preloaded by the page; a failed fetch still renders (the keys), as in the dashboard.
  await setLanguage(lng).catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  const signedIn = async () => {
    // The dashboard's router reads the URL when its module loads: it must already be home's.
    const login = `${window.location.pathname}${window.location.search}`;
    window.history.replaceState(null, '', paths.home.getHref(lng));
    try {
      const { startApp } = await import('./app/start');
      root.unmount();
      await startApp();
    } catch (error) {
      window.history.replaceState(null, '', login);
      throw error;
    }
  };
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <LoginPage lng={lng} onSignedIn={signedIn} />
        </Providers>
      </StrictMode>,
    ),
  );
}

function LoginPage({ lng, onSignedIn }: { lng: Language; onSignedIn: () => Promise<void> }) {
  const { t } = useTranslation();
  const { other, attributes, text } = useLanguageSwitchLabels(lng);
  const title = documentTitle(t('screens:login'), t('appName'), t('titleSeparator'));
  useEffect(() => {
    document.title = title;
  }, [title]);
  // The other language's login is another page (its `<html lang dir>` and messages): a plain link loads it.
  const languageSwitch = (
    <a href={`/${other}/login${window.location.search}${window.location.hash}`} {...attributes} className="btn-secondary ">
      {text}
    </a>
  );
  return <LoginScreen languageSwitch={languageSwitch} onSignedIn={onSignedIn} />;
}
