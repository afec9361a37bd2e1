import { useNavigate } from 'react-router';
import { useLanguage } from '../../lib/use-language';
import { useDocumentTitle } from '../../lib/document-title';
import { LanguageSwitch } from '../../components/layout/language-switch';
import { LoginScreen } from './login-screen';
import { paths } from '../../config/paths';

/**
 * `/{lng}/login` inside the dashboard's router: where a sign-out or an expired session leads. A cold visit to the
 * login page is served by its own entry (login-main.tsx) instead, without the router.
 */
export default function LoginPage() {
  const lng = useLanguage();
  const navigate = useNavigate();
  useDocumentTitle();
  return (
    <LoginScreen
      languageSwitch={<LanguageSwitch />}
      onSignedIn={async () => {
        await navigate(paths.home.getHref(lng), { replace: true });
      }}
    />
  );
}
