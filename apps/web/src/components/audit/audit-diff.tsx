import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '@sehha/contract/audit-logs';
import { auditActionOf } from '@sehha/contract/audit-labels';
import { AuditTable } from './audit-frame';
import { ViewerModal } from '../dialogs/modal';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';

type Fields = Record<string, unknown>;
const asFields = (value: unknown): Fields => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The platform's time zone: moments in the log read as the platform's clock, wherever the admin is. */
export const platformTimeZone = 'Africa/Cairo';
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields whose values are codes of a vocabulary the screens name (`pending` → "Pending"). */
const labelled: Record<string, string> = {
  status: 'audit-logs:values.status',
  role: 'admins:roles',
  reason_codes: 'providers:reasons',
  missing_documents: 'providers:documents',
};

/**
 * One stored value in the screens' words: booleans as yes/no, statuses and reasons by their labels, moments in
 * the platform's time zone, numbers in the language's digits; other text as it is, isolated in its own direction
 * and wrapped between words (break-all would split Arabic words mid-word on a phone).
 */
function Value({ field, value }: { field: string; value: unknown }) {
  const { t } = useTranslation('audit-logs');
  const lng = useLanguage();
  if (value === null || value === undefined || value === '') return <span className="text-slate-600">{t('noValue')}</span>;
  if (typeof value === 'boolean') return <>{value ? t('common:yes') : t('common:no')}</>;
  const labels = labelled[field];
  const label = (code: unknown) => (labels ? t(`${labels}.${String(code)}`, { defaultValue: String(code) }) : String(code));
  if (labels && (typeof value === 'string' || typeof value === 'number')) return <>{label(value)}</>;
  if (labels && Array.isArray(value)) return <>{value.map(label).join(t('listSeparator'))}</>;
  if (typeof value === 'number') return <>{formatNumber(value, lng)}</>;
  if (typeof value === 'string' && isoTimestamp.test(value))
    return <time dateTime={value}>{formatDateTime(value, lng, { timeZone: platformTimeZone })}</time>;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return (
    <bdi dir="auto" className="break-words">
      {text}
    </bdi>
  );
}

/** A field's name in the screens' words; a field the log names no other way keeps its own name. */
function FieldName({ field }: { field: string }) {
  const { t } = useTranslation('audit-logs');
  const name = t(`fields.${field}`, { defaultValue: '' });
  return name ? <>{name}</> : <bdi dir="ltr">{field}</bdi>;
}

/** The record's name in the admin's language, when the log has one. */
export function subjectNameOf(entry: Pick<AuditLogEntry, 'subject'>, lng: string): string | null {
  return entry.subject ? (lng === 'ar' ? entry.subject.name_ar : entry.subject.name_en) : null;
}

/** Actions the platform takes by itself (no admin): their rows name the platform, not a removed account. */
export const systemActions: ReadonlySet<string> = new Set(['retention']);

/** The record by its name ("Provider Dr. Amal …"), else "Speciality #12", in the admin's language. */
export function useRecordLabel() {
  const { t } = useTranslation('audit-logs');
  const lng = useLanguage();
  return (entry: Pick<AuditLogEntry, 'entity' | 'entity_id' | 'subject'>) => {
    const entity = t(`entities.${entry.entity}`, { defaultValue: entry.entity });
    const name = subjectNameOf(entry, lng);
    if (name) return t('recordNamed', { entity, name });
    return entry.entity_id ? t('recordId', { entity, id: entry.entity_id }) : entity;
  };
}

/** A row's record in a table cell: its name (isolated: a Latin name in Arabic keeps its start), its kind beneath. */
export function RecordName({ entry }: { entry: Pick<AuditLogEntry, 'entity' | 'entity_id' | 'subject'> }) {
  const { t } = useTranslation('audit-logs');
  const lng = useLanguage();
  const recordLabel = useRecordLabel();
  const name = subjectNameOf(entry, lng);
  if (!name) return <>{recordLabel(entry)}</>;
  return (
    <span className="flex flex-col" data-record-name>
      <bdi dir="auto" className="font-medium break-words text-slate-900">
        {name}
      </bdi>
      <span className="text-xs text-slate-600">{t(`entities.${entry.entity}`, { defaultValue: entry.entity })}</span>
    </span>
  );
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
              <FieldName field={key} />
              {!isChanged && <span className="ms-2 text-xs font-normal text-slate-600">{t('unchanged')}</span>}
            </th>
            <td className="px-3 py-2 align-top">
              <Value field={key} value={before[key]} />
            </td>
            <td className="px-3 py-2 align-top">
              <Value field={key} value={after[key]} />
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
        entry
          ? t('diffTitle', { action: t(`actions.${auditActionOf(entry)}`, { defaultValue: entry.action }), record: recordLabel(entry) })
          : ''
      }
      description={
        entry
          ? t('by', {
              name: entry.actor?.name ?? t(systemActions.has(entry.action) ? 'platform' : 'unknownAdmin'),
              date: formatDateTime(entry.created_at, lng, { timeZone: platformTimeZone }),
            })
          : undefined
      }
    >
      {entry && <AuditDiff entry={entry} />}
    </ViewerModal>
  );
}
