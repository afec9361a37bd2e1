import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Column } from '../table/data-table';
import { RowActions } from '../table/row-actions';
import { useListParams } from '../table/use-list-params';
import { usePaginatedQuery } from '../table/use-paginated-query';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { useResourceMutation } from '../form/use-resource-mutation';
import { useLanguage } from '../../lib/use-language';
import type { NamedCatalogResource, NamedItem } from './named-catalog';
import { PaginatedTable } from '../table/paginated-table';
import { useConfirmedMutation } from '../dialogs/use-confirmed-mutation';
import { ListToolbar } from '../table/list-toolbar';
import { localName } from '../../lib/local-name';

/**
 * The list of a bilingual-name catalog: Arabic and English names, search, paging, edit and
 * delete with confirm. Edits open the form with the row in navigation state and `?id=`;
 * `returnTo` (this list's URL) lets the form come back here, e.g. to a tab of another screen.
 */
export function NamedCatalogList<T extends NamedItem>({ resource }: { resource: NamedCatalogResource<T> }) {
  const { t } = useTranslation(resource.ns);
  const lng = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useListParams();
  const query = usePaginatedQuery<T>(
    resource.resourceKey,
    resource.paths.list,
    params.query,
    { errorMessageKey: `${resource.ns}:fetchError` },
  );
  const remove = useResourceMutation<T>({
    resourceKey: resource.resourceKey,
    request: (row) => ({ path: resource.paths.destroy(row.id), method: 'DELETE' }),
    successMessage: `${resource.ns}:deleted`,
  });
  const deletion = useConfirmedMutation<T>(remove);
  const formPath = `/${lng}/dashboard/${resource.formRoute}`;
  const returnTo = `${location.pathname}${location.search}`;

  const columns: Column<T>[] = [
    { id: 'name_ar', header: t('nameAr'), cell: (row) => <span lang="ar" dir="rtl">{row.name_ar}</span> },
    { id: 'name_en', header: t('nameEn'), cell: (row) => <span lang="en" dir="ltr">{row.name_en}</span> },
    {
      id: 'actions',
      header: t('common:actions'),
      className: 'whitespace-nowrap w-40',
      cell: (row) => (
        <RowActions
          name={localName(row, lng)}
          onEdit={() => void navigate(`${formPath}?id=${row.id}`, { state: { [resource.stateKey]: row, returnTo } })}
          onDelete={() => deletion.ask(row)}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby={`${resource.listRoute}-title`} data-screen={`${resource.listRoute}-list`}>
      <ListToolbar headingId={`${resource.listRoute}-title`} title={t('listTitle')} searchPlaceholder={t('searchPlaceholder')}>
        <Link to={formPath} state={{ returnTo }} className="btn-primary">
          {t('addButton')}
        </Link>
      </ListToolbar>
      <PaginatedTable
        query={query}
        params={params}
        onPageChange={params.setPage}
        caption={t('listTitle')}
        columns={columns}
        rowKey={(row) => row.id}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
      />
      <ConfirmDialog
        {...deletion.dialog}
        variant="delete"
        details={deletion.target ? localName(deletion.target, lng) : undefined}
      />
    </section>
  );
}
