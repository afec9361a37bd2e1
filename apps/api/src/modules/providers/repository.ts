import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { providerStatuses, type ProviderKind, type ProviderStatus } from '@sehha/contract/status-codes';
import { canChangeProviderStatus, type ProviderSortColumn } from '@sehha/contract/providers';
import type { OptionalSort } from '@sehha/contract/fields';
import type { Database } from '../../db/database';
import { bulkUpdateAudited, idIn } from '../../db/bulk-update';
import { users } from '../../db/schema/accounts';
import { appointmentCounts } from '../../db/schema/counters';
import { specialities } from '../../db/schema/catalogs';
import { countries } from '../../db/schema/locations';
import { providerAttachments, providers } from '../../db/schema/providers';
import { deferredJoinPage } from '../../db/paging';
import { capturingListSource } from '../../db/list-capture';
import { cachedQueryRows } from '../../db/page-cache';
import type { Page } from '../../http/paginate';
import { matchesSearch, searchMatches } from '../../db/search';
import { namedRef, qualified } from '../../db/sql';
import { toIsoRequired } from '../../db/dates';
import { withTotal, type Total, counterNames, counterTotal } from '../../db/totals';

export type ProviderFilter = { status?: ProviderStatus | undefined; search?: string | undefined };
export type ProviderSort = OptionalSort<ProviderSortColumn>;

/**
 * The list's order: newest first, or oldest first when it lists the pending ones (those who waited longest
 * come first, issue 29), both by providers_kind[_status]_created_idx; or the chosen column with ties
 * broken by id in the same direction, walked by providers_kind[_status]_name_{en,ar}_idx or
 * providers_kind_status_id_idx forwards or backwards (never a sort of the kind's rows).
 */
function order(sort: ProviderSort & { status?: ProviderStatus | undefined }): SQL[] {
  if (!sort.sort && sort.status === 'pending') return [asc(providers.created_at), asc(providers.id)];
  if (!sort.sort) return [desc(providers.created_at), desc(providers.id)];
  const by = sort.direction === 'desc' ? desc : asc;
  const column = { name_en: providers.name_en, name_ar: providers.name_ar, created_at: providers.created_at, status: providers.status }[
    sort.sort
  ];
  return [by(column), by(providers.id)];
}

/** The account table again under another name, for subqueries beside the main join on users. */
const account = alias(users, 'account');

/**
 * The listed providers of a kind: active accounts only (deactivated ones are under users/deactivated;
 * providers.account_active is the account's is_active, kept by a trigger), optionally one review status.
 */
const listedOf = (kind: ProviderKind, filter: ProviderFilter) =>
  and(eq(providers.kind, kind), eq(providers.account_active, true), filter.status ? eq(providers.status, filter.status) : undefined)!;

/** Another name for providers, for the search's subqueries beside the list's own rows. */
const matched = alias(providers, 'matched');

/**
 * The kind's providers matching a search over the profile (names, address) or the account (name, email,
 * phone), as a UNION of the two trigram lookups: one OR over both would walk every provider of the kind
 * (a search that matches nothing read all 100k doctors).
 */
const matchingIds = (kind: ProviderKind, term: string) => sql`
  select ${matched.id} from ${providers} as ${matched} where ${matched.kind} = ${kind} and ${matchesSearch(matched.search, term)}
  union
  select ${matched.id} from ${providers} as ${matched}
  where ${matched.user_id} in (select ${account.id} from ${users} as ${account} where ${account.role} = ${kind} and ${matchesSearch(account.search, term)})`;

/** The listed providers under the filter (status, search). */
function listed(kind: ProviderKind, filter: ProviderFilter): SQL {
  const term = filter.search?.trim();
  return and(listedOf(kind, filter), term ? sql`${providers.id} in (${matchingIds(kind, term)})` : undefined)!;
}

/** The list's total without a search: the maintained counters of the kind, per status. */
const countersOf = (kind: ProviderKind, filter: ProviderFilter) =>
  counterTotal((filter.status ? [filter.status] : providerStatuses).map((status) => counterNames.provider(kind, status)));

const summaryColumns = {
  id: providers.id,
  kind: providers.kind,
  user_id: providers.user_id,
  name_ar: providers.name_ar,
  name_en: providers.name_en,
  status: providers.status,
  is_active: users.is_active,
};

/** A provider as its list shows it: the list's rows and the one record of item() (the review queue's). */
const listColumns = {
  id: providers.id,
  kind: providers.kind,
  user_id: providers.user_id,
  name_ar: providers.name_ar,
  name_en: providers.name_en,
  email: users.email,
  phone: users.phone,
  whatsapp_phone: users.whatsapp_phone,
  address: providers.address,
  is_special: providers.is_special,
  status: providers.status,
  is_active: users.is_active,
  country: namedRef(countries, providers.country_id),
  speciality: namedRef(specialities, providers.speciality_id),
  created_at: providers.created_at,
};

/**
 * The doctors' rows with their appointment counts (appointment_counts), read by one statement for the page's ids and
 * kept like a page: a booking voids these few counts, and the next request reads them again (a 15-row indexed read).
 */
async function withAppointmentCounts<T extends { id: number }>(
  db: Database,
  rows: T[],
): Promise<Array<T & { appointments_count: number }>> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const counts = await cachedQueryRows<{ provider_id: string | number; own: string | number }>(
    db,
    ['appointment_counts', ids],
    // One array parameter (not a list of them): one statement text, prepared once, whatever the page's size.
    () =>
      sql`select ${qualified(appointmentCounts.provider_id)} as provider_id, ${qualified(appointmentCounts.own)} as own from ${appointmentCounts}
          where ${qualified(appointmentCounts.provider_id)} = any(${`{${ids.join(',')}}`}::bigint[])`,
    { prepared: true },
  );
  const byId = new Map(counts.map((row) => [Number(row.provider_id), Number(row.own)]));
  return rows.map((row) => ({ ...row, appointments_count: byId.get(row.id) ?? 0 }));
}

export const providerRepository = {
  /**
   * One page, its rows joined only after the page's ids are picked (deferred join); the total is the
   * kind's counters, or under a search the matches, read once for the total and the page (searchMatches).
   */
  async page(db: Database, kind: ProviderKind, query: ProviderFilter & ProviderSort & { page: number; perPage: number }) {
    const where = listed(kind, query);
    // Doctors' appointment counts change with every booking: a page reads them beside its statement (countsBeside),
    // so that a booking voids only the counts, not the kept page; an export streams them with its rows.
    const countsInStatement = kind === 'doctor' && capturingListSource();
    const countsBeside = kind === 'doctor' && !countsInStatement;
    // Doctors' appointment count: the maintained count of appointment_counts, one indexed read per row.
    const appointmentsCount =
      sql<number>`coalesce((select ${qualified(appointmentCounts.own)} from ${appointmentCounts} where ${qualified(appointmentCounts.provider_id)} = ${qualified(providers.id)}), 0)`.mapWith(
        Number,
      );
    const select = (from: Pick<Database, 'select'>, filter: SQL | undefined, total: Total) =>
      from
        .select(
          withTotal(
            {
              ...listColumns,
              ...(countsInStatement ? { appointments_count: appointmentsCount } : {}),
            },
            total,
          ),
        )
        .from(providers)
        .innerJoin(users, eq(users.id, providers.user_id))
        .where(filter)
        .orderBy(...order(query))
        .$dynamic();
    const walk = (limit: number, offset: number) =>
      db
        .select({ id: providers.id })
        .from(providers)
        .where(where)
        .orderBy(...order(query))
        .limit(limit)
        .offset(offset);
    const present = <R extends { created_at: string }>(row: R) => ({ ...row, created_at: toIsoRequired(row.created_at) });
    const withCounts = async <T extends { id: number }>(page: Page<T>) =>
      countsBeside ? { ...page, items: await withAppointmentCounts(db, page.items) } : page;
    if (!query.search?.trim()) {
      const total = countersOf(kind, query);
      return withCounts(
        await deferredJoinPage(db, query, {
          shape: ['providers', query, kind],
          select: (filter) => select(db, filter, total),
          where,
          id: providers.id,
          ids: walk,
          total,
          present,
        }),
      );
    }
    const matches = searchMatches(
      db,
      providers,
      db
        .select({
          id: providers.id,
          created_at: providers.created_at,
          name_en: providers.name_en,
          name_ar: providers.name_ar,
          status: providers.status,
        })
        .from(providers)
        .where(where)
        .$dynamic(),
      order(query),
      walk,
    );
    return withCounts(
      await deferredJoinPage(db, query, {
        shape: ['providers', query, kind],
        select: (filter) => select(db.with(...matches.ctes), filter, matches.total),
        where,
        id: providers.id,
        ids: matches.ids,
        total: matches.totalAlone,
        present,
      }),
    );
  },

  /** One provider as its list shows it (the review queue's record), or undefined. */
  async item(db: Database, id: number) {
    const rows = await db.select(listColumns).from(providers).innerJoin(users, eq(users.id, providers.user_id)).where(eq(providers.id, id));
    const row = rows[0];
    if (!row) return undefined;
    const item = { ...row, created_at: toIsoRequired(row.created_at) };
    return row.kind === 'doctor' ? (await withAppointmentCounts(db, [item]))[0]! : item;
  },

  /** One provider with its account's activity; `lock` takes the provider and account rows for update. */
  find(db: Database, id: number, lock = false) {
    const query = db.select(summaryColumns).from(providers).innerJoin(users, eq(users.id, providers.user_id)).where(eq(providers.id, id));
    return (lock ? query.for('update') : query).then((rows) => rows[0]);
  },

  setStatus(db: Database, id: number, status: ProviderStatus) {
    return db
      .update(providers)
      .set({ status, updated_at: sql`now()` })
      .where(eq(providers.id, id));
  },

  /** Deactivates accounts that are still active; returns the ids it changed. */
  deactivateAccounts(db: Database, userIds: number[]) {
    if (userIds.length === 0) return Promise.resolve([] as number[]);
    return db
      .update(users)
      .set({ is_active: false, deactivated_at: sql`now()`, updated_at: sql`now()` })
      .where(and(inArray(users.id, userIds), eq(users.is_active, true)))
      .returning({ id: users.id })
      .then((rows) => rows.map((row) => row.id));
  },

  /** Every listed (active) account of the kind under the filter, locked for the deactivation. */
  lockListedAccounts(db: Database, kind: ProviderKind, filter: ProviderFilter) {
    return db
      .select({ user_id: providers.user_id, provider_id: providers.id })
      .from(providers)
      .innerJoin(users, eq(users.id, providers.user_id))
      .where(listed(kind, filter))
      .orderBy(asc(users.id))
      .for('update')
      .then((rows) => rows);
  },

  /** The listed providers of the kind among `ids`, locked so that the bulk update that follows sees them unchanged. */
  lockListedIds(db: Database, kind: ProviderKind, ids: number[]) {
    return db
      .select({ id: providers.id })
      .from(providers)
      .where(and(listedOf(kind, {}), idIn(providers.id, ids)))
      .orderBy(asc(providers.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  /** Every listed provider of the kind under the filter (status, search), locked for a bulk action. */
  lockListed(db: Database, kind: ProviderKind, filter: ProviderFilter) {
    return db
      .select({ id: providers.id })
      .from(providers)
      .where(listed(kind, filter))
      .orderBy(asc(providers.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  /** The providers of the kind among `ids`, whatever their account's state, locked for a bulk deactivation. */
  lockKindIds(db: Database, kind: ProviderKind, ids: number[]) {
    return db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.kind, kind), idIn(providers.id, ids)))
      .orderBy(asc(providers.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  /**
   * Moves the listed providers of the kind among `ids` (locked by the caller: lockListedIds, lockListed)
   * that may move from their status to `to`, with one audit row per provider changed, in ONE statement
   * (bulkUpdateAudited), the decision's `details` (reasons) in each audit row's "after". Must run in the
   * caller's transaction. Answers the ids changed.
   */
  async bulkSetStatus(db: Database, actorId: number, kind: ProviderKind, ids: number[], to: ProviderStatus, details: object = {}) {
    const from = providerStatuses.filter((status) => canChangeProviderStatus(status, to));
    const scope = and(listedOf(kind, {}), idIn(providers.id, ids));
    const changed = await bulkUpdateAudited(db, {
      actorId,
      action: 'status',
      entity: 'provider',
      changed: sql`update ${providers} set status = ${to}, updated_at = now()
        from ${providers} as previous
        where previous.id = ${providers.id} and ${scope} and ${inArray(providers.status, from)}
        returning ${providers.id}::text as entity_id, jsonb_build_object('status', previous.status) as before,
          jsonb_build_object('status', ${to}::text, 'bulk', true) || ${JSON.stringify(details)}::jsonb as after`,
    });
    return changed.map(Number);
  },

  /** The accounts of the providers `ids` (each decision's notification goes to its provider's account). */
  accountsOf(db: Database, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([] as { id: number; user_id: number }[]);
    return db
      .select({ id: providers.id, user_id: providers.user_id })
      .from(providers)
      .where(idIn(providers.id, ids))
      .orderBy(asc(providers.id))
      .then((rows) => rows);
  },

  /**
   * Deactivates the accounts of the kind's providers among `ids` (locked by the caller) that are still
   * active and revokes their tokens, one `deactivate` audit row per provider, in ONE statement; already
   * deactivated ones are skipped. Must run in the caller's transaction.
   */
  async bulkDeactivate(db: Database, actorId: number, kind: ProviderKind, ids: number[]) {
    const scope = and(eq(providers.kind, kind), idIn(providers.id, ids));
    const changed = await bulkUpdateAudited(db, {
      actorId,
      action: 'deactivate',
      entity: 'provider',
      revokeTokensOf: true,
      changed: sql`update ${users} set is_active = false, deactivated_at = now(), updated_at = now()
        from ${providers}
        where ${providers.user_id} = ${users.id} and ${users.is_active} = true and ${scope}
        returning ${providers.id}::text as entity_id, jsonb_build_object('is_active', true) as before,
          jsonb_build_object('is_active', false, 'bulk', true) as after, ${users.id} as user_id`,
    });
    return changed.length;
  },

  attachments(db: Database, providerId: number) {
    return db
      .select({
        id: providerAttachments.id,
        kind: providerAttachments.kind,
        path: providerAttachments.path,
        original_name: providerAttachments.original_name,
        mime_type: providerAttachments.mime_type,
        size: providerAttachments.size,
        created_at: providerAttachments.created_at,
      })
      .from(providerAttachments)
      .where(eq(providerAttachments.provider_id, providerId))
      .orderBy(asc(providerAttachments.id));
  },
};

export type ProviderRecord = NonNullable<Awaited<ReturnType<typeof providerRepository.find>>>;
