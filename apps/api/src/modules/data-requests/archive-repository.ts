import { asc, eq, getTableColumns, sql, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { appointments } from '../../db/schema/appointments';
import { paymentIntents } from '../../db/schema/payment-intents';
import { prescriptions } from '../../db/schema/prescriptions';
import { accessLogs, consents, dataRequests } from '../../db/schema/privacy';
import { providers } from '../../db/schema/providers';
import { outbox } from '../../db/schema/outbox';
import { payments, userSubscriptions } from '../../db/schema/subscriptions';

/** Columns never handed out, even to the person: secrets, and keys kept for the platform's own lookups. */
const withheld = new Set(['password_hash', 'totp_secret', 'totp_last_step', 'search', 'idempotency_key']);
/** An access log row's reader's address and browser are the reader's data, not the person's. */
const readerOnly = new Set(['address', 'user_agent']);

function columnsWithout<T extends Table>(table: T, left: ReadonlySet<string>): Record<string, PgColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !left.has(name))) as Record<string, PgColumn>;
}

/** The rows of `table` whose `owner` is the person, in id order, without the withheld columns. */
const rowsOf = (db: Database, table: Table & { id: PgColumn }, owner: PgColumn, userId: number) =>
  db.select(columnsWithout(table, withheld)).from(table).where(eq(owner, userId)).orderBy(asc(table.id)) as Promise<
    Array<Record<string, unknown>>
  >;

/**
 * Everything Sehha holds about one person, by the tables that name them (issue 28: an access request's archive).
 * Each read is filtered by the person's id, nothing else: the archive holds exactly their rows.
 */
export const archiveRepository = {
  async collect(db: Database, userId: number) {
    const [account] = await db.select(columnsWithout(users, withheld)).from(users).where(eq(users.id, userId));
    return {
      profile: { account: account ?? null, provider: (await rowsOf(db, providers, providers.user_id, userId))[0] ?? null },
      appointments: {
        appointments: await rowsOf(db, appointments, appointments.user_id, userId),
        payment_intents: await rowsOf(db, paymentIntents, paymentIntents.user_id, userId),
      },
      prescriptions: (await rowsOf(db, prescriptions, prescriptions.user_id, userId)) as Array<
        Record<string, unknown> & { id: number; images: string[] }
      >,
      subscriptions: {
        subscriptions: await rowsOf(db, userSubscriptions, userSubscriptions.user_id, userId),
        payments: await rowsOf(db, payments, payments.user_id, userId),
      },
      consents: await rowsOf(db, consents, consents.user_id, userId),
      dataRequests: await rowsOf(db, dataRequests, dataRequests.user_id, userId),
      accessLog: (await db
        .select(columnsWithout(accessLogs, readerOnly))
        .from(accessLogs)
        .where(sql`${accessLogs.subject_user_ids} @> array[${userId}]::bigint[]`)
        .orderBy(asc(accessLogs.id))) as Array<Record<string, unknown>>,
      messages: await rowsOf(db, outbox, outbox.user_id, userId),
    };
  },
};

export type PersonData = Awaited<ReturnType<typeof archiveRepository.collect>>;
