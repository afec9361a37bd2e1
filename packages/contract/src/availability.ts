import { z } from 'zod';
import { envelope } from './envelope';
import { dateField, idParam } from './fields';
import { defineMessages } from './messages';

/**
 * A doctor's booking hours (issue 27): weekly wall-clock ranges in the schedule's zone, dated exceptions, and the
 * free slots computed from them (`GET /api/v1/directory/doctors/{id}/slots`). Times are 'HH:MM' (24 h).
 */

/** 'HH:MM', 00:00–23:59. */
export const wallClockField = z.string({ error: 'invalid' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'invalid' });

/** An IANA zone the runtime knows (Intl), e.g. Africa/Cairo. */
export const timeZoneField = z
  .string({ error: 'invalid' })
  .max(64, { error: 'invalid' })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return zone.includes('/') || zone === 'UTC';
      } catch {
        return false;
      }
    },
    { error: 'invalid' },
  );

const optionalId = idParam.optional();

const range = z.object({ start: wallClockField, end: wallClockField }).refine((value) => value.end > value.start, {
  error: 'invalid',
  path: ['end'],
});

export const availabilityHoursInput = z
  .object({
    time_zone: timeZoneField.optional(),
    slot_minutes: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(5, { error: 'invalid' }).max(240, { error: 'invalid' }),
    horizon_days: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(365, { error: 'invalid' }),
    min_notice_minutes: z
      .number({ error: 'invalid' })
      .int({ error: 'invalid' })
      .min(0, { error: 'invalid' })
      .max(10080, { error: 'invalid' })
      .optional(),
    hours: z
      .array(
        z
          .object({
            weekday: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'invalid' }).max(6, { error: 'invalid' }),
            start: wallClockField,
            end: wallClockField,
            unit_id: optionalId,
          })
          .refine((value) => value.end > value.start, { error: 'invalid', path: ['end'] }),
        { error: 'invalid' },
      )
      .max(70, { error: 'invalid' }),
    /** A hospital or medical center names the doctor (of one of its units) whose hours these are. */
    doctor_id: optionalId,
  })
  .strict();
export type AvailabilityHoursInput = z.infer<typeof availabilityHoursInput>;

export const availabilityExceptionInput = z
  .object({
    date: dateField,
    /** The day's own ranges; none (or empty) = a day off. */
    ranges: z.array(range, { error: 'invalid' }).max(12, { error: 'invalid' }).optional(),
    doctor_id: optionalId,
    unit_id: optionalId,
  })
  .strict();
export type AvailabilityExceptionInput = z.infer<typeof availabilityExceptionInput>;

export const availabilityQuery = z.object({ doctor_id: optionalId });
export const availabilityExceptionParams = z.object({ date: dateField });

const hoursRow = z.object({ weekday: z.number().int(), start: z.string(), end: z.string(), unit_id: z.number().int().nullable() });
const exceptionRow = z.object({
  date: z.string(),
  ranges: z.array(z.object({ start: z.string(), end: z.string() })),
  unit_id: z.number().int().nullable(),
});

export const availability = z.object({
  doctor_id: z.number().int(),
  time_zone: z.string(),
  slot_minutes: z.number().int(),
  horizon_days: z.number().int(),
  min_notice_minutes: z.number().int(),
  hours: z.array(hoursRow),
  /** Today's and later exceptions. */
  exceptions: z.array(exceptionRow),
});
export type Availability = z.infer<typeof availability>;
export const availabilityResponse = envelope(availability);

/** `?from=&to=` (local dates in the doctor's zone): from defaults to today, to to from + 6 days; at most 31 days. */
export const maxSlotDays = 31;
export const slotsQuery = z.object({ from: dateField.optional(), to: dateField.optional() });

const facilityRef = z.object({
  id: z.number().int(),
  name_ar: z.string(),
  name_en: z.string(),
  unit: z.object({ id: z.number().int(), name_ar: z.string(), name_en: z.string() }),
});
export const slot = z.object({
  /** ISO 8601 with the zone's offset at that instant, e.g. 2026-04-24T09:00:00+03:00. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** Where the visit takes place when the range is at a hospital's department or a medical center's clinic. */
  facility: facilityRef.nullable(),
});
export type Slot = z.infer<typeof slot>;
export const slotDays = z.object({
  doctor_id: z.number().int(),
  time_zone: z.string(),
  slot_minutes: z.number().int(),
  days: z.array(z.object({ date: z.string(), slots: z.array(slot) })),
});
export const slotsResponse = envelope(slotDays);

export const availabilityMessages = defineMessages({
  saved: { en: 'Your hours were saved.', ar: 'تم حفظ مواعيد العمل.' },
  exceptionSaved: { en: 'The day was saved.', ar: 'تم حفظ اليوم.' },
  exceptionRemoved: { en: 'The day follows the weekly hours again.', ar: 'عاد اليوم إلى مواعيد العمل الأسبوعية.' },
  noProfile: {
    en: 'Complete your provider application before setting hours.',
    ar: 'أكمل طلب الانضمام كمقدم خدمة قبل تحديد مواعيد العمل.',
  },
  doctorRequired: { en: 'Name the doctor of one of your units.', ar: 'حدد طبيبًا من أحد أقسامك.' },
  doctorNotYours: { en: 'This doctor does not work in your units.', ar: 'هذا الطبيب لا يعمل في أقسامك.' },
  unitNotYours: { en: 'This unit is not one where this doctor works for you.', ar: 'هذا القسم ليس من أقسامك التي يعمل بها هذا الطبيب.' },
  unitRequired: { en: 'Name the unit where the doctor works in these hours.', ar: 'حدد القسم الذي يعمل فيه الطبيب في هذه المواعيد.' },
  rangesOverlap: { en: 'These hours overlap other hours of the same day.', ar: 'هذه المواعيد تتداخل مع مواعيد أخرى في اليوم نفسه.' },
  rangeTooLong: { en: 'Ask for at most {days} days at a time.', ar: 'اطلب {days} يومًا على الأكثر في المرة الواحدة.' },
  doctorNotFound: { en: 'This doctor is not available for booking.', ar: 'هذا الطبيب غير متاح للحجز.' },
});
