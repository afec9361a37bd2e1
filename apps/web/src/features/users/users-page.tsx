import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userSortColumns, type Account } from '@sehha/contract/users';
import { History, UserX } from 'lucide-react';
import { PageHeader } from '../../components/layout/page-header';
import type { Column } from '../../components/table/data-table';
import { SearchBox } from '../../components/table/search-box';
import { useListParams } from '../../components/table/use-list-params';
import { RowActions } from '../../components/table/row-actions';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useLanguage } from '../../lib/use-language';
import { accountColumns } from './account-cells';
import { useDeactivateAllUsers, useDeactivateUser, useUsers } from './users-api';
import { PaginatedTable } from '../../components/table/paginated-table';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { AccountSubject, SearchScopeNote } from '../../components/dialogs/dialog-subject';
import { formatNumber } from '../../lib/format';
import { HistoryDialog, type HistorySubject } from '../../components/audit/history-dialog';

/** /{lng}/dashboard/users: active ordinary users; deactivate one or all. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const lng = useLanguage();
  const params = useListParams(userSortColumns);
  const { search, setPage } = params;
  const query = useUsers(params.query);
  const deactivate = useDeactivateUser();
  const deactivation = useConfirmedMutation(deactivate);
  const deactivateAll = useDeactivateAllUsers();
  const [confirmAll, setConfirmAll] = useState(false);
  const [historyOf, setHistoryOf] = useState<HistorySubject | null>(null);
  const cells = accountColumns(t, lng);
  const total = query.data?.total ?? 0;

  const columns: Column<Account>[] = [
    cells.name,
    cells.email,
    cells.phone,
    cells.country,
    cells.joined,
    {
      id: 'actions',
      header: t('common:actions'),
      headerHidden: true,
      className: 'w-12',
      cell: (user) => (
        <RowActions
          name={user.name}
          actions={[
            { key: 'history', label: t('audit:history'), icon: History, onSelect: () => setHistoryOf({ entity: 'user', id: user.id, name: user.name }) },
            { key: 'deactivate', label: t('deactivate'), icon: UserX, destructive: true, onSelect: () => deactivation.ask(user) },
          ]}
        />
      ),
    },
  ];

  return (
    <section data-screen="users">
      <PageHeader
        title={t('listTitle')}
        breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('listTitle') }]}
        actions={
          <>
            <Link to={`/${lng}/dashboard/users/deactivated`} className="btn-secondary">
              {t('deactivatedLink')}
            </Link>
            <button type="button" className="btn-danger" onClick={() => setConfirmAll(true)} disabled={!query.data || query.data.total === 0}>
              {t('deactivateAll')}
            </button>
          </>
        }
      />
      <div className="mb-4">
        <SearchBox placeholder={t('searchPlaceholder')} />
      </div>
      <PaginatedTable
        query={query}
        params={params}
        onPageChange={setPage}
        caption={t('listTitle')}
        columns={columns}
        rowKey={(user) => user.id}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
      />
      <HistoryDialog subject={historyOf} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        {...deactivation.dialog}
        variant="deactivate"
        details={deactivation.target ? <AccountSubject name={deactivation.target.name} email={deactivation.target.email} /> : undefined}
      />
      <ConfirmDialog
        open={confirmAll}
        variant="deactivate"
        busy={deactivateAll.isPending}
        details={
          <>
            {t('deactivateAllDetails', { count: total, n: formatNumber(total, lng) })}
            <SearchScopeNote search={search} />
          </>
        }
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => deactivateAll.mutate({ search }, { onSettled: () => setConfirmAll(false) })}
      />
    </section>
  );
}
