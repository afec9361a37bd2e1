import type { Prescription, PrescriptionReplyStatus } from '@sehha/contract/prescriptions';
import type { BadgeTone } from '../../components/feedback/tone-badge';
import type { Language } from '../../lib/language';
import { localNameOrOther } from '../../lib/local-name';

/** Spec §7: images load from `/storage/{image}`; `image` carries its short-lived signature. Null once deleted. */
export const prescriptionImageUrl = (prescription: Prescription) => (prescription.image === null ? null : `/storage/${prescription.image}`);

/** Whole days between the pharmacy's reply and the images' deletion (the retention period), when both are known. */
export const daysKeptAfterReply = (prescription: Prescription) =>
  prescription.images_purged_at && prescription.replied_at
    ? Math.max(0, Math.round((Date.parse(prescription.images_purged_at) - Date.parse(prescription.replied_at)) / 86_400_000))
    : null;

export const pharmacyNameOf = (prescription: Prescription, lng: Language) =>
  localNameOrOther(prescription.pharmacy, lng) || prescription.pharmacy.name;

/** The pharmacy's answer, or `waiting` while it has none (issue 27). */
export type ReplyStatusShown = PrescriptionReplyStatus | 'waiting';
export const replyStatusOf = (prescription: Prescription): ReplyStatusShown => prescription.reply_status ?? 'waiting';

export const replyTones: Record<ReplyStatusShown, BadgeTone> = {
  waiting: 'waiting',
  available: 'success',
  partly_available: 'neutral',
  unavailable: 'danger',
};
