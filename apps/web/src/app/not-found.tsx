import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileQuestion } from 'lucide-react';
import { EmptyState } from '../components/feedback/empty-state';
import { PageHeader } from '../components/layout/page-header';
import { useLanguage } from '../lib/use-language';
import { paths } from '../config/paths';

/**
 * A dashboard address that names no screen (a mistyped or outdated link): said so inside the shell, with the
 * way back, rather than sending a signed-in admin to the sign-in page as if the session had ended.
 */
export function NotFound() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <>
      <PageHeader title={t('screens:notFound')} />
      <EmptyState
        icon={FileQuestion}
        message={t('error.notFoundDetail')}
        action={
          <Link to={paths.home.getHref(lng)} className="btn-primary">
            {t('error.backHome')}
          </Link>
        }
      />
    </>
  );
}
