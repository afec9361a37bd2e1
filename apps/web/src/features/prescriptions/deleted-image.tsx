import { useTranslation } from 'react-i18next';
import type { Prescription } from '@sehha/contract/prescriptions';
import { formatDate } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { daysKeptAfterReply } from './prescription-view';

/** In place of a thumbnail whose images the retention job deleted: how long they were kept, and when they went. */
export function DeletedImage({ prescription }: { prescription: Prescription }) {
  const { t } = useTranslation('prescriptions');
  const lng = useLanguage();
  const days = daysKeptAfterReply(prescription);
  return (
    <p
      className="flex min-h-24 w-32 flex-col justify-center rounded-lg bg-slate-50 p-2 text-xs text-slate-700 ring-1 ring-slate-200"
      data-image-deleted
    >
      <span>{days === null ? t('imageDeleted') : t('imageDeletedAfterReply', { count: days })}</span>
      {prescription.images_purged_at && (
        <span className="mt-1 text-slate-600">{t('imageDeletedOn', { date: formatDate(prescription.images_purged_at, lng) })}</span>
      )}
    </p>
  );
}
