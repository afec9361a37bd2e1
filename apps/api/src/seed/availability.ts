import { availabilityHours, providerSchedules } from '../db/schema/availability';
import type { SeedContext } from './context';
import type { SeededUnit } from './facilities';
import type { SeededProviders } from './providers';

type Range = { weekday: number; start: string; end: string };

const days = (weekdays: number[], start: string, end: string): Range[] => weekdays.map((weekday) => ({ weekday, start, end }));
const sundayToThursday = [0, 1, 2, 3, 4];

/** Weekly patterns the approved doctors take in turn (wall-clock, Cairo); the first doctor's fits his known visits. */
const patterns: Range[][] = [
  [...days(sundayToThursday, '10:00', '14:00'), ...days(sundayToThursday, '17:00', '21:00')],
  [...days([6, 0, 1, 2, 3], '09:00', '13:00'), ...days([1, 3], '18:00', '21:00')],
  [...days([0, 2, 4], '17:00', '22:00'), ...days([1, 3], '10:00', '14:00')],
  [...days([6, 0, 1, 2, 3, 4], '12:00', '16:00'), ...days([6, 2], '18:00', '21:00')],
];

/**
 * Weekly hours for every approved doctor (30-minute slots, 30 days ahead, an hour's notice), so the patient app
 * finds slots on the first start. A doctor of a hospital department or medical center clinic sees patients there
 * in the evenings (its ranges carry the unit), in its own clinic in the mornings.
 */
export async function seedAvailability(ctx: SeedContext, seeded: SeededProviders, units: readonly SeededUnit[]): Promise<void> {
  const unitsOf = new Map<number, number[]>();
  for (const unit of units) for (const doctor of unit.doctors) unitsOf.set(doctor.id, [...(unitsOf.get(doctor.id) ?? []), unit.id]);
  const approved = seeded.doctors.filter((doctor) => doctor.status === 'approved');
  if (approved.length === 0) return;

  const hours = approved.flatMap((doctor, index) => {
    const atUnits = unitsOf.get(doctor.id);
    if (!atUnits) return patterns[index % patterns.length]!.map((range) => ({ ...range, provider_id: doctor.id, unit_id: null }));
    return [
      ...days(sundayToThursday, '10:00', '14:00').map((range) => ({ ...range, provider_id: doctor.id, unit_id: null })),
      ...days(sundayToThursday, '17:00', '21:00').map((range) => ({
        ...range,
        provider_id: doctor.id,
        unit_id: atUnits[range.weekday % atUnits.length]!,
      })),
    ];
  });
  await ctx.db
    .insert(providerSchedules)
    .values(approved.map((doctor) => ({ provider_id: doctor.id, slot_minutes: 30, horizon_days: 30, min_notice_minutes: 60 })));
  await ctx.db.insert(availabilityHours).values(
    hours.map((range) => ({
      provider_id: range.provider_id,
      unit_id: range.unit_id,
      weekday: range.weekday,
      start_time: range.start,
      end_time: range.end,
    })),
  );
}
