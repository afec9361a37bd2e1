import type { Column } from '../table/data-table';
import { localName, type BilingualName } from '../../lib/local-name';
import type { ResourceContext } from './resource';

type Named = BilingualName & { id: number };

/** A row that belongs to a parent resource under `key` (a city's `country`, with its `country_id`). */
export type ChildOf<K extends string> = Record<K, Named> & Record<`${K}_id`, number>;

/**
 * The column of a named resource that belongs to another (a city's country, a state's city): the parent's name in
 * the admin's language, under the text `<key>`. Its form's picker is parentField (parent-field.tsx).
 */
export const parentColumn =
  <K extends string>(key: K) =>
  <T extends ChildOf<K>>({ text, lng }: ResourceContext): Column<T> => ({
    id: key,
    header: text(key),
    cell: (row) => localName(row[key], lng),
  });
