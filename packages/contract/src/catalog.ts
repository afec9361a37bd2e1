import { z } from 'zod';
import { envelope, paginator } from './envelope';
import { bilingualNameInput, listQuery, namedFields, timestampFields } from './fields';
import type { Message } from './messages';

type ItemPath = (id: number | string) => string;
type ItemAction = 'show' | 'status';

/**
 * The Laravel-style admin paths of a resource under `base`: `base` lists, `base/store` creates,
 * `base/update/<id>` and `base/delete/<id>` change; `base/show/<id>` and `base/status/<id>` where the spec has them.
 */
export function adminPaths<const A extends readonly ItemAction[]>(base: string, actions: A) {
  const item =
    (action: string): ItemPath =>
    (id) =>
      `${base}/${action}/${id}`;
  return {
    list: base,
    ...(actions.includes('show') ? { show: item('show') } : {}),
    store: `${base}/store`,
    update: item('update'),
    ...(actions.includes('status') ? { status: item('status') } : {}),
    destroy: item('delete'),
  } as { list: string; store: string; update: ItemPath; destroy: ItemPath } & { [K in A[number]]: ItemPath };
}

/**
 * The added / updated / deleted texts of a catalog, worded as spec §8 words them for every catalog
 * ("Speciality added successfully!", "تمت إضافة التخصص بنجاح!"), from the noun in both languages.
 */
export const catalogTexts = (noun: Message) => ({
  added: { en: `${noun.en} added successfully!`, ar: `تمت إضافة ${noun.ar} بنجاح!` },
  updated: { en: `${noun.en} updated successfully!`, ar: `تم تحديث ${noun.ar} بنجاح!` },
  deleted: { en: `${noun.en} Deleted`, ar: `تم حذف ${noun.ar}` },
});

/**
 * A catalog as the API's catalog factory (and the dashboard) read it: its paths, form, list query and
 * texts, with the record's single and paged answers (`item`, `list`) built from `record`.
 */
export function catalogContract<R extends z.ZodType, P extends object>({ record, ...parts }: P & { record: R }) {
  return { ...parts, record, item: envelope(record), list: envelope(paginator(record)) };
}

/**
 * A catalog of bilingual names and nothing else (specialities, pharmacy categories): the record and the
 * form, the Laravel-style paths under `base` (with `show`), a list of 10 a page, and the catalog's texts.
 */
export function namedCatalog<M extends object>(base: string, messages: M) {
  return catalogContract({
    record: z.object({ ...namedFields, ...timestampFields }),
    paths: adminPaths(base, ['show']),
    input: z.object(bilingualNameInput),
    listQuery: listQuery(10),
    messages,
  });
}
