import { z } from 'zod';
import { bilingualNameInput, dateField, namedFields, timestampFields } from './fields';
import { adminPaths, catalogTexts } from './admin-resource';
import { envelope } from './envelope';
import { planPeriodUnitSchema, planPeriodUnits } from './status-codes';
import { defineMessages } from './messages';

/** Subscription plans (spec §3): names, price per period (week or months), features, date, description. */
export const subscriptionPlanFeature = z.object({
  id: z.number().int(),
  title_ar: z.string(),
  title_en: z.string(),
  sort_order: z.number().int(),
});

export const plan = z.object({
  ...namedFields,
  price: z.number(),
  currency: z.string(),
  period_unit: planPeriodUnitSchema,
  period_length: z.number().int(),
  description_ar: z.string().nullable(),
  description_en: z.string().nullable(),
  available_from: z.string().nullable(),
  features: z.array(subscriptionPlanFeature),
  /** Subscriptions that still reference the plan (any status): deleting it archives it instead. */
  subscriptions_count: z.number().int(),
  ...timestampFields,
});
export type Plan = z.infer<typeof plan>;

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** A blank or missing number is not 0: it stays undefined, which the number schema refuses with its message. */
const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

const featureTitle = z
  .string({ error: 'featureTitleRequired' })
  .trim()
  .min(2, { error: 'featureTitleRequired' })
  .max(255, { error: 'nameMax' });

export const subscriptionPlanFeatureInput = z.object({ title_ar: featureTitle, title_en: featureTitle });

export const subscriptionPlanInput = z.object({
  ...bilingualNameInput,
  price: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'priceInvalid' })
      .min(0, { error: 'priceInvalid' })
      .max(1_000_000, { error: 'priceInvalid' })
      .refine((value) => Math.round(value * 100) === value * 100 || Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
        error: 'priceInvalid',
      }),
  ),
  period_unit: z.enum(planPeriodUnits, { error: 'periodUnitInvalid' }),
  period_length: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'periodLengthInvalid' })
      .int({ error: 'periodLengthInvalid' })
      .min(1, { error: 'periodLengthInvalid' })
      .max(52, { error: 'periodLengthInvalid' }),
  ),
  description_ar: z.preprocess(emptyToNull, z.string().trim().max(1000, { error: 'descriptionTooLong' }).nullable().optional()),
  description_en: z.preprocess(emptyToNull, z.string().trim().max(1000, { error: 'descriptionTooLong' }).nullable().optional()),
  available_from: z.preprocess(emptyToNull, dateField.nullable().optional()),
  features: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : value),
    z
      .array(subscriptionPlanFeatureInput, { error: 'featuresRequired' })
      .min(1, { error: 'featuresRequired' })
      .max(20, { error: 'featuresTooMany' }),
  ),
});
export type SubscriptionPlanInput = z.input<typeof subscriptionPlanInput>;
export type PlanValues = z.output<typeof subscriptionPlanInput>;

export const subscriptionPlanListResponse = envelope(z.array(plan));
export const subscriptionPlanResponse = envelope(plan);
/** A delete answers whether the plan was removed or, having subscribers, archived. */
export const subscriptionPlanDeleteResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), archived: z.boolean() }),
});

/** The Laravel-style paths, except `show`, which has no `show/` segment. */
export const subscriptionPlanPaths = { ...adminPaths('/api/admin/plans', []), show: (id: number | string) => `/api/admin/plans/${id}` };

export const subscriptionPlanMessages = defineMessages({
  ...catalogTexts({ en: 'Plan', ar: 'الباقة' }),
  archived: {
    en: 'Plan archived: {count, plural, one {# subscription uses} other {# subscriptions use}} it, so it is kept for their history and no longer offered.',
    ar: 'تمت أرشفة الباقة: {count, plural, one {يستخدمها اشتراك واحد} two {يستخدمها اشتراكان} few {يستخدمها # اشتراكات} many {يستخدمها # اشتراكًا} other {يستخدمها # اشتراك}}، لذا تُحفظ لسجلها ولن تُعرض بعد الآن.',
  },
  notFound: { en: 'Subscription plan not found.', ar: 'باقة الاشتراك غير موجودة.' },
});
