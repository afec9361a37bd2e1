import type { Account } from '@sehha/contract/users';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/table/data-table';
import type { Language } from '../../lib/language';
import { formatDate } from '../../lib/format';
import { localName } from '../../lib/local-name';

/** Columns both account lists share; each screen adds its own. */
export function accountColumns(t: TFunction, lng: Language) {
  const value = (text: string | null) => text ?? t('noValue');
  const ltr = (text: string | null) => (
    <span dir="ltr" className="whitespace-nowrap">
      {value(text)}
    </span>
  );
  return {
    name: {
      id: 'name',
      header: t('name'),
      sort: 'name',
      cell: (user) => (
        <span dir="auto" className="font-medium">
          {user.name}
        </span>
      ),
      truncate: (user) => user.name,
    },
    email: { id: 'email', header: t('email'), cell: (user) => <span dir="ltr">{user.email}</span>, truncate: (user) => user.email },
    phone: { id: 'phone', header: t('phone'), cell: (user) => ltr(user.phone) },
    whatsappPhone: { id: 'whatsapp_phone', header: t('whatsappPhone'), cell: (user) => ltr(user.whatsapp_phone), hideOnPhone: true },
    country: {
      id: 'country',
      header: t('country'),
      cell: (user) => (user.country ? localName(user.country, lng) : t('noCountry')),
      truncate: true,
      hideOnPhone: true,
    },
    joined: {
      id: 'joined',
      header: t('common:joined'),
      sort: 'created_at',
      sortFirst: 'desc',
      className: 'whitespace-nowrap',
      hideOnPhone: true,
      cell: (user) => <time dateTime={user.created_at}>{formatDate(user.created_at, lng)}</time>,
    },
    role: { id: 'role', header: t('role'), cell: (user) => t(`roles.${user.role}`) },
  } satisfies Record<string, Column<Account>>;
}
