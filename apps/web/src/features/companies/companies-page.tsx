import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { useLanguage } from '../../lib/use-language';
import { ProviderDirectory } from '../providers/provider-directory';

/** /{lng}/dashboard/company */
export default function CompaniesPage() {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  return (
    <section data-screen="companies">
      <PageHeader title={t('kinds.companies.title')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('kinds.companies.title') }]} />
      <ProviderDirectory slug="companies" />
    </section>
  );
}
