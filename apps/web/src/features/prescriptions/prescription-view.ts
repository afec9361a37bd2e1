import type { Prescription, PrescriptionReplyStatus } from '@sehha/contract/prescriptions';
import type { BadgeTone } from '../../components/feedback/tone-badge';
import type { Language } from '../../lib/language';
import { localNameOrOther } from '../../lib/local-name';

/** Spec §7: images load from `/storage/{image}`; `image` carries its short-lived signature. */
export const prescriptionImageUrl = (prescription: Prescription) => `/storage/${prescription.image}`;

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
