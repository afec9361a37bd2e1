import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { bilingualNameInput, listQuery, namedFields, timestampFields } from './fields';
import type { adminPaths } from './admin-resource';

/**
 * A catalog as the API's catalog factory (and the dashboard) read it: its paths, form, list query and
 * texts, with the record's single and paged answers (`item`, `list`) built from `record`.
 */
export function catalogContract<R extends z.ZodType, P extends object>({ record, ...parts }: P & { record: R }) {
  return { ...parts, record, item: envelope(record), list: envelope(paginator(record)) };
}

/**
 * A catalog of bilingual names and nothing else (specialities, pharmacy categories): the record and the
 * form, its Laravel-style paths (adminPaths, with `show`), a list of 10 a page, and the catalog's texts.
 */
export function namedCatalog<M extends object>(paths: ReturnType<typeof adminPaths<readonly ['show']>>, messages: M) {
  return catalogContract({
    record: z.object({ ...namedFields, ...timestampFields }),
    paths,
    input: z.object(bilingualNameInput),
    listQuery: listQuery(10),
    messages,
  });
}
