import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { useLanguage } from '../../lib/use-language';
import { ProviderDirectory } from '../providers/provider-directory';

/** /{lng}/dashboard/medical-center */
export default function MedicalCentersPage() {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  return (
    <section data-screen="medical-centers">
      <PageHeader
        title={t('kinds.medical-centers.title')}
        breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('kinds.medical-centers.title') }]}
      />
      <ProviderDirectory slug="medical-centers" />
    </section>
  );
}
