import type { z } from 'zod';
import { catalogTexts, namedCatalog } from './catalog';
import { defineMessages } from './messages';

/** Spec §8 texts for pharmacy categories, to the letter (its "Updated" is capitalised). */
export const pharmacyCategoryMessages = defineMessages({
  ...catalogTexts({ en: 'Category', ar: 'الفئة' }),
  updated: { en: 'Category Updated successfully!', ar: 'تم تحديث الفئة بنجاح!' },
  notFound: { en: 'Category not found.', ar: 'الفئة غير موجودة.' },
  inUse: {
    en: 'This category is used by {count, plural, one {# medicine} other {# medicines}}; move them to another category before deleting it.',
    ar: 'هذه الفئة مستخدمة في {count, plural, one {دواء واحد} two {دواءين} few {# أدوية} many {# دواءً} other {# دواء}}؛ انقلها إلى فئة أخرى قبل حذفها.',
  },
});

/**
 * Pharmacy (medicine) categories (spec §2 Categories): medicines point at one. The resource as the
 * API's catalog factory (and the dashboard) read it: paths, schemas and texts.
 */
export const pharmacyCategoryCatalog = namedCatalog('/api/admin/categories', pharmacyCategoryMessages);
export const {
  record: pharmacyCategory,
  input: pharmacyCategoryInput,
  paths: pharmacyCategoryPaths,
  listQuery: pharmacyCategoryListQuery,
  item: pharmacyCategoryResponse,
  list: pharmacyCategoryListResponse,
} = pharmacyCategoryCatalog;
export type PharmacyCategory = z.infer<typeof pharmacyCategory>;
export type PharmacyCategoryInput = z.input<typeof pharmacyCategoryInput>;
