import { SearchSelectField } from '../form/search-select-field';
import { localName, type BilingualName } from '../../lib/local-name';
import type { ResourceContext, ResourcePaths } from './resource';
import type { ChildOf } from './parent-resource';

type Named = BilingualName & { id: number };

/**
 * The form side of a named resource that belongs to another (parent-resource.tsx): the `<key>_id` value and a picker
 * that searches the parent on the server (there may be thousands). Texts: `<key>` and `<key>Placeholder`.
 */
export function parentField<K extends string, P extends Named>(
  key: K,
  parent: { name: string; paths: Pick<ResourcePaths, 'list'> },
  hint: (row: P, lng: string) => string,
) {
  const idKey = `${key}_id` as const;
  return {
    defaults: (editing: ChildOf<K> | null) => ({ [idKey]: editing?.[idKey] ?? '' }),
    Field: ({ editing, context: { text, lng } }: { editing: ChildOf<K> | null; context: ResourceContext }) => (
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
