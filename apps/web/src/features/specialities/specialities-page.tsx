import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { NamedCatalogList } from '../../components/resource/named-catalog-list';
import { useLanguage } from '../../lib/use-language';
import { specialitiesResource } from './specialities-resource';

/** /{lng}/dashboard/specialities */
export default function SpecialitiesPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <section data-screen="specialities">
      <PageHeader title={t('screens:specialities')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('screens:specialities') }]} />
      <NamedCatalogList resource={specialitiesResource} />
    </section>
  );
}
