import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/table/data-table';
import { StatusToggle } from '../../components/table/status-toggle';
import { RowActions } from '../../components/table/row-actions';
import { useListParams } from '../../components/table/use-list-params';
import { usePaginatedQuery } from '../../components/table/use-paginated-query';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import { locationResources, type LocationKind } from './locations-api';
import { PaginatedTable } from '../../components/table/paginated-table';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { ListToolbar } from '../../components/table/list-toolbar';
import { localName } from '../../lib/local-name';

type LocationRow = { id: number; name_ar: string; name_en: string; is_active: boolean };

/**
 * One tab of the Locations screen: names plus `extraColumns`, an active toggle, edit and delete,
 * search and paging. The same component serves countries, cities and states.
 */
export function LocationTab<T extends LocationRow>({ kind, extraColumns = [] }: { kind: LocationKind; extraColumns?: Column<T>[] }) {
  const resource = locationResources[kind];
  const { t } = useTranslation('locations');
  const lng = useLanguage();
  const navigate = useNavigate();
  const params = useListParams();
  const query = usePaginatedQuery<T>(resource.key, resource.paths.list, params.query, { errorMessageKey: `locations:${resource.ns}.fetchError` });
  const remove = useResourceMutation<T>({
    resourceKey: resource.refresh,
    request: (row) => ({ path: resource.paths.destroy(row.id), method: 'DELETE' }),
    successMessage: `locations:${resource.ns}.deleted`,
  });
  const deletion = useConfirmedMutation<T>(remove);
  const formPath = `/${lng}/dashboard/${resource.formRoute}`;
  const text = (key: string) => t(`${resource.ns}.${key}`);

  const columns: Column<T>[] = [
    { id: 'name_ar', header: t('nameAr'), cell: (row) => <span lang="ar" dir="rtl">{row.name_ar}</span> },
    { id: 'name_en', header: t('nameEn'), cell: (row) => <span lang="en" dir="ltr">{row.name_en}</span> },
    ...extraColumns,
    {
      id: 'status',
      header: t('status'),
      cell: (row) => (
        <StatusToggle
          checked={row.is_active}
          label={t('toggleStatus', { name: localName(row, lng) })}
          resourceKey={resource.key}
          request={(next) => ({ path: resource.paths.status(row.id), method: 'PATCH', encoding: 'json', body: { is_active: next } })}
          successMessage={`locations:${resource.ns}.statusUpdated`}
        />
      ),
    },
    {
      id: 'actions',
      header: t('common:actions'),
      className: 'whitespace-nowrap',
      cell: (row) => (
        <RowActions
          name={localName(row, lng)}
          onEdit={() => void navigate(`${formPath}?id=${row.id}`, { state: { [resource.stateKey]: row } })}
          onDelete={() => deletion.ask(row)}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby={`${kind}-title`} data-screen={`locations-${kind}`}>
      <ListToolbar headingId={`${kind}-title`} title={text('listTitle')} searchPlaceholder={text('searchPlaceholder')}>
        <Link to={formPath} className="btn-primary">
          {text('addButton')}
        </Link>
      </ListToolbar>
      <PaginatedTable
        query={query}
        params={params}
        onPageChange={params.setPage}
        caption={text('listTitle')}
        columns={columns}
        rowKey={(row) => row.id}
        errorMessage={text('fetchError')}
        emptyMessage={text('empty')}
      />
      <ConfirmDialog
        {...deletion.dialog}
        variant="delete"
        details={deletion.target ? localName(deletion.target, lng) : undefined}
      />
    </section>
  );
}
