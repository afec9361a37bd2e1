import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { OptionalSort } from '@sehha/contract/fields';
import type { DeactivatedRole } from '@sehha/contract/users';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { countries } from '../../db/schema/locations';
import { fetchPage, type Shape } from '../../db/paging';
import { matchesSearch, searchMatches } from '../../db/search';
import { namedRef } from '../../db/sql';
import { toIso, toIsoRequired } from '../../db/dates';
import { withTotal, type Total, counterNames, counterTotal } from '../../db/totals';
import { activeUserDays } from '../../db/schema/counters';
import { authRepository } from '../../auth/auth-repository';
import { bulkUpdateAudited, idIn } from '../../db/bulk-update';

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  whatsapp_phone: users.whatsapp_phone,
  role: users.role,
  is_active: users.is_active,
  deactivated_at: users.deactivated_at,
  created_at: users.created_at,
};
const columns = { ...userColumns, country: namedRef(countries, users.country_id) };

/** Accounts with their country. */
const selectAccounts = (db: Database) => db.select(columns).from(users);
type Row = Awaited<ReturnType<typeof selectAccounts>>[number];

/** The same, with a list's total among the columns (totals.ts withTotal). */
const selectAccountsTotalled = (db: Database, total: Total) => db.select(withTotal(columns, total)).from(users);

const present = (row: Row) => ({
  ...row,
  deactivated_at: toIso(row.deactivated_at),
  created_at: toIsoRequired(row.created_at),
});

/** Accounts the dashboard manages: every role but admin. */
const notAdmin = ne(users.role, 'admin');

const activeUsersMatching = (search?: string) =>
  and(eq(users.role, 'user'), eq(users.is_active, true), matchesSearch(users.search, search));
const deactivatedMatching = (search?: string, role?: DeactivatedRole) =>
  and(eq(users.is_active, false), role ? eq(users.role, role) : notAdmin, matchesSearch(users.search, search));

type AccountSort = OptionalSort<'name' | 'created_at'>;

/**
 * A chosen order, ties broken by id in the same direction, so that an index on (…filter, column, id)
 * is walked forwards or backwards and a page never sorts the table; undefined keeps the list's own order.
 */
function chosenOrder(sort: AccountSort): SQL[] | undefined {
  if (!sort.sort) return undefined;
  const by = sort.direction === 'desc' ? desc : asc;
  return [by({ name: users.name, created_at: users.created_at }[sort.sort]), by(users.id)];
}

/** Each list's order: the chosen one, else the list's own (shared by the page and the export). */
const activeOrder = (sort: AccountSort) => chosenOrder(sort) ?? [desc(users.created_at), desc(users.id)];
const deactivatedOrder = (sort: AccountSort) => chosenOrder(sort) ?? [sql`${users.deactivated_at} desc nulls last`, desc(users.id)];

/**
 * Every row of a list without paging, for the export's cursor: raw rows keyed by column name (the
 * country's names come as name_en and name_ar), never the password hash.
 */
const exportRows = (db: Database, where: SQL | undefined, order: SQL[]) =>
  db
    .select({
      ...userColumns,
      name_en: countries.name_en,
      name_ar: countries.name_ar,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.country_id))
    .where(where)
    .orderBy(...order);

/** Roles whose deactivated accounts the deactivated list shows (every one but admin). */
const managedRoles = users.role.enumValues.filter((role) => role !== 'admin');

/** Below this offset, skipping index entries costs less than finding where the page begins. */
const seekFrom = 500;

/**
 * The ids of a deep page of active users, newest first, without skipping `offset` index entries: the
 * newest days whose active users (active_user_days, kept by a trigger) add up to no more than the offset
 * are passed over, and the page is taken inside the first day that does not fit, skipping only its
 * own newer rows. One statement, so the counts and the rows are of one snapshot.
 */
function seekActiveUserIds(db: Database, limit: number, offset: number) {
  const seek = sql`(
    select day + interval '1 day' as ends, through - joined as passed
    from (select ${activeUserDays.day} as day, ${activeUserDays.users} as joined, sum(${activeUserDays.users}) over (order by ${activeUserDays.day} desc) as through from ${activeUserDays}) as days
    where through > ${offset} order by day desc limit 1
  )`;
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(activeUsersMatching(), sql`${users.created_at} < (select ends from ${seek} as seek)`))
    .orderBy(desc(users.created_at), desc(users.id))
    .limit(limit)
    .offset(sql`${offset} - (select passed from ${seek} as seek)` as unknown as number)
    .as('page_ids');
}

/**
 * One page. The page's ids are picked first from the covering index of the order alone (an index-only
 * scan), then only those rows are joined; the newest-first users list seeks its deep pages (above). The
 * total is a maintained counter selected with the page's rows; a search reads its matches once for both.
 */
function page(
  db: Database,
  shape: Shape,
  where: SQL | undefined,
  order: SQL[],
  query: { page: number; perPage: number; search?: string | undefined },
  counters: string[],
  seek?: (limit: number, offset: number) => ReturnType<typeof seekActiveUserIds>,
) {
  const walk = (limit: number, offset: number) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  if (query.search?.trim()) {
    // A search: the matches are read once, for the total and (when few) the page (search.ts searchMatches).
    const matches = searchMatches(
      db,
      users,
      db
        .select({ id: users.id, created_at: users.created_at, deactivated_at: users.deactivated_at, name: users.name })
        .from(users)
        .where(where)
        .$dynamic(),
      order,
      walk,
    );
    return fetchPage(db, query, {
      shape,
      rows: (limit, offset) =>
        db
          .with(...matches.ctes)
          .select(withTotal(columns, matches.total))
          .from(users)
          .where(sql`${users.id} in (${matches.ids(limit, offset)})`)
          .orderBy(...order),
      total: matches.totalAlone,
      present: (row) => present(row),
    });
  }
  const total = counterTotal(counters);
  return fetchPage(db, query, {
    shape,
    rows: (limit, offset) => {
      const pageIds = seek && offset >= seekFrom ? seek(limit, offset) : walk(limit, offset).as('page_ids');
      return selectAccountsTotalled(db, total)
        .innerJoin(pageIds, eq(pageIds.id, users.id))
        .orderBy(...order);
    },
    total,
    present: (row) => present(row),
  });
}

export const userRepository = {
  /** Active ordinary users, newest first (users_role_active_created_idx) or as chosen (users_role_active_name_idx). */
  activeUsers(db: Database, query: { page: number; perPage: number; search?: string | undefined } & AccountSort) {
    const seek = !query.search?.trim() && !query.sort ? (limit: number, offset: number) => seekActiveUserIds(db, limit, offset) : undefined;
    return page(
      db,
      ['users', query],
      activeUsersMatching(query.search),
      activeOrder(query),
      query,
      [counterNames.account('user', true)],
      seek,
    );
  },

  /**
   * Deactivated accounts of every role but admin, latest deactivation first (users_active_deactivated_last_idx),
   * or as chosen (users_active_name_idx, users_active_created_idx).
   */
  deactivated(
    db: Database,
    query: { page: number; perPage: number; search?: string | undefined; role?: DeactivatedRole | undefined } & AccountSort,
  ) {
    return page(
      db,
      ['deactivated_users', query],
      deactivatedMatching(query.search, query.role),
      deactivatedOrder(query),
      query,
      (query.role ? [query.role] : managedRoles).map((role) => counterNames.account(role, false)),
    );
  },

  /** Each list's rows without paging, in the list's order, for its export. */
  activeUsersExport: (db: Database, query: { search?: string | undefined } & AccountSort) =>
    exportRows(db, activeUsersMatching(query.search), activeOrder(query)),
  deactivatedExport: (db: Database, query: { search?: string | undefined; role?: DeactivatedRole | undefined } & AccountSort) =>
    exportRows(db, deactivatedMatching(query.search, query.role), deactivatedOrder(query)),

  /** The rows of each list, shared by the list and its bulk action so both always mean the same accounts. */
  activeUsersMatching: (search?: string) => activeUsersMatching(search),
  deactivatedMatching: (search?: string, role?: DeactivatedRole) => deactivatedMatching(search, role),

  find(db: Database, id: number) {
    return selectAccounts(db)
      .where(eq(users.id, id))
      .for('update', { of: users })
      .then((rows) => (rows[0] ? present(rows[0]) : undefined));
  },

  /** The given accounts, locked, for a bulk change that must see them all before changing any. */
  findMany(db: Database, ids: number[]) {
    return db
      .select({ id: users.id, role: users.role, is_active: users.is_active })
      .from(users)
      .where(inArray(users.id, ids))
      .for('update');
  },

  /** Deactivates and revokes every token of these accounts; answers the ids it changed. */
  async deactivate(db: Database, where: SQL | undefined) {
    const changed = await db
      .update(users)
      .set({ is_active: false, deactivated_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(users.is_active, true), notAdmin, where))
      .returning({ id: users.id });
    const ids = changed.map((row) => row.id);
    await authRepository.revokeAllTokens(db, ids);
    return ids;
  },

  /** Reactivates; tokens revoked at deactivation stay revoked (the account logs in again). */
  async reactivate(db: Database, where: SQL | undefined) {
    const changed = await db
      .update(users)
      .set({ is_active: true, deactivated_at: null, updated_at: sql`now()` })
      .where(and(eq(users.is_active, false), notAdmin, where))
      .returning({ id: users.id });
    return changed.map((row) => row.id);
  },

  /** Which of `ids` are accounts of the role(s) a list shows (any activity), locked for a bulk change. */
  lockAccountsOf(db: Database, ids: number[], list: 'active' | 'deactivated') {
    return db
      .select({ id: users.id })
      .from(users)
      .where(and(idIn(users.id, ids), list === 'active' ? eq(users.role, 'user') : notAdmin))
      .orderBy(asc(users.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  /** Every account one of the two lists shows under its search, locked for a bulk action. */
  lockMatching(db: Database, list: 'active' | 'deactivated', search: string | undefined, role?: DeactivatedRole) {
    return db
      .select({ id: users.id })
      .from(users)
      .where(list === 'active' ? activeUsersMatching(search) : deactivatedMatching(search, role))
      .orderBy(asc(users.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  /**
   * Deactivates the active users list's accounts among `ids` (locked by the caller) and revokes their
   * tokens, one `deactivate` audit row each, in ONE statement; deactivated ones are skipped.
   */
  async bulkDeactivate(db: Database, actorId: number, ids: number[]) {
    const scope = and(eq(users.role, 'user'), idIn(users.id, ids));
    const changed = await bulkUpdateAudited(db, {
      actorId,
      action: 'deactivate',
      entity: 'user',
      revokeTokensOf: true,
      changed: sql`update ${users} set is_active = false, deactivated_at = now(), updated_at = now()
        where ${users.is_active} = true and ${notAdmin} and ${scope}
        returning ${users.id}::text as entity_id, jsonb_build_object('is_active', true) as before,
          jsonb_build_object('is_active', false, 'bulk', true) as after, ${users.id} as user_id`,
    });
    return changed.length;
  },

  /**
   * Reactivates the deactivated list's accounts among `ids` (locked by the caller), one `reactivate` audit
   * row each, in ONE statement; active ones are skipped. Revoked tokens stay revoked.
   */
  async bulkReactivate(db: Database, actorId: number, ids: number[]) {
    const scope = idIn(users.id, ids);
    const changed = await bulkUpdateAudited(db, {
      actorId,
      action: 'reactivate',
      entity: 'user',
      changed: sql`update ${users} set is_active = true, deactivated_at = null, updated_at = now()
        from ${users} as previous
        where previous.id = ${users.id} and ${users.is_active} = false and ${notAdmin} and ${scope}
        returning ${users.id}::text as entity_id,
          jsonb_build_object('is_active', false, 'deactivated_at', previous.deactivated_at) as before,
          jsonb_build_object('is_active', true, 'bulk', true) as after`,
    });
    return changed.length;
  },

  byId: (id: number) => eq(users.id, id),
  byIds: (ids: number[]) => inArray(users.id, ids),
};

export type AccountRecord = NonNullable<Awaited<ReturnType<typeof userRepository.find>>>;
