import type { TFunction } from 'i18next';
import {
  Building2,
  CalendarDays,
  History,
  Megaphone,
  Paperclip,
  Pill,
  Star,
  Stethoscope,
  Store,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { providerStatusTransitions, type ProviderItem, type ProviderKindSlug } from '@sehha/contract/providers';
import type { Column } from '../table/data-table';
import { RowActions } from '../table/row-actions';
import { formatDate, formatNumber } from '../../lib/format';
import { localName, otherName } from '../../lib/local-name';
import { TruncatedText } from '../text/truncated-text';
import { ReviewStatusControl } from './review-status';
import { providerScreens, type ProviderLink } from './provider-screens';
import type { ProviderDirectoryState } from './use-provider-directory';

const linkIcons: Record<ProviderLink['key'], LucideIcon> = {
  ads: Megaphone,
  appointments: CalendarDays,
  branches: Store,
  medicines: Pill,
  departments: Building2,
  clinics: Stethoscope,
};

/** A directory's columns: names, contact, country, (appointments), joined, review status, and the row's menu. */
export function providerColumns(
  slug: ProviderKindSlug,
  directory: ProviderDirectoryState,
  t: TFunction,
  lng: string,
): Column<ProviderItem>[] {
  const screen = providerScreens[slug];
  return [
    {
      id: 'name',
      header: t('columns.name'),
      // Sorted by the name the screen shows; the other language's name is the second line, one line each.
      sort: directory.nameSort,
      cell: (p) => (
        <div className="flex max-w-36 flex-col 2xl:max-w-56">
          <span className="flex min-w-0 items-center gap-1">
            <TruncatedText text={localName(p, lng)} className="font-medium text-slate-900" />
            {p.is_special && (
              <span className="shrink-0 text-amber-600" title={t('special')} data-special>
                <Star aria-hidden className="size-3.5 fill-current" />
                <span className="sr-only">{t('special')}</span>
              </span>
            )}
          </span>
          <TruncatedText text={otherName(p, lng)} lang={lng === 'ar' ? 'en' : 'ar'} className="text-xs text-slate-600" />
        </div>
      ),
    },
    {
      // Email and phone in one column (two lines) so that the directory fits 1280 px without scrolling.
      id: 'contact',
      header: t('columns.contact'),
      cell: (p) => (
        <div className="flex max-w-40 flex-col 2xl:max-w-56">
          <TruncatedText text={p.email} />
          <span className="w-fit text-xs whitespace-nowrap text-slate-600" dir="ltr" data-phone>
            {p.phone ?? t('noValue')}
          </span>
        </div>
      ),
    },
    {
      // The country, with the address under it.
      id: 'country',
      header: t('columns.country'),
      hideOnPhone: true,
      cell: (p) => (
        <div className="flex max-w-32 flex-col 2xl:max-w-48">
          {p.country ? <TruncatedText text={localName(p.country, lng)} /> : <span className="text-slate-600 italic">{t('noCountry')}</span>}
          {p.address && <TruncatedText text={p.address} className="text-xs text-slate-600" />}
        </div>
      ),
    },
    ...(screen.appointmentsColumn
      ? [
          {
            id: 'appointments',
            header: t('columns.appointments'),
            className: 'text-center',
            hideOnPhone: true,
            cell: (p: ProviderItem) => formatNumber(p.appointments_count ?? 0, lng),
          },
        ]
      : []),
    {
      id: 'joined',
      header: t('common:joined'),
      sort: 'created_at',
      sortFirst: 'desc' as const,
      className: 'whitespace-nowrap',
      hideOnPhone: true,
      cell: (p) => <time dateTime={p.created_at}>{formatDate(p.created_at, lng)}</time>,
    },
    {
      id: 'status',
      header: t('columns.status'),
      sort: 'status',
      // A width lets the transition buttons wrap under the badge instead of widening the table.
      className: 'w-40',
      cell: (p) => (
        <ReviewStatusControl
          status={p.status}
          next={directory.can.decide ? providerStatusTransitions[p.status] : []}
          name={localName(p, lng)}
          email={p.email}
          busy={directory.changeStatus.isPending && directory.changeStatus.variables?.id === p.id}
          askReasons
          onChange={(next, settled, details) =>
            directory.changeStatus.mutate(
              { id: p.id, name: localName(p, lng), status: next as Exclude<typeof next, 'pending'>, ...details },
              { onSuccess: () => settled(), onError: settled },
            )
          }
        />
      ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      headerHidden: true,
      className: 'w-12',
      cell: (p) => (
        <RowActions
          name={localName(p, lng)}
          actions={[
            ...screen.links.map((link) => ({
              key: link.key,
              label: t(`links.${link.key}`),
              icon: linkIcons[link.key],
              to: link.href(lng, p.id),
            })),
            { key: 'attachments', label: t('links.attachments'), icon: Paperclip, onSelect: () => directory.setAttachmentsOf(p) },
            {
              key: 'history',
              label: t('audit-logs:history'),
              icon: History,
              onSelect: () => directory.setHistoryOf({ entity: 'provider', id: p.id, name: localName(p, lng) }),
            },
            ...(directory.can.deactivate
              ? [
                  {
                    key: 'deactivate',
                    label: t('deactivate'),
                    icon: UserX,
                    destructive: true,
                    onSelect: () => directory.deactivation.ask({ ...p, name: localName(p, lng) }),
                  },
                ]
              : []),
          ]}
        />
      ),
    },
  ];
}
