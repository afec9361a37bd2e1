import { defineMessages } from '../../i18n/messages';

/** Spec §8 texts for specialities ("added/updated messages" are ours, in the same style). */
export const specialityMessages = defineMessages({
  added: { en: 'Speciality added successfully!', ar: 'تمت إضافة التخصص بنجاح!' },
  updated: { en: 'Speciality updated successfully!', ar: 'تم تحديث التخصص بنجاح!' },
  deleted: { en: 'Speciality Deleted', ar: 'تم حذف التخصص' },
  notFound: { en: 'Speciality not found.', ar: 'التخصص غير موجود.' },
  inUse: {
    en: 'This speciality is used by {count} doctors, departments or clinics; change their speciality before deleting it.',
    ar: 'هذا التخصص مستخدم لدى {count} من الأطباء أو الأقسام أو العيادات؛ غيّر تخصصهم قبل حذفه.',
  },
});
