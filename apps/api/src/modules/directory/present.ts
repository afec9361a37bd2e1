import type { SimplePage } from '../../http/paginate';
import type { UrlSigner } from '../../storage/signed-urls';

/** How long a directory photo link works: longer than an app screen stays open. */
export const photoTtlSeconds = 60 * 60;

/** A row's `photo` key as the signed link the apps load (or null), in place of the key. */
export const withPhotoUrl =
  (signer: UrlSigner) =>
  <R extends { photo: string | null }>({ photo, ...row }: R): Omit<R, 'photo'> & { photo_url: string | null } => ({
    ...row,
    photo_url: photo ? `/storage/${signer.sign(photo, photoTtlSeconds)}` : null,
  });

/** A page read with one row more than asked (see the repositories): the extra row only says that more follow. */
export function simplePage<T>(rows: T[], query: { page: number; perPage: number }): SimplePage<T> {
  return { items: rows.slice(0, query.perPage), hasMore: rows.length > query.perPage, page: query.page, perPage: query.perPage };
}
