import type { Message } from './messages';

/*
 * The parts of an admin resource's contract that build no schema: its paths and its texts. Apart from catalog.ts,
 * whose factories build zod schemas, so that a list screen taking a resource's paths does not bring zod.
 */

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
