import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { toIso, toIsoRequired } from '../../db/dates';
import { selectPage } from '../../db/paging';
import { countOf, withTotal } from '../../db/totals';
import { users } from '../../db/schema/accounts';
import { specialities } from '../../db/schema/catalogs';
import { changeRequests } from '../../db/schema/change-requests';
import { providers } from '../../db/schema/providers';

const columns = {
  id: changeRequests.id,
  status: changeRequests.status,
  changes: changeRequests.changes,
  reason: changeRequests.reason,
  created_at: changeRequests.created_at,
  decided_at: changeRequests.decided_at,
};

type Stored = string | number | boolean | null;
/** A stored value as the app reads it: requests written by the app hold text and numbers only. */
const stored = (value: unknown): Stored =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null ? value : JSON.stringify(value);

type Row = {
  id: number;
  status: number;
  changes: Record<string, unknown>;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
};

const present = (row: Row) => ({
  id: row.id,
  status: row.status,
  changes: Object.fromEntries(Object.entries(row.changes).map(([field, value]) => [field, stored(value)])),
  reason: row.reason,
  created_at: toIsoRequired(row.created_at),
  decided_at: toIso(row.decided_at),
});

/** An approved provider's change requests, as the app asks for and lists them. */
export const providerChangeRequestRepository = {
  /**
   * The account's provider profile, with its account row locked: two requests sent at once are checked and
   * written one after the other, so only one of them can be the waiting one.
   */
  lockProfile(db: Database, userId: number) {
    return db
      .select({ status: providers.status, kind: providers.kind })
      .from(users)
      .leftJoin(providers, eq(providers.user_id, users.id))
      .where(eq(users.id, userId))
      .for('update', { of: users })
      .then((rows) => rows[0]);
  },

  hasWaiting(db: Database, userId: number) {
    return db
      .select({ id: changeRequests.id })
      .from(changeRequests)
      .where(and(eq(changeRequests.user_id, userId), eq(changeRequests.status, 0)))
      .limit(1)
      .then((rows) => rows.length > 0);
  },

  specialityExists(db: Database, id: number) {
    return db
      .select({ id: specialities.id })
      .from(specialities)
      .where(eq(specialities.id, id))
      .then((rows) => rows.length > 0);
  },

  async insert(db: Database, userId: number, changes: Record<string, unknown>) {
    const [row] = await db.insert(changeRequests).values({ user_id: userId, changes, status: 0 }).returning(columns);
    return present(row!);
  },

  /** The account's requests, newest first. */
  page(db: Database, userId: number, query: { page: number; per_page: number }) {
    const where = eq(changeRequests.user_id, userId);
    const rows = db
      .select(withTotal(columns, countOf(db, changeRequests, where)))
      .from(changeRequests)
      .where(where)
      .orderBy(desc(changeRequests.created_at), desc(changeRequests.id))
      .$dynamic();
    return selectPage(
      db,
      rows,
      { page: query.page, perPage: query.per_page },
      {
        shape: ['provider_change_requests', query, userId],
        total: countOf(db, changeRequests, where),
        present,
      },
    );
  },
};
