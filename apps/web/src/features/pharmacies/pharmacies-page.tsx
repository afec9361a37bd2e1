import { useTranslation } from 'react-i18next';
import { TabbedScreen } from '../../components/layout/screen';
import { ResourceList } from '../../components/resource/resource-list';
import { ProviderDirectory } from '../../components/providers/provider-directory';
import { pharmacyCategories } from '../../resources/pharmacy-categories';

/** /{lng}/dashboard/pharmacies: Pharmacies | Categories, the tab in `?tab=`. */
export default function PharmaciesPage() {
  const { t } = useTranslation('providers');
  const title = t('kinds.pharmacies.title');
  return (
    <TabbedScreen
      name="pharmacies"
      title={title}
      tabsLabel={title}
      tabs={[
        { id: 'pharmacies', label: title, content: <ProviderDirectory slug="pharmacies" /> },
        { id: 'categories', label: t('screens:categories'), content: <ResourceList resource={pharmacyCategories} /> },
      ]}
    />
  );
}
