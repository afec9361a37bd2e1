import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { useLanguage } from '../../lib/use-language';
import { ProviderDirectory } from '../providers/provider-directory';

/** /{lng}/dashboard/doctors */
export default function DoctorsPage() {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  return (
    <section data-screen="doctors">
      <PageHeader title={t('kinds.doctors.title')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('kinds.doctors.title') }]} />
      <ProviderDirectory slug="doctors" />
    </section>
  );
}
