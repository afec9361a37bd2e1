import type { DefaultValues, FieldValues } from 'react-hook-form';
import { BilingualNameFields } from '../form/bilingual-name-fields';
import type { BilingualName } from '../../lib/local-name';
import type { ResourceContext, ResourceFormPart } from './resource';

type Row = BilingualName & { id: number };

/** A bilingual-name resource's form as declared: what it has besides the Arabic and English names. */
export type NamedFormDeclaration<T extends Row, In extends FieldValues, Out extends FieldValues> = Omit<
  ResourceFormPart<T, In, Out>,
  'defaults' | 'Fields'
> & {
  /** Starting values of the fields after the names. */
  defaults?: ((editing: T | null) => Partial<In>) | undefined;
  /** Inputs after the names. */
  Fields?: ResourceFormPart<T, In, Out>['Fields'] | undefined;
};

/** The Arabic and English name inputs, labelled with the resource's texts. */
function NameFields({ text }: Pick<ResourceContext, 'text'>) {
  return <BilingualNameFields arabicLabel={text('nameAr')} englishLabel={text('nameEn')} />;
}

/** The form of a bilingual-name resource (named-resource.tsx): the two name inputs first, then the declaration's. */
export function namedForm<T extends Row, In extends FieldValues, Out extends FieldValues>({
  Fields: MoreFields,
  defaults,
  ...form
}: NamedFormDeclaration<T, In, Out>): ResourceFormPart<T, In, Out> {
  return {
    ...form,
    defaults: (editing) =>
      ({ name_ar: editing?.name_ar ?? '', name_en: editing?.name_en ?? '', ...defaults?.(editing) }) as DefaultValues<In>,
    Fields: (props) => (
      <>
        <NameFields text={props.context.text} />
        {MoreFields && <MoreFields {...props} />}
      </>
    ),
  };
}
