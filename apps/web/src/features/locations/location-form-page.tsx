import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageHeader } from '../../components/layout/page-header';
import { Spinner } from '../../components/feedback/spinner';
import { EmptyState } from '../../components/feedback/empty-state';
import { useEditRecord } from '../../components/form/use-edit-record';
import { useLanguage } from '../../lib/use-language';
import { locationResources, locationsListPath, type LocationKind } from './locations-api';

type LocationFormPageProps<T extends { id: number }> = {
  kind: LocationKind;
  screen: string;
  schema: z.ZodType<T>;
  /** The form, given the record to edit (null = create), the list to go back to and the title. */
  children: (editing: T | null, listPath: string, title: string) => ReactNode;
};

/** Header, breadcrumbs and edit-record loading shared by addCountery, addCity and addState. */
export function LocationFormPage<T extends { id: number }>({ kind, screen, schema, children }: LocationFormPageProps<T>) {
  const resource = locationResources[kind];
  const { t } = useTranslation('locations');
  const lng = useLanguage();
  const edit = useEditRecord<T>({ stateKey: resource.stateKey, schema, resourceKey: resource.key, showPath: resource.paths.show });
  const listPath = locationsListPath(lng, kind);
  const title = t(`${resource.ns}.${edit.record || edit.loading ? 'editTitle' : 'addTitle'}`);
  return (
    <section data-screen={screen}>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: t('screens:home'), to: `/${lng}/dashboard/home` },
          { label: t('screens:locations'), to: listPath },
          { label: title },
        ]}
      />
      {edit.loading ? <Spinner /> : edit.error ? <EmptyState tone="error" message={t(`${resource.ns}.loadOneError`)} /> : children(edit.record, listPath, title)}
    </section>
  );
}
