import { institutionType, institutionTypeInput } from '@sehha/contract/institution-types';
import { namedForm } from '../components/resource/named-form';
import { SwitchField } from '../components/form/switch-field';

/** The institution type form (institution-types.tsx): the two names and whether it is a medical institution. */
export const form = namedForm({
  item: institutionType,
  schema: () => institutionTypeInput,
  defaults: (editing) => ({ medical_under_instituted: editing?.medical_under_instituted ?? false }),
  Fields: ({ context: { text } }) => (
    <SwitchField name="medical_under_instituted" label={text('medicalUnderInstituted')} hint={text('medicalUnderInstitutedHint')} />
  ),
});
