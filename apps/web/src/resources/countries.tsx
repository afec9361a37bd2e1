import { countryPaths } from '@sehha/contract/locations';
import { namedResource } from '../components/resource/named-resource';
import { localName } from '../lib/local-name';
import { paths } from '../config/paths';

/** Countries: the Countries tab of `locations`, form at `addCountery` (countries.form.tsx), texts in `locations` under `country.`. */
export const countries = namedResource({
  name: 'countries',
  // A country's name shows in city and state rows.
  refreshes: ['cities', 'states'],
  texts: { ns: 'locations', prefix: 'country.' },
  routes: { list: `${paths.locations.path}?tab=countries`, form: paths.addCountry.path },
  paths: countryPaths,
  stateKey: 'country',
  list: {
    screen: 'locations-countries',
    columns: (context) => [
      {
        id: 'flag',
        header: context.text('flagColumn'),
        cell: (row) =>
          row.flag_url ? (
            <img
              src={row.flag_url}
              alt={context.text('flagOf', { name: localName(row, context.lng) })}
              className="h-6 w-9 rounded-sm border border-slate-200 object-cover"
              loading="lazy"
            />
          ) : (
            <span className="text-slate-600">{context.text('noFlag')}</span>
          ),
      },
      { id: 'mobile_prefix', header: context.text('mobilePrefix'), cell: (row) => <span dir="ltr">{row.mobile_prefix}</span> },
    ],
  },
  form: async () => (await import('./countries.form')).form,
});
