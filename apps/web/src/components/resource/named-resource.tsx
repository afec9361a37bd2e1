import type { FieldValues } from 'react-hook-form';
import type { Column } from '../table/data-table';
import { localName, type BilingualName } from '../../lib/local-name';
import type { Resource, ResourceContext } from './resource';
import { nameColumns } from './name-columns';

type Row = BilingualName & { id: number };

/** A bilingual-name resource as declared: what it has besides its Arabic and English names. */
export type NamedResourceDeclaration<T extends Row, In extends FieldValues, Out extends FieldValues> = Omit<
  Resource<T, In, Out>,
  'list' | 'actions'
> & {
  /** Every action the API offers when not given: create, edit, delete, and the toggle with a status call. */
  actions?: Resource<T, In, Out>['actions'] | undefined;
  list: Omit<Resource<T, In, Out>['list'], 'columns' | 'rowName'> & {
    /** Columns after the two names. */
    columns?: ((context: ResourceContext) => Column<T>[]) | undefined;
  };
};

/**
 * Most resources are a bilingual name plus a little (specialities, categories, types, countries, cities,
 * states): this adds what their lists share — the two name columns, the row named in the admin's language — to
 * what the declaration gives. Their forms add the two name inputs the same way (named-form.tsx).
 */
export function namedResource<T extends Row, In extends FieldValues, Out extends FieldValues>({
  list,
  actions,
  ...resource
}: NamedResourceDeclaration<T, In, Out>): Resource<T, In, Out> {
  return {
    ...resource,
    actions: actions ?? ['create', 'edit', 'delete', ...(resource.paths.status ? (['toggle'] as const) : [])],
    list: {
      ...list,
      columns: (context) => [...nameColumns<T>(context), ...(list.columns?.(context) ?? [])],
      rowName: (row, { lng }) => localName(row, lng),
    },
  };
}
