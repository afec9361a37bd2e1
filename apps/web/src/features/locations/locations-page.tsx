import { useTranslation } from 'react-i18next';
import { TabbedScreen } from '../../components/layout/screen';
import { ResourceList } from '../../components/resource/resource-list';
import { countries } from '../../resources/countries';
import { cities } from '../../resources/cities';
import { states } from '../../resources/states';

/** /{lng}/dashboard/locations: Countries | Cities | States, the tab in `?tab=` (survives a reload). */
export default function LocationsPage() {
  const { t } = useTranslation('locations');
  const tabs = [
    { id: 'countries', label: t('tabCountries'), content: <ResourceList resource={countries} /> },
    { id: 'cities', label: t('tabCities'), content: <ResourceList resource={cities} /> },
    { id: 'states', label: t('tabStates'), content: <ResourceList resource={states} /> },
  ] as const;
  return <TabbedScreen name="locations" title={t('screens:locations')} tabs={tabs} tabsLabel={t('tabsLabel')} />;
}
