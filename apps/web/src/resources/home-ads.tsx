import { z } from 'zod';
import { homeAd, homeAdPaths, type HomeAd } from '@sehha/contract/home-ads';
import type { Resource, ResourceContext } from '../components/resource/resource';
import { FileInput } from '../components/form/file-input';
import { imageDimensions, imageFileField } from '../components/form/image-file';
import { formatDate, formatNumber } from '../lib/format';
import { paths } from '../config/paths';

/** The image is required when creating; when editing, no new image keeps the current one. */
const schemaFor = (editing: HomeAd | null) => z.object({ image: imageFileField(editing ? null : 'imageRequired') });
type Schema = ReturnType<typeof schemaFor>;

const number = (ad: HomeAd, { lng }: ResourceContext) => formatNumber(ad.sort_order, lng);
const thumbnailAlt = (ad: HomeAd, context: ResourceContext) => context.text('imageOf', { number: number(ad, context) });

/** Home ads: a screen of its own at `home-ads` (no search: the ads in display order), form at `addHomeAd`, texts in `home-ads`. */
export const homeAds: Resource<HomeAd, z.input<Schema>, z.output<Schema>> = {
  name: 'home-ads',
  texts: { ns: 'home-ads' },
  routes: { list: paths.homeAds.path, form: paths.addHomeAd.path },
  paths: homeAdPaths,
  actions: ['create', 'edit', 'delete'],
  item: homeAd,
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
  form: {
    schema: schemaFor,
    defaults: () => ({ image: null }),
    Fields: ({ editing, context: { text } }) => (
      <div>
        <FileInput name="image" label={text('image')} currentUrl={editing?.image_url} />
        <p className="mt-1 text-sm text-slate-600">{text('imageHint')}</p>
      </div>
    ),
    /** A portrait or square image is refused here already; the API checks again by content. */
    check: async ({ image }, setError) => {
      if (!image) return true;
      const size = await imageDimensions(image).catch(() => null);
      if (!size) setError('image', { message: 'fileTypeInvalid' }, { shouldFocus: true });
      else if (size.width <= size.height) setError('image', { message: 'imageNotHorizontal' }, { shouldFocus: true });
      return Boolean(size && size.width > size.height);
    },
  },
};
