import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogPaths, type AuditEntity, type AuditLogEntry } from '@sehha/contract/audit-logs';
import { AuditTable } from './audit-frame';
import { ViewerModal } from '../dialogs/modal';
import { EmptyState } from '../feedback/empty-state';
import { Spinner } from '../feedback/spinner';
import { Pagination } from '../table/pagination';
import { usePaginatedQuery } from '../table/use-paginated-query';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { auditActionOf } from '@sehha/contract/audit-labels';
import { AuditDiff, platformTimeZone } from './audit-diff';
import { auditLogKey } from './audit-log-api';

export type HistorySubject = { entity: AuditEntity; id: number; name: string };

/**
 * A record's history (provider, account, change request…): its audit entries newest first, ten a page,
 * each opening the before/after of its fields in place.
 */
export function HistoryDialog({ subject, onClose }: { subject: HistorySubject | null; onClose: () => void }) {
  const { t } = useTranslation('audit-logs');
  return (
    <ViewerModal open={subject !== null} onClose={onClose} title={subject ? t('historyOf', { name: subject.name }) : ''}>
      {subject && <HistoryEntries subject={subject} />}
    </ViewerModal>
  );
}

function HistoryEntries({ subject }: { subject: HistorySubject }) {
  const { t } = useTranslation('audit-logs');
  const lng = useLanguage();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = usePaginatedQuery<AuditLogEntry>(
    auditLogKey,
    auditLogPaths.history(subject.entity, subject.id),
    { page, per_page: 10 },
    { errorMessageKey: 'audit-logs:fetchError' },
  );
  if (query.isPending) return <Spinner />;
  if (query.isError) return <EmptyState tone="error" message={t('fetchError')} />;
  if (query.data.data.length === 0) return <EmptyState message={t('historyEmpty')} />;
  return (
    <>
      <AuditTable caption={t('history')} headers={[t('when'), t('admin'), t('action'), { hidden: t('changes') }]} data-history>
        {query.data.data.map((entry) => (
          <Fragment key={entry.id}>
            <tr>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, lng, { timeZone: platformTimeZone })}</time>
              </td>
              <td className="px-3 py-2">
                <bdi>{entry.actor?.name ?? t('unknownAdmin')}</bdi>
              </td>
              <td className="px-3 py-2">{t(`actions.${auditActionOf(entry)}`, { defaultValue: entry.action })}</td>
              <td className="px-3 py-2 text-end">
                <button
                  type="button"
                  className="btn-link"
                  aria-expanded={open === entry.id}
                  onClick={() => setOpen(open === entry.id ? null : entry.id)}
                >
                  {t('viewChanges')}
                </button>
              </td>
            </tr>
            {open === entry.id && (
              <tr>
                <td colSpan={4} className="bg-slate-50 px-3 py-2">
                  <AuditDiff entry={entry} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </AuditTable>
      <Pagination paginator={query.data} onPageChange={setPage} disabled={query.isPlaceholderData} />
    </>
  );
}
