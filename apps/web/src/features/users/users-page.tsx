import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Account } from '@sehha/contract/users';
import { PageHeader } from '../../components/layout/page-header';
import type { Column } from '../../components/table/data-table';
import { SearchBox } from '../../components/table/search-box';
import { useListParams } from '../../components/table/use-list-params';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useLanguage } from '../../lib/use-language';
import { accountColumns } from './account-cells';
import { useDeactivateAllUsers, useDeactivateUser, useUsers } from './users-api';
import { PaginatedTable } from '../../components/table/paginated-table';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';

/** /{lng}/dashboard/users: active ordinary users; deactivate one or all. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const lng = useLanguage();
  const { page, search, setPage } = useListParams();
  const query = useUsers({ page, search });
  const deactivate = useDeactivateUser();
  const deactivation = useConfirmedMutation(deactivate);
  const deactivateAll = useDeactivateAllUsers();
  const [confirmAll, setConfirmAll] = useState(false);
  const cells = accountColumns(t, lng);

  const columns: Column<Account>[] = [
    cells.name,
    cells.email,
    cells.phone,
    cells.country,
    {
      id: 'actions',
      header: t('common:actions'),
      className: 'whitespace-nowrap',
      cell: (user) => (
        <button type="button" className="btn-link text-red-700" aria-label={t('deactivateRow', { name: user.name })} onClick={() => deactivation.ask(user)}>
          {t('deactivate')}
        </button>
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
        onPageChange={setPage}
        caption={t('listTitle')}
        columns={columns}
        rowKey={(user) => user.id}
        errorMessage={t('fetchError')}
        emptyMessage={t('empty')}
      />
      <ConfirmDialog
        {...deactivation.dialog}
        variant="deactivate"
        details={deactivation.target ? `${deactivation.target.name} (${deactivation.target.email})` : undefined}
      />
      <ConfirmDialog
        open={confirmAll}
        variant="deactivate"
        busy={deactivateAll.isPending}
        details={t('deactivateAllDetails')}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => deactivateAll.mutate(undefined, { onSettled: () => setConfirmAll(false) })}
      />
    </section>
  );
}
