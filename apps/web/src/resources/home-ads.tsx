import { homeAdPaths, type HomeAd } from '@sehha/contract/home-ads';
import type { Resource, ResourceContext } from '../components/resource/resource';
import { formatDate, formatNumber } from '../lib/format';
import { paths } from '../config/paths';
import type { HomeAdInput, HomeAdOutput } from './home-ads.form';

const number = (ad: HomeAd, { lng }: ResourceContext) => formatNumber(ad.sort_order, lng);
const thumbnailAlt = (ad: HomeAd, context: ResourceContext) => context.text('imageOf', { number: number(ad, context) });

/** Home ads: a screen of its own at `home-ads` (no search: the ads in display order), form at `addHomeAd` (home-ads.form.tsx), texts in `home-ads`. */
export const homeAds: Resource<HomeAd, HomeAdInput, HomeAdOutput> = {
  name: 'home-ads',
  texts: { ns: 'home-ads' },
  routes: { list: paths.homeAds.path, form: paths.addHomeAd.path },
  paths: homeAdPaths,
  actions: ['create', 'edit', 'delete'],
  stateKey: 'ad',
  list: {
    screen: 'home-ads',
    search: false,
    columns: (context) => [
      {
        id: 'image',
        header: context.text('image'),
        cell: (ad) => (
          <a href={ad.image_url} target="_blank" rel="noreferrer">
            <img
              src={ad.image_url}
              alt={thumbnailAlt(ad, context)}
              loading="lazy"
              className="h-16 w-48 rounded border border-slate-200 object-cover"
            />
          </a>
        ),
      },
      { id: 'order', header: context.text('order'), cell: (ad) => number(ad, context) },
      { id: 'created_at', header: context.text('addedOn'), cell: (ad) => formatDate(ad.created_at, context.lng) },
    ],
    rowName: (ad, context) => context.text('adName', { number: number(ad, context) }),
    deleteDetails: (ad, context) => <img src={ad.image_url} alt={thumbnailAlt(ad, context)} className="mt-2 max-h-24 rounded" />,
  },
  form: async () => (await import('./home-ads.form')).form,
};
