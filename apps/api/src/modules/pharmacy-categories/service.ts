import { defineMessages } from '../../i18n/messages';

/** Spec §8 texts for pharmacy categories, to the letter. */
export const pharmacyCategoryMessages = defineMessages({
  added: { en: 'Category added successfully!', ar: 'تمت إضافة الفئة بنجاح!' },
  updated: { en: 'Category Updated successfully!', ar: 'تم تحديث الفئة بنجاح!' },
  deleted: { en: 'Category Deleted', ar: 'تم حذف الفئة' },
  notFound: { en: 'Category not found.', ar: 'الفئة غير موجودة.' },
  inUse: {
    en: 'This category is used by {count, plural, one {# medicine} other {# medicines}}; move them to another category before deleting it.',
    ar: 'هذه الفئة مستخدمة في {count, plural, one {دواء واحد} two {دواءين} few {# أدوية} many {# دواءً} other {# دواء}}؛ انقلها إلى فئة أخرى قبل حذفها.',
  },
});
