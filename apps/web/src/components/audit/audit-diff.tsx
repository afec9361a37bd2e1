import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '@sehha/contract/audit-logs';
import { AuditTable } from './audit-frame';
import { ViewerModal } from '../dialogs/modal';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';

type Fields = Record<string, unknown>;
const asFields = (value: unknown): Fields => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One stored value as text: booleans in words, lists and objects as compact JSON, nothing as a dash. */
function Value({ value }: { value: unknown }) {
  const { t } = useTranslation('audit-logs');
  if (value === null || value === undefined || value === '') return <span className="text-slate-600">{t('noValue')}</span>;
  if (typeof value === 'boolean') return <>{value ? t('common:yes') : t('common:no')}</>;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <bdi dir="auto" className="break-all">
      {text}
    </bdi>
  );
}

/** Actions the platform takes by itself (no admin): their rows name the platform, not a removed account. */
export const systemActions: ReadonlySet<string> = new Set(['retention']);

/** "Speciality #12" in the admin's language. */
export function useRecordLabel() {
  const { t } = useTranslation('audit-logs');
  return (entry: Pick<AuditLogEntry, 'entity' | 'entity_id'>) => {
    const entity = t(`entities.${entry.entity}`, { defaultValue: entry.entity });
    return entry.entity_id ? t('recordId', { entity, id: entry.entity_id }) : entity;
  };
}

/**
 * The before/after of one change, field by field: changed fields first and marked, then the unchanged
 * ones; field names as the API's payloads name them (they are what the admin sees in the forms' errors).
 */
export function AuditDiff({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation('audit-logs');
  const before = asFields(entry.before);
  const after = asFields(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return <p className="text-slate-600">{t('noDetails')}</p>;
  const changed = keys.filter((key) => !same(before[key], after[key]));
  const kept = keys.filter((key) => same(before[key], after[key]));
  return (
    <AuditTable caption={t('changes')} headers={[t('field'), t('before'), t('after')]} data-audit-diff>
      {[...changed, ...kept].map((key) => {
        const isChanged = changed.includes(key);
        return (
          <tr key={key} data-changed={isChanged || undefined} className={isChanged ? 'bg-amber-50' : ''}>
            <th scope="row" className="px-3 py-2 text-start font-medium">
              <bdi dir="ltr">{key}</bdi>
              {!isChanged && <span className="ms-2 text-xs font-normal text-slate-600">{t('unchanged')}</span>}
            </th>
            <td className="px-3 py-2 align-top">
              <Value value={before[key]} />
            </td>
            <td className="px-3 py-2 align-top">
              <Value value={after[key]} />
            </td>
          </tr>
        );
      })}
    </AuditTable>
  );
}

/** A change opened from the log or from a record's history. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  const { t } = useTranslation('audit-logs');
  const lng = useLanguage();
  const recordLabel = useRecordLabel();
  return (
    <ViewerModal
      open={entry !== null}
      onClose={onClose}
      title={
        entry ? t('diffTitle', { action: t(`actions.${entry.action}`, { defaultValue: entry.action }), record: recordLabel(entry) }) : ''
      }
      description={
        entry
          ? t('by', {
              name: entry.actor?.name ?? t(systemActions.has(entry.action) ? 'platform' : 'unknownAdmin'),
              date: formatDateTime(entry.created_at, lng),
            })
          : undefined
      }
    >
      {entry && <AuditDiff entry={entry} />}
    </ViewerModal>
  );
}
