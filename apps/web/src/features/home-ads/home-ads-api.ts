/** Query-key root of the home ads. */
export const homeAdsKey = 'home-ads';
export const homeAdsListPath = (lng: string) => `/${lng}/dashboard/home-ads`;
