import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { UrlTabs, useUrlTab } from '../../components/layout/tabs';
import { useLanguage } from '../../lib/use-language';
import { ProviderDirectory } from '../providers/provider-directory';
import { CategoriesList } from './categories-list';

/** /{lng}/dashboard/pharmacies: Pharmacies | Categories, the tab in `?tab=`. */
export default function PharmaciesPage() {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const items = [
    { id: 'pharmacies', label: t('kinds.pharmacies.title') },
    { id: 'categories', label: t('screens:categories') },
  ];
  const active = useUrlTab(items, 'pharmacies');
  return (
    <section data-screen="pharmacies">
      <PageHeader title={t('kinds.pharmacies.title')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('kinds.pharmacies.title') }]} />
      <UrlTabs tabs={items} active={active} label={t('kinds.pharmacies.title')} />
      {active === 'categories' ? <CategoriesList /> : <ProviderDirectory slug="pharmacies" />}
    </section>
  );
}
