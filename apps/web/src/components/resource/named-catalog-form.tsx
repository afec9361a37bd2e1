import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../layout/page-header';
import { ResourceForm } from '../form/resource-form';
import { BilingualNameFields } from '../form/bilingual-name-fields';
import { FormActions } from '../form/form-actions';
import { useResourceMutation } from '../form/use-resource-mutation';
import { useEditRecord } from '../form/use-edit-record';
import { Spinner } from '../feedback/spinner';
import { EmptyState } from '../feedback/empty-state';
import { useLanguage } from '../../lib/use-language';
import { useReturnTo } from './return-to';
import type { NamedCatalogResource, NamedItem } from './named-catalog';

type Values = { name_ar: string; name_en: string };

/** The add/edit page of a bilingual-name catalog (addSpeciality, addCategory). */
export function NamedCatalogFormPage<T extends NamedItem>({ resource, screen }: { resource: NamedCatalogResource<T>; screen: string }) {
  const { t } = useTranslation(resource.ns);
  const lng = useLanguage();
  const edit = useEditRecord<T>({ stateKey: resource.stateKey, schema: resource.item, resourceKey: resource.resourceKey, showPath: resource.paths.show });
  const listPath = useReturnTo(`/${lng}/dashboard/${resource.listRoute}`, lng);
  const title = edit.record || edit.loading ? t('editTitle') : t('addTitle');

  return (
    <section data-screen={screen}>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: t('screens:home'), to: `/${lng}/dashboard/home` },
          { label: t('listTitle'), to: listPath },
          { label: title },
        ]}
      />
      {edit.loading ? (
        <Spinner />
      ) : edit.error ? (
        <EmptyState tone="error" message={t('loadOneError')} />
      ) : (
        <NamedCatalogForm key={edit.record?.id ?? 'new'} resource={resource} editing={edit.record} listPath={listPath} title={title} />
      )}
    </section>
  );
}

function NamedCatalogForm<T extends NamedItem>({ resource, editing, listPath, title }: { resource: NamedCatalogResource<T>; editing: T | null; listPath: string; title: string }) {
  const { t } = useTranslation(resource.ns);
  const navigate = useNavigate();
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(resource.input),
    defaultValues: { name_ar: editing?.name_ar ?? '', name_en: editing?.name_en ?? '' },
  });
  const save = useResourceMutation<Values, unknown, Values>({
    resourceKey: resource.resourceKey,
    request: (values) =>
      editing ? { path: resource.paths.update(editing.id), body: values, methodOverride: 'Patch' } : { path: resource.paths.store, body: values },
    successMessage: `${resource.ns}:${editing ? 'updated' : 'added'}`,
    setError: form.setError,
    onSuccess: () => navigate(listPath),
  });
  return (
    <ResourceForm form={form} onSubmit={(values) => save.mutate(values)} label={title}>
      <BilingualNameFields arabicLabel={t('nameAr')} englishLabel={t('nameEn')} />
      <FormActions submitLabel={editing ? t('submitUpdate') : t('submitAdd')} cancelTo={listPath} busy={save.isPending} />
    </ResourceForm>
  );
}
