import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { country, countryInput, countryPaths, type Country } from '@sehha/contract/locations';
import { ResourceForm } from '../../components/form/resource-form';
import { BilingualNameFields } from '../../components/form/bilingual-name-fields';
import { TextField } from '../../components/form/text-field';
import { FileInput } from '../../components/form/file-input';
import { FormActions } from '../../components/form/form-actions';
import { imageFileField } from '../../components/form/image-file';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { LocationFormPage } from './location-form-page';
import { locationResources } from './locations-api';

/** The flag is required when creating, optional when editing (the stored one stays). */
const schemaFor = (editing: boolean) => countryInput.extend({ flag: imageFileField(editing ? null : 'flagImageRequired') });
type FormInput = z.input<ReturnType<typeof schemaFor>>;
type FormOutput = z.output<ReturnType<typeof schemaFor>>;

/** /{lng}/dashboard/addCountery: Arabic name, English name, mobile prefix, flag image. */
export default function AddCountryPage() {
  return (
    <LocationFormPage kind="countries" screen="addCountery" schema={country}>
      {(editing, listPath, title) => <CountryForm key={editing?.id ?? 'new'} editing={editing} listPath={listPath} title={title} />}
    </LocationFormPage>
  );
}

function CountryForm({ editing, listPath, title }: { editing: Country | null; listPath: string; title: string }) {
  const { t } = useTranslation('locations');
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schemaFor(Boolean(editing))),
    defaultValues: { name_ar: editing?.name_ar ?? '', name_en: editing?.name_en ?? '', mobile_prefix: editing?.mobile_prefix ?? '', flag: null },
  });
  const save = useResourceMutation<FormOutput, unknown, FormInput>({
    resourceKey: locationResources.countries.refresh,
    request: ({ flag, ...values }) => {
      const body = { ...values, flag: flag ?? undefined };
      return editing ? { path: countryPaths.update(editing.id), body, methodOverride: 'Patch' } : { path: countryPaths.store, body };
    },
    successMessage: `locations:country.${editing ? 'updated' : 'added'}`,
    setError: form.setError,
    onSuccess: () => navigate(listPath),
  });
  return (
    <ResourceForm form={form} onSubmit={(values) => save.mutate(values)} label={title}>
      <BilingualNameFields arabicLabel={t('nameAr')} englishLabel={t('nameEn')} />
      <TextField name="mobile_prefix" label={t('country.mobilePrefix')} placeholder={t('country.mobilePrefixHint')} dir="ltr" inputMode="tel" autoComplete="off" />
      <FileInput name="flag" label={t('country.flag')} currentUrl={editing?.flag_url} />
      <FormActions submitLabel={t(`country.${editing ? 'submitUpdate' : 'submitAdd'}`)} cancelTo={listPath} busy={save.isPending} />
    </ResourceForm>
  );
}
