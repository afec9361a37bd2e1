import type { Prescription } from '@sehha/contract/prescriptions';
import type { Language } from '../../lib/language';

/** Spec §7: images load from `/storage/{image}`; `image` carries its short-lived signature. */
export const prescriptionImageUrl = (prescription: Prescription) => `/storage/${prescription.image}`;

export const pharmacyNameOf = (prescription: Prescription, lng: Language) =>
  (lng === 'ar' ? prescription.pharmacy.name_ar || prescription.pharmacy.name_en : prescription.pharmacy.name_en || prescription.pharmacy.name_ar) ||
  prescription.pharmacy.name;
