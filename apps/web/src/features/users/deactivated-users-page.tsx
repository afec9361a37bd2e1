import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deactivatedUserSortColumns, userPaths, type Account, type DeactivatedRole } from '@sehha/contract/users';
import { accountRoles } from '@sehha/contract/status-codes';
import { FilterSelect } from '../../components/table/filter-select';
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

// The roles from the dashboard's own status lists: the contract's users module holds zod schemas a list should not load.
const deactivatedRoles = accountRoles.filter((role): role is DeactivatedRole => role !== 'admin');
const isRole = (value: string): value is DeactivatedRole => (deactivatedRoles as readonly string[]).includes(value);

/**
 * /{lng}/dashboard/users/deactivated: deactivated accounts of every role, or of one (`?role=doctor`: a provider
 * page's "Deactivated …" link); reactivate one, the selected, or all the list shows.
 */
export default function DeactivatedUsersPage() {
  const { t } = useTranslation('users');
  const lng = useLanguage();
  const params = useListParams(deactivatedUserSortColumns, ['role']);
  const { search } = params;
  const role = isRole(params.filters.role ?? '') ? (params.filters.role as DeactivatedRole) : undefined;
  const listQuery = { ...params.query, role };
  const query = useDeactivatedUsers(listQuery);
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
    filter: { search, role },
    noun: 'account',
    actions: [{ key: 'reactivate', path: bulkPaths.usersReactivate }],
    refresh: [usersKey, 'providers'],
  });

  const close = () => setPending(null);
  const confirm = () => {
    if (pending?.kind === 'all') reactivateAll.mutate({ search, role }, { onSettled: close });
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
      title={role ? t(`deactivatedOf.${role}`) : t('deactivatedTitle')}
      filters={
        <FilterSelect
          label={t('role')}
          value={role ?? ''}
          onChange={(value) => params.setFilter('role', value)}
          allLabel={t('allRoles')}
          options={deactivatedRoles.map((value) => ({ value, label: t(`roles.${value}`) }))}
        />
      }
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
      exportFrom={{ path: userPaths.deactivated, query: listQuery }}
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
