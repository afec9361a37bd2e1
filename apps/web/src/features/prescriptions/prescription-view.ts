import type { Prescription } from '@sehha/contract/prescriptions';
import type { Language } from '../../lib/language';
import { localNameOrOther } from '../../lib/local-name';

/** Spec §7: images load from `/storage/{image}`; `image` carries its short-lived signature. */
export const prescriptionImageUrl = (prescription: Prescription) => `/storage/${prescription.image}`;

export const pharmacyNameOf = (prescription: Prescription, lng: Language) =>
  localNameOrOther(prescription.pharmacy, lng) || prescription.pharmacy.name;
