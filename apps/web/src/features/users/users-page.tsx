import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userPaths, userSortColumns } from '@sehha/contract/users';
import { useCanCall } from '../../lib/can-call';
import { History, UserX } from 'lucide-react';
import { useListParams } from '../../components/table/use-list-params';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { CountConfirmDialog } from '../../components/dialogs/count-confirm-dialog';
import { useLanguage } from '../../lib/use-language';
import { accountColumns } from './account-cells';
import { useDeactivateAllUsers, useDeactivateUser, useUsers, usersKey } from './users-api';
import { useConfirmedMutation } from '../../components/dialogs/use-confirmed-mutation';
import { AccountSubject } from '../../components/dialogs/dialog-subject';
import { AccountsScreen, AllAccountsDetails } from './accounts-screen';
import { HistoryDialog, type HistorySubject } from '../../components/audit/history-dialog';
import { bulkPaths } from '@sehha/contract/bulk-actions';
import { useBulkList, useRowLabel } from '../../components/resource/bulk-selection';
import { paths } from '../../config/paths';
import { UnderListAction } from '../../components/resource/under-list-action';

/** /{lng}/dashboard/users: active ordinary users; deactivate one, some, or all (under the list). */
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
  const canCall = useCanCall();
  const canDeactivate = canCall('POST', userPaths.deactivate(':id'));
  const canDeactivateAll = canCall('POST', userPaths.deactivateAll);
  const rowLabel = useRowLabel();
  const bulk = useBulkList({
    rows: query.data?.data,
    total: query.data?.total ?? 0,
    filter: { search },
    noun: 'user',
    actions: [{ key: 'deactivate', path: bulkPaths.usersDeactivate }],
    refresh: [usersKey],
  });

  return (
    <AccountsScreen
      screen="users"
      title={t('listTitle')}
      actions={
        <Link to={paths.deactivatedUsers.getHref(lng)} className="btn-secondary">
          {t('deactivatedLink')}
        </Link>
      }
      query={query}
      params={params}
      exportFrom={{ path: userPaths.list, query: params.query }}
      columns={[cells.name, cells.email, cells.phone, cells.country, cells.joined]}
      rowActions={(user) => [
        {
          key: 'history',
          label: t('audit-logs:history'),
          icon: History,
          onSelect: () => setHistoryOf({ entity: 'user', id: user.id, name: user.name }),
        },
        ...(canDeactivate
          ? [{ key: 'deactivate', label: t('deactivate'), icon: UserX, destructive: true, onSelect: () => deactivation.ask(user) }]
          : []),
      ]}
      errorMessage={t('fetchError')}
      emptyMessage={t('empty')}
      bulk={{ selection: bulk.selection, selectionBar: bulk.selectionBar, rowLabel: (user) => rowLabel(user.name) }}
    >
      {/* Under the list, away from Export, as on the provider pages. */}
      <UnderListAction
        label={t('deactivateAll')}
        allowed={canDeactivateAll}
        disabled={!query.data || query.data.total === 0}
        notAllowedTitle={t('common:notAllowedAction')}
        onClick={() => setConfirmAll(true)}
      />
      {bulk.dialog}
      <HistoryDialog subject={historyOf} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        {...deactivation.dialog}
        variant="deactivate"
        details={deactivation.target ? <AccountSubject name={deactivation.target.name} email={deactivation.target.email} /> : undefined}
      />
      <CountConfirmDialog
        open={confirmAll}
        count={query.data?.total ?? 0}
        busy={deactivateAll.isPending}
        details={<AllAccountsDetails textKey="deactivateAllDetails" total={query.data?.total ?? 0} search={search} />}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => deactivateAll.mutate({ search }, { onSettled: () => setConfirmAll(false) })}
      />
    </AccountsScreen>
  );
}
