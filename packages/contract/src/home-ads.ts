import { z } from 'zod';
import { listQuery } from './fields';
import { envelope, paginator } from './envelope';

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
  created_at: z.string(),
  updated_at: z.string(),
});
export type HomeAd = z.infer<typeof homeAd>;

/** No text fields (a request without a body has none at all): only the file and, on updates, `_method`. */
export const homeAdInput = z.object({}).loose().nullish();

export const homeAdListQuery = listQuery(10);
export const homeAdResponse = envelope(homeAd);
export const homeAdListResponse = envelope(paginator(homeAd));

export const homeAdPaths = {
  list: '/api/admin/home-ads',
  show: (id: number | string) => `/api/admin/home-ads/show/${id}`,
  store: '/api/admin/home-ads/store',
  update: (id: number | string) => `/api/admin/home-ads/update/${id}`,
  destroy: (id: number | string) => `/api/admin/home-ads/delete/${id}`,
};
