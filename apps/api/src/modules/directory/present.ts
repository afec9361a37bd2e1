import type { SimplePage } from '../../http/paginate';
/**
 * A row's `photo` key as the link the apps load (or null), in place of the key. Photos and logos are public
 * (`provider-photos/`, outside storage's private folders), like the home ads' images: no signature, and one link
 * per photo that caches stay valid for.
 */
export const withPhotoUrl = <R extends { photo: string | null }>({
  photo,
  ...row
}: R): Omit<R, 'photo'> & { photo_url: string | null } => ({
  ...row,
  photo_url: photo ? `/storage/${photo}` : null,
});

/** A page read with one row more than asked (see the repositories): the extra row only says that more follow. */
export function simplePage<T>(rows: T[], query: { page: number; perPage: number }): SimplePage<T> {
  return { items: rows.slice(0, query.perPage), hasMore: rows.length > query.perPage, page: query.page, perPage: query.perPage };
}
