import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { Column } from '../table/data-table';
import { RowActions } from '../table/row-actions';
import { StatusToggle } from '../table/status-toggle';
import { useListParams } from '../table/use-list-params';
import { usePaginatedQuery } from '../table/use-paginated-query';
import { PaginatedTable } from '../table/paginated-table';
import { ListToolbar } from '../table/list-toolbar';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { useConfirmedMutation } from '../dialogs/use-confirmed-mutation';
import { useResourceMutation } from '../form/use-resource-mutation';
import { Screen } from '../layout/screen';
import { actionCall, dashboardPath, refreshKeys, textKeys, type Resource } from './resource';
import { useCanCall } from '../../lib/can-call';
import { useResourceContext } from './use-resource-text';
import { ExportButton } from './export-button';

type Row = { id: number; is_active?: boolean };

/**
 * The one list of a declared resource: its columns, an active toggle (action `toggle`), edit and
 * delete with confirm (actions `edit`, `delete`), the add button (`create`), search and paging in
 * the URL. With a search box, it is a section headed by a toolbar (a screen or a tab of one shows
 * it); without, it is a whole screen headed by its title, with the add button beside it.
 */
export function ResourceList<T extends Row, In extends FieldValues, Out extends FieldValues>({
  resource,
}: {
  resource: Resource<T, In, Out>;
}) {
  const context = useResourceContext(resource.texts);
  const { text, lng } = context;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useListParams();
  const key = (name: string) => textKeys(resource.texts, name)[0]!;
  const search = resource.list.search ?? true;
  const canCall = useCanCall();
  // What the resource offers and the admin's role allows: a viewer sees the list without its actions.
  const can = (action: Resource<T, In, Out>['actions'][number]) => {
    const call = actionCall(resource.paths, action);
    return resource.actions.includes(action) && call !== undefined && canCall(call.method, call.path);
  };
  const query = usePaginatedQuery<T>(
    resource.name,
    resource.paths.list,
    search ? params.query : { page: params.page, per_page: params.perPage },
    {
      errorMessageKey: key('fetchError'),
    },
  );
  const remove = useResourceMutation<T>({
    resourceKey: refreshKeys(resource),
    request: (row) => ({ path: resource.paths.destroy(row.id), method: 'DELETE' }),
    successMessage: key('deleted'),
  });
  const deletion = useConfirmedMutation<T>(remove);
  const formPath = dashboardPath(lng, resource.routes.form);
  const opener = resource.list.returnToOpener ? { returnTo: `${location.pathname}${location.search}` } : undefined;
  const edit = (row: T) =>
    void navigate(resource.paths.show ? `${formPath}?id=${row.id}` : formPath, { state: { [resource.stateKey]: row, ...opener } });
  const status = resource.paths.status;

  const columns: Column<T>[] = [
    ...resource.list.columns(context),
    ...(can('toggle') && status
      ? [
          {
            id: 'status',
            header: text('status'),
            cell: (row: T) => (
              <StatusToggle
                checked={row.is_active ?? false}
                label={text('toggleStatus', { name: resource.list.rowName(row, context) })}
                resourceKey={resource.name}
                request={(next) => ({ path: status(row.id), method: 'PATCH', encoding: 'json', body: { is_active: next } })}
                successMessage={key('statusUpdated')}
              />
            ),
          },
        ]
      : []),
    {
      id: 'actions',
      header: t('common:actions'),
      className: resource.list.actionsClassName ?? 'whitespace-nowrap',
      cell: (row) => (
        <RowActions
          name={resource.list.rowName(row, context)}
          onEdit={can('edit') ? () => edit(row) : undefined}
          onDelete={can('delete') ? () => deletion.ask(row) : undefined}
        />
      ),
    },
  ];

  const exportButton = <ExportButton path={resource.paths.list} query={search ? params.query : {}} />;
  const addButton = can('create') ? (
    <Link to={formPath} state={opener} className="btn-primary">
      {text('addButton')}
    </Link>
  ) : undefined;
  const table = (
    <>
      <PaginatedTable
        query={query}
        params={params}
        caption={text('listTitle')}
        columns={columns}
        errorMessage={text('fetchError')}
        emptyMessage={text('empty')}
      />
      <ConfirmDialog
        {...deletion.dialog}
        variant="delete"
        details={deletion.target ? (resource.list.deleteDetails ?? resource.list.rowName)(deletion.target, context) : undefined}
      />
    </>
  );

  if (!search) {
    return (
      <Screen
        name={resource.list.screen}
        title={text('listTitle')}
        actions={
          <>
            {exportButton}
            {addButton}
          </>
        }
      >
        {table}
      </Screen>
    );
  }
  return (
    <section aria-labelledby={`${resource.name}-title`} data-screen={resource.list.screen}>
      <ListToolbar headingId={`${resource.name}-title`} title={text('listTitle')} searchPlaceholder={text('searchPlaceholder')}>
        {exportButton}
        {addButton}
      </ListToolbar>
      {table}
    </section>
  );
}

/** A screen that is one resource's list under the screen's title (specialities, categories). */
export function ResourceListScreen<T extends Row, In extends FieldValues, Out extends FieldValues>({
  resource,
  title,
}: {
  resource: Resource<T, In, Out>;
  /** i18n key of the screen's title, e.g. 'screens:specialities'. */
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <Screen name={resource.routes.list} title={t(title)}>
      <ResourceList resource={resource} />
    </Screen>
  );
}
