import { z } from 'zod';
import { homeAd, type HomeAd } from '@sehha/contract/home-ads';
import type { ResourceFormPart } from '../components/resource/resource';
import { FileInput } from '../components/form/file-input';
import { imageDimensions, imageFileField } from '../components/form/image-file';

/** The image is required when creating; when editing, no new image keeps the current one. */
const schemaFor = (editing: HomeAd | null) => z.object({ image: imageFileField(editing ? null : 'imageRequired') });
type Schema = ReturnType<typeof schemaFor>;
export type HomeAdInput = z.input<Schema>;
export type HomeAdOutput = z.output<Schema>;

/** The home ad form (home-ads.tsx): the image, landscape. */
export const form: ResourceFormPart<HomeAd, HomeAdInput, HomeAdOutput> = {
  item: homeAd,
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
};
