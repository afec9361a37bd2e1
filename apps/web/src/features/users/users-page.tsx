import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userSortColumns } from '@sehha/contract/users';
import { History, UserX } from 'lucide-react';
import { useListParams } from '../../components/table/use-list-params';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useLanguage } from '../../lib/use-language';
import { accountColumns } from './account-cells';
import { useDeactivateAllUsers, useDeactivateUser, useUsers } from './users-api';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { AccountSubject } from '../../components/dialogs/dialog-subject';
import { AccountsScreen, AllAccountsDetails } from './accounts-screen';
import { HistoryDialog, type HistorySubject } from '../../components/audit/history-dialog';

/** /{lng}/dashboard/users: active ordinary users; deactivate one or all. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const lng = useLanguage();
  const params = useListParams(userSortColumns);
  const { search } = params;
  const query = useUsers(params.query);
  const deactivate = useDeactivateUser();
  const deactivation = useConfirmedMutation(deactivate);
  const deactivateAll = useDeactivateAllUsers();
  const [confirmAll, setConfirmAll] = useState(false);
  const [historyOf, setHistoryOf] = useState<HistorySubject | null>(null);
  const cells = accountColumns(t, lng);

  return (
    <AccountsScreen
      screen="users"
      title={t('listTitle')}
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
      query={query}
      params={params}
      columns={[cells.name, cells.email, cells.phone, cells.country, cells.joined]}
      rowActions={(user) => [
        {
          key: 'history',
          label: t('audit:history'),
          icon: History,
          onSelect: () => setHistoryOf({ entity: 'user', id: user.id, name: user.name }),
        },
        { key: 'deactivate', label: t('deactivate'), icon: UserX, destructive: true, onSelect: () => deactivation.ask(user) },
      ]}
      errorMessage={t('fetchError')}
      emptyMessage={t('empty')}
    >
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
        details={<AllAccountsDetails textKey="deactivateAllDetails" total={query.data?.total ?? 0} search={search} />}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => deactivateAll.mutate({ search }, { onSettled: () => setConfirmAll(false) })}
      />
    </AccountsScreen>
  );
}
