import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { city, cityInput, cityPaths, countryPaths, type City, type Country } from '@sehha/contract/locations';
import { ResourceForm } from '../../components/form/resource-form';
import { BilingualNameFields } from '../../components/form/bilingual-name-fields';
import { SearchSelectField } from '../../components/form/search-select-field';
import { FormActions } from '../../components/form/form-actions';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import { LocationFormPage } from './location-form-page';
import { countriesKey, locationResources } from './locations-api';
import { localName } from '../../lib/local-name';

type FormInput = z.input<typeof cityInput>;
type FormOutput = z.output<typeof cityInput>;

/** /{lng}/dashboard/addCity: Arabic name, English name and the country, searched on the server. */
export default function AddCityPage() {
  return (
    <LocationFormPage kind="cities" screen="addCity" schema={city}>
      {(editing, listPath, title) => <CityForm key={editing?.id ?? 'new'} editing={editing} listPath={listPath} title={title} />}
    </LocationFormPage>
  );
}

function CityForm({ editing, listPath, title }: { editing: City | null; listPath: string; title: string }) {
  const { t } = useTranslation('locations');
  const lng = useLanguage();
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(cityInput),
    defaultValues: { name_ar: editing?.name_ar ?? '', name_en: editing?.name_en ?? '', country_id: editing?.country_id ?? '' },
  });
  const save = useResourceMutation<FormOutput, unknown, FormInput>({
    resourceKey: locationResources.cities.refresh,
    request: (values) => (editing ? { path: cityPaths.update(editing.id), body: values, methodOverride: 'Patch' } : { path: cityPaths.store, body: values }),
    successMessage: `locations:city.${editing ? 'updated' : 'added'}`,
    setError: form.setError,
    onSuccess: () => navigate(listPath),
  });
  return (
    <ResourceForm form={form} onSubmit={(values) => save.mutate(values)} label={title}>
      <BilingualNameFields arabicLabel={t('nameAr')} englishLabel={t('nameEn')} />
      <SearchSelectField<Country>
        name="country_id"
        label={t('city.country')}
        placeholder={t('city.countryPlaceholder')}
        resourceKey={countriesKey}
        path={countryPaths.list}
        toOption={(row) => ({ id: row.id, label: localName(row, lng), hint: row.mobile_prefix })}
        initialOption={editing ? { id: editing.country.id, label: localName(editing.country, lng) } : null}
      />
      <FormActions submitLabel={t(`city.${editing ? 'submitUpdate' : 'submitAdd'}`)} cancelTo={listPath} busy={save.isPending} />
    </ResourceForm>
  );
}
