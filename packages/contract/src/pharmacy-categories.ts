import type { z } from 'zod';
import { adminPaths, catalogTexts } from './admin-resource';
import { namedCatalog } from './catalog';
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

/** Its admin paths, apart from the schemas (admin-resource.ts: a list screen needs these alone). */
export const pharmacyCategoryPaths = adminPaths('/api/admin/categories', ['show']);

/**
 * Pharmacy (medicine) categories (spec §2 Categories): medicines point at one. The resource as the
 * API's catalog factory (and the dashboard) read it: paths, schemas and texts.
 */
export const pharmacyCategoryCatalog = namedCatalog(pharmacyCategoryPaths, pharmacyCategoryMessages);
export const pharmacyCategory = pharmacyCategoryCatalog.record;
export const pharmacyCategoryInput = pharmacyCategoryCatalog.input;
export const pharmacyCategoryListQuery = pharmacyCategoryCatalog.listQuery;
export const pharmacyCategoryResponse = pharmacyCategoryCatalog.item;
export const pharmacyCategoryListResponse = pharmacyCategoryCatalog.list;
export type PharmacyCategory = z.infer<typeof pharmacyCategory>;
export type PharmacyCategoryInput = z.input<typeof pharmacyCategoryInput>;
