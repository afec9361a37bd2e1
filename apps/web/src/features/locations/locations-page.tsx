import { useTranslation } from 'react-i18next';
import type { City, Country, State } from '@sehha/contract/locations';
import { PageHeader } from '../../components/layout/page-header';
import { UrlTabs, useUrlTab } from '../../components/layout/tabs';
import { useLanguage } from '../../lib/use-language';
import { LocationTab } from './location-tab';
import type { LocationKind } from './locations-api';
import { localName } from '../../lib/local-name';

/** /{lng}/dashboard/locations: Countries | Cities | States, the tab in `?tab=` (survives a reload). */
export default function LocationsPage() {
  const { t } = useTranslation('locations');
  const lng = useLanguage();
  const items = [
    { id: 'countries', label: t('tabCountries') },
    { id: 'cities', label: t('tabCities') },
    { id: 'states', label: t('tabStates') },
  ];
  const active = useUrlTab(items, 'countries') as LocationKind;

  return (
    <section data-screen="locations">
      <PageHeader title={t('screens:locations')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('screens:locations') }]} />
      <UrlTabs tabs={items} active={active} label={t('tabsLabel')} />
      {active === 'countries' && (
        <LocationTab<Country>
          key="countries"
          kind="countries"
          extraColumns={[
            {
              id: 'flag',
              header: t('country.flagColumn'),
              cell: (row) =>
                row.flag_url ? (
                  <img src={row.flag_url} alt={t('country.flagOf', { name: localName(row, lng) })} className="h-6 w-9 rounded-sm border border-slate-200 object-cover" loading="lazy" />
                ) : (
                  <span className="text-slate-600">{t('country.noFlag')}</span>
                ),
            },
            { id: 'mobile_prefix', header: t('country.mobilePrefix'), cell: (row) => <span dir="ltr">{row.mobile_prefix}</span> },
          ]}
        />
      )}
      {active === 'cities' && (
        <LocationTab<City> key="cities" kind="cities" extraColumns={[{ id: 'country', header: t('city.country'), cell: (row) => localName(row.country, lng) }]} />
      )}
      {active === 'states' && <LocationTab<State> key="states" kind="states" extraColumns={[{ id: 'city', header: t('state.city'), cell: (row) => localName(row.city, lng) }]} />}
    </section>
  );
}
