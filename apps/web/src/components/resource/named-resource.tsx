import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { Column } from '../table/data-table';
import { localName, type BilingualName } from '../../lib/local-name';
import type { Resource, ResourceContext } from './resource';
import { nameColumns, NameFields } from './name-columns';

type Row = BilingualName & { id: number };

/** A bilingual-name resource as declared: what it has besides its Arabic and English names. */
export type NamedResourceDeclaration<T extends Row, In extends FieldValues, Out extends FieldValues> = Omit<
  Resource<T, In, Out>,
  'list' | 'form' | 'actions'
> & {
  /** Every action the API offers when not given: create, edit, delete, and the toggle with a status call. */
  actions?: Resource<T, In, Out>['actions'] | undefined;
  list: Omit<Resource<T, In, Out>['list'], 'columns' | 'rowName'> & {
    /** Columns after the two names. */
    columns?: ((context: ResourceContext) => Column<T>[]) | undefined;
  };
  form: Omit<Resource<T, In, Out>['form'], 'defaults' | 'Fields'> & {
    /** Starting values of the fields after the names. */
    defaults?: ((editing: T | null) => Partial<In>) | undefined;
    /** Inputs after the names. */
    Fields?: Resource<T, In, Out>['form']['Fields'] | undefined;
  };
};

/**
 * Most resources are a bilingual name plus a little (specialities, categories, types, countries, cities,
 * states): this adds what they share — the two name columns and inputs, the row named in the admin's
 * language — to what the declaration gives.
 */
export function namedResource<T extends Row, In extends FieldValues, Out extends FieldValues>({
  list,
  form,
  actions,
  ...resource
}: NamedResourceDeclaration<T, In, Out>): Resource<T, In, Out> {
  const { Fields: MoreFields, defaults, ...formRest } = form;
  return {
    ...resource,
    actions: actions ?? ['create', 'edit', 'delete', ...(resource.paths.status ? (['toggle'] as const) : [])],
    list: {
      ...list,
      columns: (context) => [...nameColumns<T>(context), ...(list.columns?.(context) ?? [])],
      rowName: (row, { lng }) => localName(row, lng),
    },
    form: {
      ...formRest,
      defaults: (editing) =>
        ({ name_ar: editing?.name_ar ?? '', name_en: editing?.name_en ?? '', ...defaults?.(editing) }) as DefaultValues<In>,
      Fields: (props) => (
        <>
          <NameFields text={props.context.text} />
          {MoreFields && <MoreFields {...props} />}
        </>
      ),
    },
  };
}
