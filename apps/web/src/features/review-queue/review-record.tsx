import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeValue } from '@sehha/contract/change-requests';
import type { ReviewItem } from '@sehha/contract/review-queue';
import { AttachmentList } from '../../components/dialogs/attachment-list';
import { ToneBadge } from '../../components/feedback/tone-badge';
import { formatDate, formatDateTime } from '../../lib/format';
import { localName } from '../../lib/local-name';
import { useLanguage } from '../../lib/use-language';

/** The record's name as the reviewer reads it: the provider's, the license's provider's, or the requester's. */
export function recordName(item: ReviewItem, lng: string): string {
  if (item.record === 'provider') return localName(item.provider, lng);
  if (item.record === 'license') return localName(item.license.provider, lng);
  return item.change_request.user.name;
}

/** One field of the profile: a value in its own direction (a Latin email in the Arabic layout keeps its start). */
function Field({ label, children, ltr = false }: { label: string; children: ReactNode; ltr?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900" dir={ltr ? 'ltr' : 'auto'}>
        {children}
      </dd>
    </div>
  );
}

/** The record beside its documents: the profile (or license, or requested change) on one side, the files on the other. */
export function ReviewRecord({ item }: { item: ReviewItem }) {
  const { t } = useTranslation('review-queue');
  const lng = useLanguage();
  const none = t('noValue');
  const files =
    item.record === 'provider'
      ? item.documents.map((file) => ({ url: file.url, downloadUrl: file.download_url, name: file.name, mimeType: file.mime_type }))
      : item.record === 'license'
        ? [
            {
              url: item.license.document.url,
              downloadUrl: item.license.document.download_url,
              name: item.license.document.name,
              mimeType: item.license.document.mime_type,
            },
          ]
        : [];
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-review-record={`${item.record}:${item.id}`}>
      <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="review-profile">
        <h2 id="review-profile" className="mb-1 text-lg font-semibold text-slate-900" dir="auto">
          <bdi>{recordName(item, lng)}</bdi>
        </h2>
        <p className="mb-4 text-sm text-slate-600">{t('waitingSince', { date: formatDateTime(item.created_at, lng) })}</p>
        <dl className="grid gap-3 sm:grid-cols-2">
          {item.record === 'provider' && (
            <>
              <Field label={t('fields.kind')}>{t(`kinds.${item.queue}`)}</Field>
              <Field label={t('fields.email')} ltr>
                {item.provider.email}
              </Field>
              <Field label={t('fields.phone')} ltr>
                {item.provider.phone ?? none}
              </Field>
              <Field label={t('fields.whatsapp')} ltr>
                {item.provider.whatsapp_phone ?? none}
              </Field>
              <Field label={t('fields.address')}>{item.provider.address ?? none}</Field>
              <Field label={t('fields.country')}>{item.provider.country ? localName(item.provider.country, lng) : none}</Field>
              {item.provider.speciality && <Field label={t('fields.speciality')}>{localName(item.provider.speciality, lng)}</Field>}
            </>
          )}
          {item.record === 'license' && (
            <>
              <Field label={t('fields.provider')}>{localName(item.license.provider, lng)}</Field>
              <Field label={t('fields.kind')}>{t(`providers:kindNames.${item.license.provider.kind}`)}</Field>
              <Field label={t('fields.number')} ltr>
                {item.license.number}
              </Field>
              <Field label={t('fields.expiresOn')}>
                {formatDate(item.license.expires_on, lng)} {item.license.expired && <ToneBadge tone="danger">{t('expired')}</ToneBadge>}
              </Field>
            </>
          )}
          {item.record === 'change_request' && (
            <>
              <Field label={t('fields.requestedBy')}>{item.change_request.user.name}</Field>
              <Field label={t('fields.email')} ltr>
                {item.change_request.user.email}
              </Field>
            </>
          )}
        </dl>
        {item.record === 'change_request' && (
          <table className="mt-4 w-full text-sm">
            <thead>
              <tr className="text-start text-xs text-slate-500">
                <th className="py-1 text-start font-medium">{t('change.field')}</th>
                <th className="py-1 text-start font-medium">{t('change.current')}</th>
                <th className="py-1 text-start font-medium">{t('change.requested')}</th>
              </tr>
            </thead>
            <tbody>
              {item.change_request.changes.map((change) => (
                <tr key={change.field} className="border-t border-slate-100 align-top">
                  <th scope="row" className="py-2 pe-2 text-start font-medium">
                    {t(`change-requests:fields.${change.field}`, { defaultValue: change.field })}
                  </th>
                  <td className="break-words py-2 pe-2" dir="auto">
                    {shownValue(change.current, lng, none)}
                  </td>
                  <td className="break-words py-2 font-medium" dir="auto">
                    {shownValue(change.requested, lng, none)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {item.record !== 'change_request' && (
        <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="review-documents">
          <h2 id="review-documents" className="mb-3 text-lg font-semibold text-slate-900">
            {t('documents')}
          </h2>
          {files.length === 0 ? <p className="text-sm text-slate-600">{t('noDocuments')}</p> : <AttachmentList files={files} columns={1} />}
        </section>
      )}
    </div>
  );
}

const shownValue = (value: ChangeValue, lng: string, none: string) =>
  value === null || value === '' ? none : typeof value === 'object' ? localName(value, lng) : String(value);
