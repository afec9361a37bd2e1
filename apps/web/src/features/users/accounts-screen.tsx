import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginator } from '@sehha/contract/envelope';
import type { Account } from '@sehha/contract/users';
import type { BreadcrumbItem } from '../../components/layout/breadcrumbs';
import type { Column, DataTableProps } from '../../components/table/data-table';
import type { useListParams } from '../../components/table/use-list-params';
import { RowActions, type RowAction } from '../../components/table/row-actions';
import { ListScreen } from '../../components/table/list-screen';
import { SearchScopeNote } from '../../components/dialogs/dialog-subject';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';

type AccountsScreenProps = {
  screen: string;
  title: string;
  /** Crumbs between Home and the title. */
  trail?: BreadcrumbItem[] | undefined;
  /** Buttons beside the title (deactivate all, reactivate all…). */
  actions: ReactNode;
  query: UseQueryResult<Paginator<Account>>;
  params: ReturnType<typeof useListParams>;
  columns: Column<Account>[];
  /** The entries of a row's "⋯" menu. */
  rowActions: (account: Account) => RowAction[];
  errorMessage: string;
  emptyMessage: string;
  /** The list's bulk selection (components/resource/bulk-selection.tsx): checkbox column and its bar. */
  bulk?: Pick<DataTableProps<Account>, 'selection' | 'selectionBar' | 'rowLabel'> | undefined;
  /** The screen's dialogs. */
  children: ReactNode;
  /** The list's filters, after the search box. */
  filters?: ReactNode | undefined;
  /** The list's path and query, for its Export button. */
  exportFrom?: ComponentProps<typeof ListScreen>['exportFrom'];
};

/** The frame of both user screens (active and deactivated): title and actions, search box, the paged accounts and their row menus. */
export function AccountsScreen({
  screen,
  title,
  trail,
  actions,
  query,
  params,
  columns,
  rowActions,
  errorMessage,
  emptyMessage,
  bulk,
  children,
  exportFrom,
  filters,
}: AccountsScreenProps) {
  const { t } = useTranslation('users');
  const texts = { title, fetchError: errorMessage, empty: emptyMessage, searchPlaceholder: t('searchPlaceholder'), description: '' };
  return (
    <ListScreen
      name={screen}
      text={(key) => texts[key]}
      trail={trail}
      actions={actions}
      search
      filters={filters}
      query={query}
      params={params}
      columns={[
        ...columns,
        {
          id: 'actions',
          header: t('common:actions'),
          headerHidden: true,
          className: 'w-12',
          cell: (user) => <RowActions name={user.name} actions={rowActions(user)} />,
        },
      ]}
      exportFrom={exportFrom}
      {...bulk}
    >
      {children}
    </ListScreen>
  );
}

/** What an "all" confirm dialog says: how many accounts, and that only those of the current search are meant. */
export function AllAccountsDetails({
  textKey,
  total,
  search,
}: {
  textKey: 'deactivateAllDetails' | 'reactivateAllDetails';
  total: number;
  search: string;
}) {
  const { t } = useTranslation('users');
  const lng = useLanguage();
  return (
    <>
      {t(textKey, { count: total, n: formatNumber(total, lng) })}
      <SearchScopeNote search={search} />
    </>
  );
}
