import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderKindSlug } from '@sehha/contract/providers';
import type { Column } from '../table/data-table';
import { SearchBox } from '../table/search-box';
import { ExportButton } from '../resource/export-button';
import { useListParams } from '../table/use-list-params';
import { usePaginatedQuery } from '../table/use-paginated-query';
import { PageHeader } from '../layout/page-header';
import type { BreadcrumbItem } from '../layout/breadcrumbs';
import { EmptyState } from '../feedback/empty-state';
import { useLanguage } from '../../lib/use-language';
import { providerScreens } from './provider-screens';
import { paths } from '../../config/paths';
import { useProvider } from './providers-api';
import { PaginatedTable } from '../table/paginated-table';
import { localName } from '../../lib/local-name';

type ProviderChildListProps<T> = {
  /** The directory the provider belongs to (breadcrumbs lead back to it). */
  slug: ProviderKindSlug;
  /** The route parameter, as it came. */
  providerId: string | undefined;
  /** Screen name, e.g. t('screens:doctorAds'). */
  title: string;
  /** Crumbs between the provider and this screen (e.g. the departments list). */
  middleCrumbs?: BreadcrumbItem[] | undefined;
  /** Under the title, e.g. the department's name. */
  subtitle?: string | undefined;
  resourceKey: string;
  /** API path of the list, from the contract. */
  path: (providerId: number) => string;
  columns: Column<T>[];
  /** i18n keys. */
  fetchErrorKey: string;
  emptyKey: string;
  searchPlaceholderKey: string;
  /** Dialogs of the screen (e.g. delete confirmation). */
  children?: ReactNode | undefined;
};

/** The one screen under a provider (ads, branches, medicines, departments, clinics, their doctors): breadcrumbs, search, table, paging. */
export function ProviderChildList<T extends { id: number }>(props: ProviderChildListProps<T>) {
  const { t } = useTranslation('providers');
  const lng = useLanguage();
  const id = Number(props.providerId);
  const validId = Number.isInteger(id) && id > 0;
  const params = useListParams();
  const provider = useProvider(validId ? id : undefined);
  const query = usePaginatedQuery<T>(props.resourceKey, validId ? props.path(id) : '', params.query, {
    errorMessageKey: props.fetchErrorKey,
    enabled: validId,
  });
  const list = paths[providerScreens[props.slug].list];
  const providerName = provider.data ? localName(provider.data, lng) : undefined;

  const breadcrumbs: BreadcrumbItem[] = [
    { label: t('screens:home'), to: paths.home.getHref(lng) },
    { label: t(`kinds.${props.slug}.title`), to: list.getHref(lng) },
    ...(providerName && provider.data ? [{ label: providerName, to: list.getHref(lng, { search: provider.data.name_en }) }] : []),
    ...(props.middleCrumbs ?? []),
    { label: props.title },
  ];

  return (
    <section data-screen={props.resourceKey}>
      <PageHeader
        title={props.title}
        description={[providerName, props.subtitle].filter(Boolean).join(' — ') || undefined}
        breadcrumbs={breadcrumbs}
      />
      {!validId || (provider.isError && !query.data) ? (
        <EmptyState tone="error" message={t('notFound')} />
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center gap-3">
            <SearchBox placeholder={t(props.searchPlaceholderKey)} />
            <div className="ms-auto">
              <ExportButton path={props.path(id)} query={params.query} />
            </div>
          </div>
          <PaginatedTable
            query={query}
            params={params}
            caption={props.title}
            columns={props.columns}
            errorMessage={t(props.fetchErrorKey)}
            emptyMessage={t(props.emptyKey)}
          />
        </>
      )}
      {props.children}
    </section>
  );
}
