import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { cityPaths, state, stateInput, statePaths, type City, type State } from '@sehha/contract/locations';
import { ResourceForm } from '../../components/form/resource-form';
import { BilingualNameFields } from '../../components/form/bilingual-name-fields';
import { SearchSelectField } from '../../components/form/search-select-field';
import { FormActions } from '../../components/form/form-actions';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import { LocationFormPage } from './location-form-page';
import { citiesKey, locationResources } from './locations-api';
import { localName } from '../../lib/local-name';

type FormInput = z.input<typeof stateInput>;
type FormOutput = z.output<typeof stateInput>;

/** /{lng}/dashboard/addState: Arabic name, English name and the city, searched on the server (there may be thousands). */
export default function AddStatePage() {
  return (
    <LocationFormPage kind="states" screen="addState" schema={state}>
      {(editing, listPath, title) => <StateForm key={editing?.id ?? 'new'} editing={editing} listPath={listPath} title={title} />}
    </LocationFormPage>
  );
}

function StateForm({ editing, listPath, title }: { editing: State | null; listPath: string; title: string }) {
  const { t } = useTranslation('locations');
  const lng = useLanguage();
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(stateInput),
    defaultValues: { name_ar: editing?.name_ar ?? '', name_en: editing?.name_en ?? '', city_id: editing?.city_id ?? '' },
  });
  const save = useResourceMutation<FormOutput, unknown, FormInput>({
    resourceKey: locationResources.states.refresh,
    request: (values) => (editing ? { path: statePaths.update(editing.id), body: values, methodOverride: 'Patch' } : { path: statePaths.store, body: values }),
    successMessage: `locations:state.${editing ? 'updated' : 'added'}`,
    setError: form.setError,
    onSuccess: () => navigate(listPath),
  });
  return (
    <ResourceForm form={form} onSubmit={(values) => save.mutate(values)} label={title}>
      <BilingualNameFields arabicLabel={t('nameAr')} englishLabel={t('nameEn')} />
      <SearchSelectField<City>
        name="city_id"
        label={t('state.city')}
        placeholder={t('state.cityPlaceholder')}
        resourceKey={citiesKey}
        path={cityPaths.list}
        toOption={(row) => ({ id: row.id, label: localName(row, lng), hint: localName(row.country, lng) })}
        initialOption={editing ? { id: editing.city.id, label: localName(editing.city, lng) } : null}
      />
      <FormActions submitLabel={t(`state.${editing ? 'submitUpdate' : 'submitAdd'}`)} cancelTo={listPath} busy={save.isPending} />
    </ResourceForm>
  );
}
