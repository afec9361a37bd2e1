import { currentLegalVersion, legalLibrary } from '@sehha/contract/legal';
import { users } from '../db/schema/accounts';
import { consents } from '../db/schema/privacy';
import { insertAll, insertReturningIds } from './batch';
import { DAY_MS, iso } from './clock';
import type { SeedContext } from './context';
import { demoFixtures, FIXTURE_USERS } from './demo-fixtures';
import type { SeededCountry, SeededLocations } from './locations';
import { fullName, mobilePhone, personName, type PersonName } from './people';
import { randomFor } from './random';

export type Role = 'user' | 'doctor' | 'pharmacy' | 'hospital' | 'medical_center' | 'company';

export type AccountSpec = {
  name: string;
  email: string;
  phone: string | null;
  whatsapp: string | null;
  role: Role;
  country: SeededCountry | null;
  createdAt: Date;
  /** Set for deactivated accounts. */
  deactivatedAt: Date | null;
};

export type SeededAccount = AccountSpec & { id: number };

/** Ordinary users also carry their name in both scripts (the row stores one of them). */
export type SeededUser = SeededAccount & { person: PersonName };

/**
 * Inserts the accounts, each having accepted the privacy notice (health data) and the terms in force when it joined
 * (so that demo accounts can book and send prescriptions), with those decisions in the consent register; about a
 * third also opted in to marketing.
 */
export async function insertAccounts<T extends AccountSpec>(
  { db, passwordHash }: SeedContext,
  specs: readonly T[],
): Promise<(T & { id: number })[]> {
  const privacy = currentLegalVersion(legalLibrary, 'privacy').version;
  const terms = currentLegalVersion(legalLibrary, 'terms').version;
  const marketing = (i: number) => i % 3 === 0;
  const ids = await insertReturningIds(
    db,
    users,
    specs.map((spec, i) => {
      const created = iso(spec.createdAt);
      return {
        name: spec.name,
        email: spec.email,
        phone: spec.phone,
        whatsapp_phone: spec.whatsapp,
        password_hash: passwordHash,
        role: spec.role,
        country_id: spec.country?.id ?? null,
        is_active: spec.deactivatedAt === null,
        deactivated_at: spec.deactivatedAt ? iso(spec.deactivatedAt) : null,
        created_at: created,
        updated_at: spec.deactivatedAt ? iso(spec.deactivatedAt) : created,
        privacy_version: privacy,
        terms_version: terms,
        marketing_opt_in: marketing(i),
      };
    }),
  );
  await insertAll(
    db,
    consents,
    specs.flatMap((spec, i) => {
      const decision = { user_id: ids[i] as number, given: true, channel: 'app' as const, created_at: iso(spec.createdAt) };
      return [
        { ...decision, purpose: 'health_data' as const, document: 'privacy' as const, version: privacy },
        { ...decision, purpose: 'terms' as const, document: 'terms' as const, version: terms },
        ...(marketing(i) ? [{ ...decision, purpose: 'marketing' as const, document: 'privacy' as const, version: privacy }] : []),
      ];
    }),
  );
  return specs.map((spec, i) => ({ ...spec, id: ids[i] as number }));
}

const USER_COUNT = demoFixtures.users.total;
/** Sign-ups today and yesterday, so that the "new users" card has a trend. */
const JOINED_TODAY = demoFixtures.users.joinedToday;
const JOINED_YESTERDAY = demoFixtures.users.joinedYesterday;
const DEACTIVATED = demoFixtures.users.deactivated;

/**
 * ~300 patients: Egyptian names, half stored in English and half in Arabic (so that search can
 * be shown in both scripts), joined over the last 60 days, some deactivated.
 */
export async function seedUsers(ctx: SeedContext, locations: SeededLocations): Promise<SeededUser[]> {
  const rng = randomFor('users');
  const { clock, emails } = ctx;
  const abroad = locations.countries.filter((c) => c.code !== 'eg');
  const usedNames = new Set<string>();
  const claim = (person: PersonName) => {
    usedNames.add(person.ar);
    usedNames.add(person.en);
  };
  const people: PersonName[] = FIXTURE_USERS.map((u) => fullName(u.gender, u.first, u.father, u.family));
  people.forEach(claim);
  while (people.length < USER_COUNT) {
    const person = personName(rng);
    if (usedNames.has(person.ar) || usedNames.has(person.en)) continue;
    claim(person);
    people.push(person);
  }

  // Fixture users joined 50 days ago; the last ones joined today and yesterday.
  const joinedAt = (i: number): Date => {
    if (i < FIXTURE_USERS.length) return new Date(clock.daysAgo(50).getTime() + i * 3_600_000);
    if (i >= USER_COUNT - JOINED_TODAY) return clock.onDay(rng, 0);
    if (i >= USER_COUNT - JOINED_TODAY - JOINED_YESTERDAY) return clock.onDay(rng, 1);
    return clock.olderThanYesterday(rng, 60);
  };
  const deactivated = new Set(rng.sample(range(FIXTURE_USERS.length, USER_COUNT - JOINED_TODAY - JOINED_YESTERDAY), DEACTIVATED));

  const specs = people.map((person, i): AccountSpec & { person: PersonName } => {
    const country = i < FIXTURE_USERS.length || rng.chance(0.86) ? locations.egypt : rng.pick(abroad);
    const phone = mobilePhone(rng, country.prefix);
    const whatsapp = rng.chance(0.4) ? (rng.chance(0.6) ? phone : mobilePhone(rng, country.prefix)) : null;
    const createdAt = joinedAt(i);
    const deactivatedAt = deactivated.has(i) ? clock.between(rng, new Date(createdAt.getTime() + DAY_MS / 2), clock.now) : null;
    return {
      person,
      // Even positions store the English spelling, odd ones the Arabic.
      name: i % 2 === 0 ? person.en : person.ar,
      email:
        i < FIXTURE_USERS.length
          ? emails.make(person.slug, 'example.com')
          : emails.make(
              person.slug,
              rng.pick(['example.com', 'example.net', 'example.org']),
              rng.chance(0.7) ? String(rng.int(1, 99)) : '',
            ),
      phone,
      whatsapp,
      role: 'user',
      country,
      createdAt,
      deactivatedAt,
    };
  });

  // Ids follow sign-up order, as they would in production.
  const inOrder = [...specs].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const seeded = await insertAccounts(ctx, inOrder);
  const byEmail = new Map(seeded.map((account) => [account.email, account]));
  return specs.map((spec) => byEmail.get(spec.email) as SeededUser);
}

export const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
