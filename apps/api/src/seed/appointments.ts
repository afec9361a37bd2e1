import type { appointmentCancellers, appointmentStatuses, appointmentTypes } from '@sehha/contract/status-codes';
import { appointments } from '../db/schema/appointments';
import type { SeededUser } from './accounts';
import { insertInTimeOrder } from './batch';
import { DAY_MS, HOUR_MS, iso, type Clock } from './clock';
import type { SeedContext } from './context';
import { demoFixtures } from './demo-fixtures';
import type { SeededUnit } from './facilities';
import type { SeededProvider, SeededProviders } from './providers';
import { randomFor, type Random } from './random';

/** Appointments fall on days -42…+13 around today; the first doctor's known ones on day +14, after all others. */
const FIRST_DAY = -42;
const LAST_DAY = 13;
const FIRST_DOCTOR_APPOINTMENTS = 72;
const VISIT_MS = 30 * 60_000;

type Draft = {
  user: SeededUser;
  provider: SeededProvider;
  facility: SeededProvider | null;
  time: string;
  type: (typeof appointmentTypes)[number];
  status: (typeof appointmentStatuses)[number];
  cancelledBy: (typeof appointmentCancellers)[number] | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * ~2,000 bookings: with approved doctors (some at a hospital or medical center they work in) and
 * directly with hospitals and medical centers; past ones completed or cancelled, future ones
 * booked (a few cancelled). Times are Cairo wall-clock, on the hour or half hour, 09:00–21:30, 30 minutes
 * long; a patient never holds two active visits at once (the exclusion constraints of migration 0017).
 */
export async function seedAppointments(
  ctx: SeedContext,
  patients: readonly SeededUser[],
  seeded: SeededProviders,
  units: readonly SeededUnit[],
): Promise<number> {
  const rng = randomFor('appointments');
  const { clock } = ctx;
  const active = patients.filter((p) => p.deactivatedAt === null).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const facilitiesOf = new Map<number, SeededProvider[]>();
  for (const unit of units) {
    for (const doctor of unit.doctors) {
      const list = facilitiesOf.get(doctor.id) ?? [];
      if (!list.includes(unit.facility)) list.push(unit.facility);
      facilitiesOf.set(doctor.id, list);
    }
  }

  const drafts: Draft[] = [];
  const taken = new Set<string>();
  const book = (provider: SeededProvider, count: number, facilityShare: number) => {
    const facilities = facilitiesOf.get(provider.id) ?? [];
    for (let n = 0, tries = 0; n < count && tries < count * 20; tries++) {
      const time = clock.wallClock(rng.int(FIRST_DAY, LAST_DAY), rng.int(9, 21), rng.chance(0.5) ? 0 : 30);
      if (taken.has(`${provider.id} ${time}`)) continue;
      taken.add(`${provider.id} ${time}`);
      const facility = facilities.length > 0 && rng.chance(facilityShare) ? rng.pick(facilities) : null;
      drafts.push(draft(rng, clock, active, provider, facility, time));
      n++;
    }
  };

  const [firstDoctor, ...otherDoctors] = seeded.doctors;
  if (!firstDoctor) throw new Error('No demo doctors');
  book(firstDoctor, FIRST_DOCTOR_APPOINTMENTS, 0.2);
  for (const known of demoFixtures.firstDoctor.knownAppointments) {
    const time = clock.wallClock(known.dayOffset, known.hour, known.minute);
    const patient = patients.find((p) => p.name === known.patient);
    if (!patient) throw new Error(`Unknown fixture patient ${known.patient}`);
    drafts.push({
      ...draft(rng, clock, active, firstDoctor, null, time),
      user: patient,
      type: known.type,
      status: 'booked',
      cancelledBy: null,
    });
  }
  for (const doctor of otherDoctors) {
    if (doctor.status === 'approved' && doctor.account.deactivatedAt === null) book(doctor, rng.int(27, 67), 0.35);
    // On-hold doctors were approved once: they keep a few past bookings.
    else if (doctor.status === 'onHold') book(doctor, rng.int(2, 6), 0);
  }
  for (const facility of [...seeded.hospitals, ...seeded.centers]) {
    if (facility.status === 'approved') book(facility, rng.int(18, 40), 0);
  }

  // A patient drawn twice for one time keeps the first visit and has cancelled the other.
  const busy = new Set<string>();
  for (const d of drafts) {
    if (d.status !== 'booked') continue;
    const key = `${d.user.id} ${d.time}`;
    if (busy.has(key)) Object.assign(d, { status: 'cancelled', cancelledBy: 'patient' });
    busy.add(key);
  }

  // Ids follow booking order, as they would in production.
  await insertInTimeOrder(
    ctx.db,
    appointments,
    drafts,
    (d) => d.createdAt,
    (d) => ({
      user_id: d.user.id,
      provider_id: d.provider.id,
      facility_id: d.facility?.id ?? null,
      starts_at: iso(clock.instantOf(d.time)),
      ends_at: iso(new Date(clock.instantOf(d.time).getTime() + VISIT_MS)),
      type: d.type,
      status: d.status,
      cancelled_by: d.cancelledBy,
      price: (d.facility ?? d.provider).fee,
      created_at: iso(d.createdAt),
      updated_at: iso(d.updatedAt),
    }),
  );
  return drafts.length;
}

function draft(
  rng: Random,
  clock: Clock,
  patients: readonly SeededUser[],
  provider: SeededProvider,
  facility: SeededProvider | null,
  time: string,
): Draft {
  const at = clock.instantOf(time);
  const past = at.getTime() < clock.now.getTime();
  // Booked 1 hour to 10 days ahead (future ones within the last week), never before the provider and the patient joined.
  const earliest = Math.max(provider.createdAt.getTime(), (patients[0] as SeededUser).createdAt.getTime());
  const ahead = at.getTime() - HOUR_MS - Math.floor(rng.next() * 10 * DAY_MS);
  const recent = clock.now.getTime() - 60_000 - Math.floor(rng.next() * 7 * DAY_MS);
  const booked = new Date(Math.max(earliest, Math.min(ahead, recent)));
  const user = patientBefore(rng, patients, booked);
  const drawn = past
    ? rng.weighted([
        ['completed', 82],
        ['cancelled', 18],
      ] as const)
    : rng.weighted([
        ['pending', 48],
        ['confirmed', 46],
        ['cancelled', 6],
      ] as const);
  // Drawn as before statuses were the platform's (pending and confirmed are both booked): the same demo data.
  const status = drawn === 'pending' || drawn === 'confirmed' ? 'booked' : drawn;
  const updated =
    drawn === 'completed'
      ? new Date(Math.min(at.getTime() + HOUR_MS, clock.now.getTime()))
      : drawn === 'pending'
        ? booked
        : clock.between(rng, booked, at);
  return {
    user,
    provider,
    facility,
    time,
    type: rng.chance(0.55) ? 'website' : 'cash',
    status,
    cancelledBy: status === 'cancelled' ? 'patient' : null,
    createdAt: booked,
    updatedAt: new Date(Math.max(updated.getTime(), booked.getTime())),
  };
}

/** A patient who had already signed up at `when` (patients are sorted by sign-up). */
function patientBefore(rng: Random, patients: readonly SeededUser[], when: Date): SeededUser {
  let count = 0;
  while (count < patients.length && (patients[count] as SeededUser).createdAt.getTime() <= when.getTime()) count++;
  return patients[rng.int(0, Math.max(0, count - 1))] as SeededUser;
}
