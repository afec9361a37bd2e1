import { country, countryInput, countryPaths, type Country } from '@sehha/contract/locations';
import { namedResource } from '../components/resource/named-resource';
import { TextField } from '../components/form/text-field';
import { FileInput } from '../components/form/file-input';
import { imageFileField } from '../components/form/image-file';
import { localName } from '../lib/local-name';
import { paths } from '../config/paths';

/** The flag is required when creating, optional when editing (the stored one stays). */
const schemaFor = (editing: Country | null) => countryInput.extend({ flag: imageFileField(editing ? null : 'flagImageRequired') });

/** Countries: the Countries tab of `locations`, form at `addCountery`, texts in `locations` under `country.`. */
export const countries = namedResource({
  name: 'countries',
  // A country's name shows in city and state rows.
  refreshes: ['cities', 'states'],
  texts: { ns: 'locations', prefix: 'country.' },
  routes: { list: `${paths.locations.path}?tab=countries`, form: paths.addCountry.path },
  paths: countryPaths,
  item: country,
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
  form: {
    schema: schemaFor,
    defaults: (editing) => ({ mobile_prefix: editing?.mobile_prefix ?? '', flag: null }),
    Fields: ({ editing, context: { text } }) => (
      <>
        <TextField
          name="mobile_prefix"
          label={text('mobilePrefix')}
          placeholder={text('mobilePrefixHint')}
          dir="ltr"
          inputMode="tel"
          autoComplete="off"
        />
        <FileInput name="flag" label={text('flag')} currentUrl={editing?.flag_url} />
      </>
    ),
  },
});
