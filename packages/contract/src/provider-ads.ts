import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { listQuery } from './fields';

/** Ads a doctor, medical institution, medical center or company runs (spec §2 Doctor Ads and the other ads screens). */
export const providerAd = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  title_ar: z.string(),
  title_en: z.string(),
  /** Public URL of the horizontal image. */
  image: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type ProviderAd = z.infer<typeof providerAd>;

export const providerAdListQuery = listQuery(10);
export const providerAdListResponse = envelope(paginator(providerAd));

export const providerAdPaths = {
  list: (providerId: number | string) => `/api/admin/providers/ads/${providerId}`,
  destroy: (id: number | string) => `/api/admin/providers/ads/delete/${id}`,
};
