import type { z } from 'zod';

/**
 * A catalog that is only a bilingual name (specialities, pharmacy categories): one declaration
 * gives its list and its add/edit form. `ns` is its i18n namespace, which holds listTitle,
 * addButton, addTitle, editTitle, submitAdd, submitUpdate, nameAr, nameEn, searchPlaceholder,
 * empty, fetchError, loadOneError, added, updated and deleted.
 */
export type NamedCatalogResource<T extends NamedItem = NamedItem> = {
  ns: string;
  /** Query-key root: lists, options and single records of the resource. */
  resourceKey: string;
  paths: {
    list: string;
    show: (id: number) => string;
    store: string;
    update: (id: number) => string;
    destroy: (id: number) => string;
  };
  item: z.ZodType<T>;
  input: z.ZodType<{ name_ar: string; name_en: string }, { name_ar: string; name_en: string }>;
  /** Route segment of the form, e.g. 'addSpeciality'. */
  formRoute: string;
  /** Route segment of the list, e.g. 'specialities'. */
  listRoute: string;
  /** Key of the row in the form's navigation state. */
  stateKey: string;
};

export type NamedItem = { id: number; name_ar: string; name_en: string };
