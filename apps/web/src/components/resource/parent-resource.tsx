import type { Column } from '../table/data-table';
import { SearchSelectField } from '../form/search-select-field';
import { localName, type BilingualName } from '../../lib/local-name';
import type { ResourceContext, ResourcePaths } from './resource';

type Named = BilingualName & { id: number };

/**
 * What a named resource that belongs to another shows of it (a city's country, a state's city): a column
 * with the parent's name, the `<key>_id` form value, and a picker that searches the parent on the server
 * (there may be thousands). Texts: `<key>` and `<key>Placeholder`.
 */
export function parentResource<K extends string, P extends Named>(
  key: K,
  parent: { name: string; paths: Pick<ResourcePaths, 'list'> },
  hint: (row: P, lng: string) => string,
) {
  type Child = Record<K, Named> & Record<`${K}_id`, number>;
  const idKey = `${key}_id` as const;
  return {
    column: <T extends Child>({ text, lng }: ResourceContext): Column<T> => ({
      id: key,
      header: text(key),
      cell: (row) => localName(row[key], lng),
    }),
    defaults: (editing: Child | null) => ({ [idKey]: editing?.[idKey] ?? '' }),
    Field: ({ editing, context: { text, lng } }: { editing: Child | null; context: ResourceContext }) => (
      <SearchSelectField<P>
        name={idKey}
        label={text(key)}
        placeholder={text(`${key}Placeholder`)}
        resourceKey={parent.name}
        path={parent.paths.list}
        toOption={(row) => ({ id: row.id, label: localName(row, lng), hint: hint(row, lng) })}
        initialOption={editing ? { id: editing[key].id, label: localName(editing[key], lng) } : null}
      />
    ),
  };
}
