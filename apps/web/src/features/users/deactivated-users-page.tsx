import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deactivatedUserSortColumns, userPaths, type Account } from '@sehha/contract/users';
import { useCanCall } from '../../lib/can-call';
import { UserCheck } from 'lucide-react';
import { useListParams } from '../../components/table/use-list-params';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { useLanguage } from '../../lib/use-language';
import { accountColumns } from './account-cells';
import { useDeactivatedUsers, useReactivateAllUsers, useReactivateUsers, usersKey } from './users-api';
import { AccountSubject } from '../../components/dialogs/dialog-subject';
import { AccountsScreen, AllAccountsDetails } from './accounts-screen';
import { formatNumber } from '../../lib/format';
import { bulkPaths } from '@sehha/contract/bulk-actions';
import { useBulkList, useRowLabel } from '../../components/resource/bulk-selection';
import { paths } from '../../config/paths';

/** What the confirm dialog is about to reactivate: some accounts, or all of them. */
type Pending = { kind: 'some'; accounts: Account[]; done?: () => void } | { kind: 'all' } | null;

/** /{lng}/dashboard/users/deactivated: deactivated accounts of every role; reactivate one, the selected, or all. */
export default function DeactivatedUsersPage() {
  const { t } = useTranslation('users');
  const lng = useLanguage();
  const params = useListParams(deactivatedUserSortColumns);
  const { search } = params;
  const query = useDeactivatedUsers(params.query);
  const reactivate = useReactivateUsers();
  const reactivateAll = useReactivateAllUsers();
  const [pending, setPending] = useState<Pending>(null);
  const cells = accountColumns(t, lng);
  const canCall = useCanCall();
  const canReactivate = canCall('POST', userPaths.reactivate);
  const canReactivateAll = canCall('POST', userPaths.reactivateAll);
  // The selected rows, or all matching, are reactivated through the shared bulk selection.
  const rowLabel = useRowLabel();
  const bulk = useBulkList({
    rows: query.data?.data,
    total: query.data?.total ?? 0,
    filter: { search },
    noun: 'account',
    actions: [{ key: 'reactivate', path: bulkPaths.usersReactivate }],
    refresh: [usersKey, 'providers'],
  });

  const close = () => setPending(null);
  const confirm = () => {
    if (pending?.kind === 'all') reactivateAll.mutate({ search }, { onSettled: close });
    else if (pending?.kind === 'some')
      reactivate.mutate(
        pending.accounts.map((a) => a.id),
        { onSuccess: () => pending.done?.(), onSettled: close },
      );
  };
  const details =
    pending?.kind === 'all' ? (
      <AllAccountsDetails textKey="reactivateAllDetails" total={query.data?.total ?? 0} search={search} />
    ) : pending?.accounts.length === 1 ? (
      <AccountSubject name={pending.accounts[0]!.name} email={pending.accounts[0]!.email} />
    ) : pending ? (
      t('reactivateSelectedDetails', { count: pending.accounts.length, n: formatNumber(pending.accounts.length, lng) })
    ) : undefined;

  return (
    <AccountsScreen
      screen="deactivatedUsers"
      title={t('deactivatedTitle')}
      trail={[{ label: t('listTitle'), to: paths.users.getHref(lng) }]}
      actions={
        <button
          type="button"
          className="btn-primary"
          onClick={() => setPending({ kind: 'all' })}
          disabled={!canReactivateAll || !query.data || query.data.total === 0}
          title={canReactivateAll ? undefined : t('common:notAllowedAction')}
        >
          {t('reactivateAll')}
        </button>
      }
      query={query}
      params={params}
      exportFrom={{ path: userPaths.deactivated, query: params.query }}
      columns={[cells.name, cells.email, cells.phone, cells.whatsappPhone, cells.country, cells.role]}
      rowActions={(user) =>
        canReactivate
          ? [{ key: 'reactivate', label: t('reactivate'), icon: UserCheck, onSelect: () => setPending({ kind: 'some', accounts: [user] }) }]
          : []
      }
      errorMessage={t('fetchDeactivatedError')}
      emptyMessage={t('emptyDeactivated')}
      bulk={{ selection: bulk.selection, selectionBar: bulk.selectionBar, rowLabel: (user) => rowLabel(user.name) }}
    >
      {bulk.dialog}
      <ConfirmDialog
        open={pending !== null}
        variant="deactivate"
        title={t('reactivateTitle')}
        confirmLabel={t('reactivateConfirm')}
        busy={reactivate.isPending || reactivateAll.isPending}
        details={details}
        onCancel={close}
        onConfirm={confirm}
      />
    </AccountsScreen>
  );
}
