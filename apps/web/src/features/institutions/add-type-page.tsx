import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { institutionType, institutionTypeInput, institutionTypePaths } from '@sehha/contract/institution-types';
import { PageHeader } from '../../components/layout/page-header';
import { ResourceForm } from '../../components/form/resource-form';
import { BilingualNameFields } from '../../components/form/bilingual-name-fields';
import { SwitchField } from '../../components/form/switch-field';
import { FormActions } from '../../components/form/form-actions';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import { institutionTypesKey } from './institution-types-api';

type FormInput = z.input<typeof institutionTypeInput>;
type FormOutput = z.output<typeof institutionTypeInput>;

/** /{lng}/dashboard/addType: creates a type, or edits the one passed in navigation state (`{ type }`). */
export default function AddTypePage() {
  const { t } = useTranslation('types');
  const lng = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const parsed = institutionType.safeParse((location.state as { type?: unknown } | null)?.type);
  const editing = parsed.success ? parsed.data : null;
  const listPath = `/${lng}/dashboard/hospitals?tab=types`;

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(institutionTypeInput),
    defaultValues: {
      name_ar: editing?.name_ar ?? '',
      name_en: editing?.name_en ?? '',
      medical_under_instituted: editing?.medical_under_instituted ?? false,
    },
  });

  const save = useResourceMutation<FormOutput, unknown, FormInput>({
    resourceKey: institutionTypesKey,
    request: (values) =>
      editing
        ? { path: institutionTypePaths.update(editing.id), body: values, methodOverride: 'Patch' }
        : { path: institutionTypePaths.store, body: values },
    successMessage: editing ? 'types:updated' : 'types:added',
    setError: form.setError,
    onSuccess: () => navigate(listPath),
  });

  const title = editing ? t('editTitle') : t('addTitle');
  return (
    <section data-screen="addType">
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: t('screens:home'), to: `/${lng}/dashboard/home` },
          { label: t('screens:hospitals'), to: listPath },
          { label: title },
        ]}
      />
      <ResourceForm form={form} onSubmit={(values) => save.mutate(values)} label={title}>
        <BilingualNameFields arabicLabel={t('nameAr')} englishLabel={t('nameEn')} />
        <SwitchField name="medical_under_instituted" label={t('medicalUnderInstituted')} hint={t('medicalUnderInstitutedHint')} />
        <FormActions submitLabel={editing ? t('submitUpdate') : t('submitAdd')} cancelTo={listPath} busy={save.isPending} />
      </ResourceForm>
    </section>
  );
}
