import { country, countryInput, type Country } from '@sehha/contract/locations';
import { namedForm } from '../components/resource/named-form';
import { TextField } from '../components/form/text-field';
import { FileInput } from '../components/form/file-input';
import { imageFileField } from '../components/form/image-file';

/** The flag is required when creating, optional when editing (the stored one stays). */
const schemaFor = (editing: Country | null) => countryInput.extend({ flag: imageFileField(editing ? null : 'flagImageRequired') });

/** The country form (countries.tsx): the two names, the dialling code and the flag. */
export const form = namedForm({
  item: country,
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
});
