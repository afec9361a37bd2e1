import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/accounts';
import { createTestApp, type TestApp } from '../support/test-app';
import { makeProvider } from '../support/providers';

/**
 * `?sort=&direction=` of the sortable lists: the order in both directions, ties broken by id in the
 * same direction, the list's own order without `sort`, and 422 for a column or direction not offered.
 */
type Row = {
  id: number;
  name?: string | undefined;
  name_en?: string | undefined;
  name_ar?: string | undefined;
  status?: string | undefined;
  created_at: string;
};
type Page = { data: { data: Row[]; total: number } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** The expected order: by the key (compared as the C collation does), then by id, both in `direction`. */
function ordered<T extends { id: number }>(rows: T[], key: (row: T) => string, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
    })
    .map((row) => row.id);
}

describe('list sorting', () => {
  let t: TestApp;
  const list = async (path: string) => {
    const response = await t.call(path);
    expect(response.status, path).toBe(200);
    return ((await response.json()) as Page).data.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('accounts', () => {
    type Made = { id: number; name: string; created_at: string };
    const active: Made[] = [];
    const deactivated: Made[] = [];

    beforeAll(async () => {
      const make = async (name: string, created: string, isActive: boolean) => {
        const [row] = await t.db
          .insert(users)
          .values({
            name,
            email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Math.random().toString(36).slice(2, 8)}@sehha.test`,
            password_hash: 'x',
            role: 'user',
            is_active: isActive,
            deactivated_at: isActive ? null : new Date().toISOString(),
            created_at: created,
          })
          .returning({ id: users.id, name: users.name, created_at: users.created_at });
        return { id: row!.id, name: row!.name, created_at: new Date(row!.created_at).toISOString() };
      };
      // Two accounts share a name and two a joined time: their order comes from the id.
      const specs: [string, string][] = [
        ['Sortcase Charlie', '2025-03-01T10:00:00Z'],
        ['Sortcase Alpha', '2025-01-01T10:00:00Z'],
        ['Sortcase Bravo', '2025-03-01T10:00:00Z'],
        ['Sortcase Alpha', '2025-02-01T10:00:00Z'],
        ['Sortcase Delta', '2024-12-01T10:00:00Z'],
      ];
      for (const [name, created] of specs) active.push(await make(name, created, true));
      for (const [name, created] of specs) deactivated.push(await make(name, created, false));
    });

    for (const [label, path, rows] of [
      ['all users', '/api/admin/users', () => active],
      ['deactivated users', '/api/admin/users/deactivated', () => deactivated],
    ] as const) {
      it(`${label}: by name and by joined date, both directions, ties by id`, async () => {
        for (const direction of ['asc', 'desc'] as const) {
          const byName = await list(`${path}?search=sortcase&per_page=100&sort=name&direction=${direction}`);
          expect(byName.map((r) => r.id)).toEqual(ordered(rows(), (r) => r.name, direction));
          const byJoined = await list(`${path}?search=sortcase&per_page=100&sort=created_at&direction=${direction}`);
          expect(byJoined.map((r) => r.id)).toEqual(ordered(rows(), (r) => r.created_at, direction));
        }
        // direction defaults to ascending; pages split the same order.
        const names = (await list(`${path}?search=sortcase&per_page=100&sort=name`)).map((r) => r.id);
        expect(names).toEqual(ordered(rows(), (r) => r.name, 'asc'));
        const paged = [
          ...(await list(`${path}?search=sortcase&per_page=2&page=1&sort=name`)),
          ...(await list(`${path}?search=sortcase&per_page=2&page=2&sort=name`)),
        ];
        expect(paged.map((r) => r.id)).toEqual(names.slice(0, 4));
      });

      it(`${label}: 422 for a column or a direction that is not offered`, async () => {
        for (const query of ['sort=country', 'sort=email', 'sort=password_hash', 'sort=name&direction=up', 'sort=name%20desc']) {
          const response = await t.call(`${path}?${query}`);
          expect(response.status, query).toBe(422);
          const body = (await response.json()) as ErrorBody;
          expect(
            Object.keys(body.errors ?? {}).some((field) => field === 'sort' || field === 'direction'),
            query,
          ).toBe(true);
        }
        const arabic = await t.call(`${path}?sort=country`, { headers: { 'Accept-Language': 'ar' } });
        expect(((await arabic.json()) as ErrorBody).errors?.sort?.[0]).toBe('لا يمكن ترتيب هذه القائمة حسب هذا العمود');
      });
    }
  });

  describe('providers', () => {
    type Made = { id: number; name_en: string; name_ar: string; status: string; created_at: string };
    const made: Made[] = [];

    beforeAll(async () => {
      const specs: [string, string, 'pending' | 'approved' | 'rejected' | 'onHold', string][] = [
        ['Sortcase Clinic C', 'ترتيب ب', 'pending', '2025-03-01T10:00:00Z'],
        ['Sortcase Clinic A', 'ترتيب ت', 'approved', '2025-01-01T10:00:00Z'],
        ['Sortcase Clinic B', 'ترتيب ا', 'onHold', '2025-03-01T10:00:00Z'],
        ['Sortcase Clinic A', 'ترتيب ب', 'rejected', '2025-02-01T10:00:00Z'],
        ['Sortcase Clinic D', 'ترتيب ث', 'approved', '2024-12-01T10:00:00Z'],
      ];
      for (const [name_en, name_ar, status, created] of specs) {
        const provider = await makeProvider(t.db, 'company', { name_en, name_ar, status, created_at: created });
        made.push({ id: provider.id, name_en, name_ar, status, created_at: created });
      }
    });

    it('sorts by either name, the joined date and the review status, both directions, ties by id', async () => {
      const keys = {
        name_en: (r: Made) => r.name_en,
        name_ar: (r: Made) => r.name_ar,
        status: (r: Made) => r.status,
        created_at: (r: Made) => new Date(r.created_at).toISOString(),
      };
      for (const [column, key] of Object.entries(keys)) {
        for (const direction of ['asc', 'desc'] as const) {
          const rows = await list(`/api/admin/providers/companies?search=sortcase&per_page=100&sort=${column}&direction=${direction}`);
          expect(
            rows.map((r) => r.id),
            `${column} ${direction}`,
          ).toEqual(ordered(made, key, direction));
        }
      }
    });

    it('keeps sorting inside the status filter, and the newest first without sort', async () => {
      const approved = await list('/api/admin/providers/companies?search=sortcase&status=approved&sort=name_en&direction=desc');
      expect(approved.map((r) => r.id)).toEqual(
        ordered(
          made.filter((r) => r.status === 'approved'),
          (r) => r.name_en,
          'desc',
        ),
      );
      const plain = await list('/api/admin/providers/companies?search=sortcase&per_page=100');
      expect(plain.map((r) => r.id)).toEqual(ordered(made, (r) => new Date(r.created_at).toISOString(), 'desc'));
    });

    it('answers 422 for columns that are not offered (country and appointments cannot be sorted cheaply)', async () => {
      for (const query of ['sort=country', 'sort=appointments_count', 'sort=name', 'sort=email', 'sort=status&direction=sideways']) {
        const response = await t.call(`/api/admin/providers/doctors?${query}`);
        expect(response.status, query).toBe(422);
      }
    });
  });
});
