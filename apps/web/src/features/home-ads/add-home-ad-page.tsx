import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { homeAd, homeAdPaths, type HomeAd } from '@sehha/contract/home-ads';
import { PageHeader } from '../../components/layout/page-header';
import { Spinner } from '../../components/feedback/spinner';
import { EmptyState } from '../../components/feedback/empty-state';
import { ResourceForm } from '../../components/form/resource-form';
import { FileInput } from '../../components/form/file-input';
import { FormActions } from '../../components/form/form-actions';
import { imageDimensions, imageFileField } from '../../components/form/image-file';
import { useEditRecord } from '../../components/form/use-edit-record';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import { homeAdsKey, homeAdsListPath } from './home-ads-api';

/** The image is required when creating; when editing, no new image keeps the current one. */
const schemaFor = (editing: boolean) => z.object({ image: imageFileField(editing ? null : 'imageRequired') });
type FormInput = z.input<ReturnType<typeof schemaFor>>;
type FormOutput = z.output<ReturnType<typeof schemaFor>>;

/** /{lng}/dashboard/addHomeAd: one horizontal image, previewed before upload. */
export default function AddHomeAdPage() {
  const { t } = useTranslation('home-ads');
  const lng = useLanguage();
  const edit = useEditRecord<HomeAd>({ stateKey: 'ad', schema: homeAd, resourceKey: homeAdsKey, showPath: homeAdPaths.show });
  const listPath = homeAdsListPath(lng);
  const title = edit.record || edit.loading ? t('editTitle') : t('addTitle');
  return (
    <section data-screen="addHomeAd">
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
        <HomeAdForm key={edit.record?.id ?? 'new'} editing={edit.record} listPath={listPath} title={title} />
      )}
    </section>
  );
}

function HomeAdForm({ editing, listPath, title }: { editing: HomeAd | null; listPath: string; title: string }) {
  const { t } = useTranslation('home-ads');
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(schemaFor(Boolean(editing))), defaultValues: { image: null } });
  const save = useResourceMutation<FormOutput, unknown, FormInput>({
    resourceKey: homeAdsKey,
    request: ({ image }) => {
      const body = { image: image ?? undefined };
      return editing ? { path: homeAdPaths.update(editing.id), body, methodOverride: 'Patch' } : { path: homeAdPaths.store, body };
    },
    successMessage: `home-ads:${editing ? 'updated' : 'added'}`,
    setError: form.setError,
    onSuccess: () => navigate(listPath),
  });

  /** A portrait or square image is refused here already; the API checks again by content. */
  const submit = async (values: FormOutput) => {
    if (values.image) {
      const size = await imageDimensions(values.image).catch(() => null);
      if (!size) return form.setError('image', { message: 'fileTypeInvalid' }, { shouldFocus: true });
      if (size.width <= size.height) return form.setError('image', { message: 'imageNotHorizontal' }, { shouldFocus: true });
    }
    save.mutate(values);
  };

  return (
    <ResourceForm form={form} onSubmit={submit} label={title}>
      <div>
        <FileInput name="image" label={t('image')} currentUrl={editing?.image_url} />
        <p className="mt-1 text-sm text-slate-600">{t('imageHint')}</p>
      </div>
      <FormActions submitLabel={editing ? t('submitUpdate') : t('submitAdd')} cancelTo={listPath} busy={save.isPending} />
    </ResourceForm>
  );
}
