import { useId } from 'react';
import { useFieldArray, useForm, useFormContext, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { subscriptionPlanInput, type Plan, type PlanValues } from '@sehha/contract/subscription-plans';
import { subscriptionPlans } from '../../resources/subscription-plans';
import { ResourceForm } from '../../components/form/resource-form';
import { BilingualNameFields } from '../../components/form/bilingual-name-fields';
import { TextField } from '../../components/form/text-field';
import { DateField } from '../../components/form/date-field';
import { FieldError, fieldErrorId, FormField, useFieldInvalid } from '../../components/form/field-error';
import { invalidAria } from '../../components/form/field-frame';
import { FormActions } from '../../components/form/form-actions';
import { useResourceMutation } from '../../components/form/use-resource-mutation';
import { planFormBody } from './subscription-plans-api';

/** What the inputs hold (text); the contract's schema turns it into PlanValues. */
export type PlanFormValues = {
  name_ar: string;
  name_en: string;
  price: string;
  period_unit: 'week' | 'months';
  period_length: string;
  description_ar: string;
  description_en: string;
  available_from: string;
  features: { title_ar: string; title_en: string }[];
};

const emptyFeature = { title_ar: '', title_en: '' };

const initialValues = (plan: Plan | null): PlanFormValues => ({
  name_ar: plan?.name_ar ?? '',
  name_en: plan?.name_en ?? '',
  price: plan ? String(plan.price) : '',
  period_unit: plan?.period_unit ?? 'months',
  period_length: plan ? String(plan.period_length) : '1',
  description_ar: plan?.description_ar ?? '',
  description_en: plan?.description_en ?? '',
  available_from: plan?.available_from ?? '',
  features: plan?.features.map(({ title_ar, title_en }) => ({ title_ar, title_en })) ?? [{ ...emptyFeature }],
});

function PeriodUnitField() {
  const { t } = useTranslation('subscription-plans');
  const id = useId();
  const { register } = useFormContext<PlanFormValues>();
  const aria = invalidAria(useFieldInvalid('period_unit'), fieldErrorId('period_unit'));
  return (
    <FormField id={id} name="period_unit" label={t('periodUnit')}>
      <select id={id} className="input" {...aria} {...register('period_unit')}>
        <option value="week">{t('units.week')}</option>
        <option value="months">{t('units.months')}</option>
      </select>
    </FormField>
  );
}

/** The dynamic list of features: add and remove controls; at least one feature stays. */
function FeatureList() {
  const { t } = useTranslation('subscription-plans');
  const { control } = useFormContext<PlanFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'features' });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="label">{t('features')}</legend>
      <FieldError name="features" id={fieldErrorId('features')} />
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-lg border border-slate-200 p-3" aria-label={t('feature', { index: index + 1 })}>
            <div className="grid items-start gap-3 md:grid-cols-[1fr_1fr_auto]">
              <TextField name={`features.${index}.title_ar`} label={t('featureTitleAr')} dir="rtl" lang="ar" autoComplete="off" />
              <TextField name={`features.${index}.title_en`} label={t('featureTitleEn')} dir="ltr" lang="en" autoComplete="off" />
              <button
                type="button"
                className="btn-secondary md:mt-6"
                aria-label={t('removeFeature', { index: index + 1 })}
                disabled={fields.length === 1}
                onClick={() => remove(index)}
              >
                <span aria-hidden>✕</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <button type="button" className="btn-secondary" onClick={() => append({ ...emptyFeature })} disabled={fields.length >= 20}>
          + {t('addFeature')}
        </button>
      </div>
    </fieldset>
  );
}

type PlanFormProps = { plan: Plan | null; title: string; listPath: string; onSaved: () => void };

/** Adds a plan, or edits `plan`. Validation is the contract's schema, on both sides. */
export function PlanForm({ plan, title, listPath, onSaved }: PlanFormProps) {
  const { t } = useTranslation('subscription-plans');
  const form = useForm<PlanFormValues, unknown, PlanValues>({
    resolver: zodResolver(subscriptionPlanInput) as unknown as Resolver<PlanFormValues, unknown, PlanValues>,
    defaultValues: initialValues(plan),
  });
  const save = useResourceMutation<PlanValues, unknown, PlanFormValues>({
    resourceKey: subscriptionPlans.name,
    request: (values) =>
      plan
        ? { path: subscriptionPlans.paths.update(plan.id), body: planFormBody(values), methodOverride: 'PATCH' }
        : { path: subscriptionPlans.paths.store, body: planFormBody(values) },
    successMessage: plan ? 'subscription-plans:updated' : 'subscription-plans:added',
    errorMessage: plan ? 'subscription-plans:updateError' : 'subscription-plans:addError',
    alwaysErrorMessage: true,
    setError: form.setError,
    onSuccess: onSaved,
  });

  return (
    <ResourceForm form={form} onSubmit={(values) => save.mutate(values)} label={title}>
      <BilingualNameFields arabicLabel={t('nameAr')} englishLabel={t('nameEn')} />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField name="price" label={t('price')} type="number" inputMode="decimal" dir="ltr" />
        <PeriodUnitField />
        <TextField name="period_length" label={t('periodLength')} type="number" inputMode="numeric" dir="ltr" />
      </div>
      <FeatureList />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField name="description_ar" label={t('descriptionAr')} dir="rtl" lang="ar" />
        <TextField name="description_en" label={t('descriptionEn')} dir="ltr" lang="en" />
      </div>
      <DateField name="available_from" label={t('availableFrom')} />
      <FormActions submitLabel={plan ? t('submitUpdate') : t('submitAdd')} cancelTo={listPath} busy={save.isPending} />
    </ResourceForm>
  );
}
