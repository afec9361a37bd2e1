import { z } from 'zod';
import { pageField, perPageField, timestampFields } from './fields';
import { adminPaths } from './admin-resource';
import { envelope, paginator } from './envelope';
import { defineMessages } from './messages';

/**
 * Home-page ads (spec §2 Home Ads): one horizontal image each (PNG, JPEG or WebP, at most 5 MB,
 * wider than tall), sent as the multipart file `image` — required on create, optional on update.
 */
export const homeAd = z.object({
  id: z.number().int(),
  image: z.string(),
  image_url: z.string(),
  title: z.string().nullable(),
  link: z.string().nullable(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  ...timestampFields,
});
export type HomeAd = z.infer<typeof homeAd>;

/** No text fields (a request without a body has none at all): only the file and, on updates, `_method`. */
export const homeAdInput = z.object({}).loose().nullish();

/** Pictures only, nothing to search: the list takes its page alone. */
export const homeAdListQuery = z.object({ page: pageField, per_page: perPageField(10) });
export const homeAdResponse = envelope(homeAd);
export const homeAdListResponse = envelope(paginator(homeAd));

export const homeAdPaths = adminPaths('/api/admin/home-ads', ['show']);

/** Spec §8 texts for home ads, to the letter. */
export const homeAdMessages = defineMessages({
  added: { en: 'Home Ad added successfully!', ar: 'تمت إضافة إعلان الصفحة الرئيسية بنجاح!' },
  updated: { en: 'Home Ad Updated successfully!', ar: 'تم تحديث إعلان الصفحة الرئيسية بنجاح!' },
  deleted: { en: 'Ad Deleted', ar: 'تم حذف الإعلان' },
  notFound: { en: 'Ad not found.', ar: 'الإعلان غير موجود.' },
});
