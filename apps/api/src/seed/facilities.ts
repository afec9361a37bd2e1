import { facilityUnitDoctors, facilityUnits } from '../db/schema/providers';
import { insertAll, insertReturningIds } from './batch';
import type { SeededCatalogs } from './catalogs';
import { DAY_MS, iso } from './clock';
import type { SeedContext } from './context';
import { demoFixtures } from './demo-fixtures';
import type { SeededProvider, SeededProviders } from './providers';
import { randomFor } from './random';

export type SeededUnit = { id: number; facility: SeededProvider; doctors: SeededProvider[] };

/** Speciality names (English) of the fixture hospital's departments and medical center's clinics. */
const fixtureSpecialities = (units: readonly string[], suffix: string) => units.map((unit) => unit.replace(suffix, ''));

/**
 * Hospital departments ("Cardiology Department" / "قسم أمراض القلب") and medical-center clinics
 * ("Pediatrics Clinic" / "عيادة طب الأطفال"), each with one to three approved doctors, preferably
 * of the unit's speciality.
 */
export async function seedFacilities(ctx: SeedContext, seeded: SeededProviders, catalogs: SeededCatalogs): Promise<SeededUnit[]> {
  const rng = randomFor('facilities');
  const { clock } = ctx;
  const specialityByName = new Map(catalogs.specialities.map((s) => [s.en, s]));
  const approvedDoctors = seeded.doctors.filter((d) => d.status === 'approved' && d.account.deactivatedAt === null);

  type Draft = { facility: SeededProvider; speciality: SeededCatalogs['specialities'][number]; doctors: SeededProvider[] };
  const drafts: Draft[] = [];
  const plan = (facilities: SeededProvider[], fixtureUnits: readonly string[], suffix: string, min: number, max: number) =>
    facilities.forEach((facility, position) => {
      const specialities =
        position === 0
          ? fixtureSpecialities(fixtureUnits, suffix).map((name) => {
              const found = specialityByName.get(name);
              if (!found) throw new Error(`Unknown demo speciality ${name}`);
              return found;
            })
          : rng.sample(catalogs.specialities, rng.int(min, max));
      for (const speciality of specialities) {
        const matching = approvedDoctors.filter((d) => d.specialityId === speciality.id);
        const nearby = approvedDoctors.filter((d) => d.specialityId !== speciality.id && d.country?.id === facility.country?.id);
        const count = rng.int(1, 3);
        const candidates = [...rng.sample(matching, count), ...rng.sample(nearby, count), ...rng.sample(approvedDoctors, count)];
        const doctors = candidates.filter((d, i) => candidates.findIndex((c) => c.id === d.id) === i).slice(0, count);
        drafts.push({ facility, speciality, doctors });
      }
    });
  plan(seeded.hospitals, demoFixtures.hospital.departments, ' Department', 3, 6);
  plan(seeded.centers, demoFixtures.medicalCenter.clinics, ' Clinic', 2, 5);

  const ids = await insertReturningIds(
    ctx.db,
    facilityUnits,
    drafts.map(({ facility, speciality }) => {
      const hospital = facility.kind === 'hospital';
      const created = iso(clock.between(rng, facility.createdAt, new Date(facility.createdAt.getTime() + 30 * DAY_MS)));
      return {
        facility_id: facility.id,
        name_ar: `${hospital ? 'قسم' : 'عيادة'} ${speciality.ar}`,
        name_en: `${speciality.en} ${hospital ? 'Department' : 'Clinic'}`,
        speciality_id: speciality.id,
        created_at: created,
        updated_at: created,
      };
    }),
  );
  const units = drafts.map((draft, i) => ({ id: ids[i] as number, facility: draft.facility, doctors: draft.doctors }));
  await insertAll(
    ctx.db,
    facilityUnitDoctors,
    units.flatMap((unit) =>
      unit.doctors.map((doctor) => ({
        unit_id: unit.id,
        doctor_id: doctor.id,
        created_at: iso(clock.between(rng, new Date(Math.max(unit.facility.createdAt.getTime(), doctor.createdAt.getTime())), clock.now)),
      })),
    ),
  );
  return units;
}
