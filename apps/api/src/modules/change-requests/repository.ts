import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { bulkUpdateAudited, idIn } from '../../db/bulk-update';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { changeRequests } from '../../db/schema/change-requests';
import { providers } from '../../db/schema/providers';
import { specialities } from '../../db/schema/catalogs';
import { toIso, toIsoRequired } from '../../db/dates';

const requestedSpeciality = alias(specialities, 'requested_speciality');
const currentSpeciality = alias(specialities, 'current_speciality');

/** The requested speciality id, only when it is a plain whole number (a hostile value never breaks the query). */
const requestedSpecialityId = sql`case when ${changeRequests.changes}->>'speciality_id' ~ '^[0-9]{1,15}$' then (${changeRequests.changes}->>'speciality_id')::bigint end`;

const columns = {
  id: changeRequests.id,
  status: changeRequests.status,
  changes: changeRequests.changes,
  reason: changeRequests.reason,
  created_at: changeRequests.created_at,
  decided_at: changeRequests.decided_at,
  user_id: users.id,
  user_name: users.name,
  user_email: users.email,
  user_role: users.role,
  user_phone: users.phone,
  user_whatsapp_phone: users.whatsapp_phone,
  provider_id: providers.id,
  provider_kind: providers.kind,
  provider_address: providers.address,
  provider_name_ar: providers.name_ar,
  provider_name_en: providers.name_en,
  provider_fee: providers.consultation_fee,
  current_speciality_id: currentSpeciality.id,
  current_speciality_ar: currentSpeciality.name_ar,
  current_speciality_en: currentSpeciality.name_en,
  requested_speciality_id: requestedSpeciality.id,
  requested_speciality_ar: requestedSpeciality.name_ar,
  requested_speciality_en: requestedSpeciality.name_en,
};

function select(db: Database) {
  return db
    .select(columns)
    .from(changeRequests)
    .innerJoin(users, eq(users.id, changeRequests.user_id))
    .leftJoin(providers, eq(providers.user_id, users.id))
    .leftJoin(currentSpeciality, eq(currentSpeciality.id, providers.speciality_id))
    .leftJoin(requestedSpeciality, sql`${requestedSpeciality.id} = ${requestedSpecialityId}`);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const speciality = (id: number | null, ar: string | null, en: string | null) => (id === null ? null : { id, name_ar: ar!, name_en: en! });

/** The account's current value of one requested field. */
function currentValue(row: Row, field: string) {
  switch (field) {
    case 'name':
      return row.user_name;
    case 'phone':
      return row.user_phone;
    case 'whatsapp_phone':
      return row.user_whatsapp_phone;
    case 'address':
      return row.provider_address;
    case 'name_ar':
      return row.provider_name_ar;
    case 'name_en':
      return row.provider_name_en;
    case 'consultation_fee':
      return row.provider_fee;
    case 'speciality_id':
      return speciality(row.current_speciality_id, row.current_speciality_ar, row.current_speciality_en);
    default:
      return null;
  }
}

function shown(value: unknown) {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null
    ? value
    : JSON.stringify(value);
}

const present = (row: Row) => ({
  id: row.id,
  status: row.status,
  user: { id: row.user_id, name: row.user_name, email: row.user_email, role: row.user_role },
  changes: Object.entries(row.changes ?? {}).map(([field, requested]) => ({
    field,
    current: currentValue(row, field),
    requested:
      field === 'speciality_id' && row.requested_speciality_id !== null
        ? speciality(row.requested_speciality_id, row.requested_speciality_ar, row.requested_speciality_en)
        : shown(requested),
  })),
  reason: row.reason,
  created_at: toIsoRequired(row.created_at),
  decided_at: toIso(row.decided_at),
});

export type AccountTarget = { userId: number; providerId: number | null; providerKind: string | null };

export const changeRequestRepository = {
  /**
   * The full list: waiting requests first, the oldest of them first (who waited longest, issue 29), then the
   * decided ones, newest first.
   */
  all(db: Database) {
    const waiting = sql`${changeRequests.status} = 0`;
    return select(db)
      .orderBy(
        sql`${waiting} desc`,
        sql`case when ${waiting} then ${changeRequests.created_at} end asc`,
        sql`case when ${waiting} then ${changeRequests.id} end asc`,
        desc(changeRequests.created_at),
        desc(changeRequests.id),
      )
      .then((rows) => rows.map(present));
  },

  find(db: Database, id: number) {
    return select(db)
      .where(eq(changeRequests.id, id))
      .then((rows) => (rows[0] ? present(rows[0]) : undefined));
  },

  /** The raw request, locked so that two admins cannot decide it at once. */
  lock(db: Database, id: number) {
    return db
      .select({ id: changeRequests.id, status: changeRequests.status, changes: changeRequests.changes, user_id: changeRequests.user_id })
      .from(changeRequests)
      .where(eq(changeRequests.id, id))
      .for('update')
      .then((rows) => rows[0]);
  },

  /** The account a request belongs to and its provider profile, if any, locked for the change. */
  target(db: Database, userId: number) {
    return db
      .select({ userId: users.id, providerId: providers.id, providerKind: providers.kind })
      .from(users)
      .leftJoin(providers, eq(providers.user_id, users.id))
      .where(eq(users.id, userId))
      .for('update', { of: users })
      .then((rows): AccountTarget | undefined => rows[0]);
  },

  /** The account's and its provider profile's columns a request may change, as stored (an acceptance's undo puts them back). */
  async profile(db: Database, target: AccountTarget) {
    const [account] = await db
      .select({ name: users.name, phone: users.phone, whatsapp_phone: users.whatsapp_phone })
      .from(users)
      .where(eq(users.id, target.userId));
    const [provider] =
      target.providerId === null
        ? []
        : await db
            .select({
              name_ar: providers.name_ar,
              name_en: providers.name_en,
              address: providers.address,
              speciality_id: providers.speciality_id,
              consultation_fee: providers.consultation_fee,
            })
            .from(providers)
            .where(eq(providers.id, target.providerId));
    return { account: account ?? null, provider: provider ?? null };
  },

  /**
   * Puts back the account's and provider profile's values an acceptance replaced (its undo): only the columns
   * `profile` reads, whatever else the stored values name.
   */
  async restoreProfile(
    db: Database,
    target: AccountTarget,
    values: { account: Record<string, unknown>; provider: Record<string, unknown> },
  ) {
    // The stored values were read from these very columns (profile): the casts name their types back.
    const only = (row: Record<string, unknown>, keys: readonly string[]) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => keys.includes(key)));
    await this.updateAccount(
      db,
      target.userId,
      only(values.account, ['name', 'phone', 'whatsapp_phone']) as Parameters<typeof this.updateAccount>[2],
    );
    if (target.providerId !== null)
      await this.updateProvider(
        db,
        target.providerId,
        only(values.provider, ['name_ar', 'name_en', 'address', 'speciality_id', 'consultation_fee']) as Parameters<
          typeof this.updateProvider
        >[2],
      );
  },

  /** A decided request waiting again (its decision undone): no decision, decider, time or reason. */
  reopen(db: Database, id: number) {
    return db
      .update(changeRequests)
      .set({ status: 0, decided_by: null, decided_at: null, reason: null, updated_at: sql`now()` })
      .where(eq(changeRequests.id, id));
  },

  specialityExists(db: Database, id: number) {
    return db
      .select({ id: specialities.id })
      .from(specialities)
      .where(eq(specialities.id, id))
      .then((rows) => rows.length > 0);
  },

  updateAccount(
    db: Database,
    userId: number,
    values: { name?: string | undefined; phone?: string | undefined; whatsapp_phone?: string | undefined },
  ) {
    if (Object.keys(values).length === 0) return Promise.resolve();
    return db
      .update(users)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(users.id, userId));
  },

  updateProvider(
    db: Database,
    providerId: number,
    values: {
      name_ar?: string | undefined;
      name_en?: string | undefined;
      address?: string | undefined;
      speciality_id?: number | undefined;
      consultation_fee?: number | undefined;
    },
  ) {
    if (Object.keys(values).length === 0) return Promise.resolve();
    return db
      .update(providers)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(providers.id, providerId));
  },

  /** Which of `ids` are change requests (waiting or decided), locked for a bulk decision. */
  lockIds(db: Database, ids: number[]) {
    return db
      .select({ id: changeRequests.id })
      .from(changeRequests)
      .where(idIn(changeRequests.id, ids))
      .orderBy(asc(changeRequests.id))
      .for('update')
      .then((rows) => rows.map((row) => row.id));
  },

  /**
   * The waiting requests among the ids, or under the list's filter (`state`: decided ones are never
   * waiting), oldest first and locked: what a bulk decision may decide.
   */
  lockWaiting(db: Database, target: { ids: number[] } | { filter: { state?: 'waiting' | 'decided' | undefined } }) {
    const scope = 'ids' in target ? idIn(changeRequests.id, target.ids) : target.filter.state === 'decided' ? sql`false` : undefined;
    return db
      .select({ id: changeRequests.id, changes: changeRequests.changes, user_id: changeRequests.user_id })
      .from(changeRequests)
      .where(and(eq(changeRequests.status, 0), scope))
      .orderBy(asc(changeRequests.id))
      .for('update');
  },

  /** Decides the given waiting requests, one audit row each (approve or reject), in ONE statement. */
  async bulkDecide(db: Database, actorId: number, ids: number[], status: 1 | 2, reason: string | null) {
    if (ids.length === 0) return 0;
    const changed = await bulkUpdateAudited(db, {
      actorId,
      action: status === 1 ? 'approve' : 'reject',
      entity: 'change_request',
      changed: sql`update ${changeRequests} set status = ${status}, decided_by = ${actorId}, decided_at = now(), updated_at = now(), reason = ${reason}
        where ${changeRequests.status} = 0 and ${idIn(changeRequests.id, ids)}
        returning ${changeRequests.id}::text as entity_id, jsonb_build_object('status', 0, 'changes', ${changeRequests.changes}) as before,
          jsonb_build_object('status', ${status}::int, 'bulk', true, 'reason', ${reason}::text) as after`,
    });
    return changed.length;
  },

  decide(db: Database, id: number, status: 1 | 2, adminId: number, reason: string | null) {
    return db
      .update(changeRequests)
      .set({ status, decided_by: adminId, decided_at: sql`now()`, updated_at: sql`now()`, reason })
      .where(inArray(changeRequests.id, [id]));
  },
};

export type ChangeRequestRecord = NonNullable<Awaited<ReturnType<typeof changeRequestRepository.find>>>;
