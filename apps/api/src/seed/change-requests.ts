import { changeRequests } from '../db/schema/change-requests';
import type { SeededUser } from './accounts';
import { insertReturningIds } from './batch';
import type { SeededCatalogs } from './catalogs';
import { HOUR_MS, iso } from './clock';
import type { SeedContext } from './context';
import { demoFixtures } from './demo-fixtures';
import { streetAddress } from './locations';
import { firstName, mobilePhone } from './people';
import type { SeededProvider, SeededProviders } from './providers';
import { randomFor, type Random } from './random';

/** Requests besides the fixture: [status, count]. */
const DECISIONS = [
  [0, 8],
  [1, 9],
  [2, 7],
] as const;

type Draft = { userId: number; changes: Record<string, unknown> };

/**
 * Change requests from users and providers: a new name, phone, WhatsApp number, address or (for
 * doctors) speciality. Waiting ones are 0, approved 1, rejected 2. Fixture accounts stay out of it,
 * except the newest request (see demo-fixtures), so deciding requests never renames a fixture.
 */
export async function seedChangeRequests(
  ctx: SeedContext,
  patients: readonly SeededUser[],
  seeded: SeededProviders,
  catalogs: SeededCatalogs,
): Promise<DecidedRequest[]> {
  const rng = randomFor('change-requests');
  const { clock } = ctx;
  const fixtureUser = patients.find((p) => p.email === demoFixtures.waitingChangeRequest.email);
  if (!fixtureUser) throw new Error('The change-request fixture user is missing');

  const ordinary = patients.slice(10).filter((p) => p.deactivatedAt === null);
  const providers = [seeded.doctors, seeded.pharmacies, seeded.hospitals, seeded.centers, seeded.companies].flatMap((list) =>
    list.slice(4).filter((p) => p.status === 'approved' && p.account.deactivatedAt === null),
  );
  const total = DECISIONS.reduce((n, [, count]) => n + count, 0);
  const requesters = rng.sample<SeededUser | SeededProvider>([...rng.sample(ordinary, Math.ceil(total / 3)), ...providers], total);

  const statuses = DECISIONS.flatMap(([status, count]) => Array.from({ length: count }, () => status));
  const rows = rng.shuffle(statuses).map((status, i) => {
    const requester = requesters[i % requesters.length] as SeededUser | SeededProvider;
    const draft = draftFor(rng, requester, catalogs, status === 1);
    const createdAt = clock.olderThanYesterday(rng, status === 0 ? 20 : 90);
    const decidedAt =
      status === 0 ? null : clock.between(rng, new Date(createdAt.getTime() + HOUR_MS), new Date(createdAt.getTime() + 72 * HOUR_MS));
    return row(draft, status, createdAt, decidedAt, ctx.adminId);
  });
  rows.push(
    row(
      { userId: fixtureUser.id, changes: { ...demoFixtures.waitingChangeRequest.changes } },
      0,
      new Date(clock.now.getTime() - 5 * 60_000),
      null,
      null,
    ),
  );
  rows.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  const ids = await insertReturningIds(ctx.db, changeRequests, rows);
  return rows.flatMap((r, i) =>
    r.status === 0
      ? []
      : [
          {
            id: ids[i] as number,
            status: r.status as 1 | 2,
            changes: r.changes,
            createdAt: String(r.created_at),
            decidedAt: String(r.decided_at),
          },
        ],
  );
}

export type DecidedRequest = { id: number; status: 1 | 2; changes: Record<string, unknown>; createdAt: string; decidedAt: string };

function row(
  d: Draft,
  status: number,
  createdAt: Date,
  decidedAt: Date | null,
  adminId: number | null,
): typeof changeRequests.$inferInsert {
  return {
    user_id: d.userId,
    status,
    changes: d.changes,
    decided_by: decidedAt ? adminId : null,
    decided_at: decidedAt ? iso(decidedAt) : null,
    created_at: iso(createdAt),
    updated_at: iso(decidedAt ?? createdAt),
  };
}

/**
 * What an account asks to change. An approved request was applied when it was accepted, so its
 * values are the account's current ones; waiting and rejected ones ask for something new.
 */
function draftFor(rng: Random, requester: SeededUser | SeededProvider, catalogs: SeededCatalogs, approved: boolean): Draft {
  const account = 'kind' in requester ? requester.account : requester;
  const prefix = account.country?.prefix ?? '+20';
  const phone = (current: string | null) => (approved && current ? current : mobilePhone(rng, prefix));
  const draft = (changes: Record<string, unknown>): Draft => ({ userId: account.id, changes });

  if (!('kind' in requester)) {
    const choice = rng.pick(['name', 'phone', 'whatsapp_phone'] as const);
    if (choice === 'phone') return draft({ phone: phone(account.phone) });
    if (choice === 'whatsapp_phone') return draft({ whatsapp_phone: phone(account.whatsapp) });
    // A name change adds the grandfather's name, in the script the account uses.
    const grandfather = firstName(rng, 'male');
    if (approved) return draft({ name: account.name });
    return draft({
      name: account.name === requester.person.en ? `${requester.person.en} ${grandfather[1]}` : `${requester.person.ar} ${grandfather[0]}`,
    });
  }

  const options = [
    'phone',
    'address',
    ...(requester.kind === 'doctor' ? (['speciality_id', 'speciality_id'] as const) : (['name'] as const)),
  ] as const;
  const choice = rng.pick(options);
  switch (choice) {
    case 'speciality_id': {
      const other = rng.pick(catalogs.specialities.filter((s) => s.id !== requester.specialityId)).id;
      return draft({ speciality_id: approved && requester.specialityId ? requester.specialityId : other });
    }
    case 'name': {
      // Facilities often add their district to the name.
      const district = requester.state;
      const renamed = district
        ? rng.chance(0.5)
          ? `${requester.en} - ${district.en}`
          : `${requester.ar} - ${district.ar}`
        : `${requester.en} Egypt`;
      return draft({ name: approved ? account.name : renamed });
    }
    case 'address':
      // The stored address is the one approved; a new one is asked for otherwise.
      return requester.state && !approved
        ? draft({ address: streetAddress(rng, requester.state).en })
        : draft({ phone: phone(account.phone) });
    default:
      return draft({ phone: phone(account.phone) });
  }
}
