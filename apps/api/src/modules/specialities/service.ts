import { defineMessages } from '../../i18n/messages';

/** Spec §8 texts for specialities ("added/updated messages" are ours, in the same style). */
export const specialityMessages = defineMessages({
  added: { en: 'Speciality added successfully!', ar: 'تمت إضافة التخصص بنجاح!' },
  updated: { en: 'Speciality updated successfully!', ar: 'تم تحديث التخصص بنجاح!' },
  deleted: { en: 'Speciality Deleted', ar: 'تم حذف التخصص' },
  notFound: { en: 'Speciality not found.', ar: 'التخصص غير موجود.' },
  inUse: {
    en: 'This speciality is used by {count, plural, one {# doctor, department or clinic} other {# doctors, departments or clinics}}; change their speciality before deleting it.',
    ar: 'هذا التخصص مستخدم لدى {count, plural, one {طبيب أو قسم أو عيادة واحدة} two {اثنين من الأطباء أو الأقسام أو العيادات} few {# من الأطباء أو الأقسام أو العيادات} many {# من الأطباء أو الأقسام أو العيادات} other {# من الأطباء أو الأقسام أو العيادات}}؛ غيّر تخصصهم قبل حذفه.',
  },
});
