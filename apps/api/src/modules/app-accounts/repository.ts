import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { accountRoles } from '@sehha/contract/status-codes';
import { queryRows, type Database } from '../../db/database';
import { otpCodes } from '../../db/schema/app-accounts';
import { users } from '../../db/schema/accounts';

/** The counts the send limits read: codes sent in the last hour to this number, from this address, to this block of numbers. */
export type SendCounts = { number: number; address: number; prefix: number; lastSentSecondsAgo: number | null };

const accountColumns = {
  id: users.id,
  name: users.name,
  phone: users.phone,
  email: users.email,
  role: users.role,
  language: users.language,
  is_active: users.is_active,
  privacy_version: users.privacy_version,
  terms_version: users.terms_version,
  marketing_opt_in: users.marketing_opt_in,
};

export const appAccountRepository = {
  /**
   * Serialises the code sends that share a number, an address or a block of numbers, across every API process,
   * for the rest of the transaction: parallel requests then read counts that include each other's sends (the
   * limits hold exactly). The three keys are taken in one order, so two sends never wait for each other in a cycle.
   */
  async lockSends(db: Database, key: { phone: string; address: string; prefix: string }) {
    await db.execute(
      sql`select pg_advisory_xact_lock(k) from (
            select distinct hashtext(v)::bigint as k
            from unnest(array[${`otp:phone:${key.phone}`}, ${`otp:address:${key.address}`}, ${`otp:prefix:${key.prefix}`}]) as v
            order by 1) as keys`,
    );
  },

  /** Codes older than the longest window (an hour) count for nothing and sign in nothing: gone after a day. */
  async deleteOldCodes(db: Database) {
    await db.delete(otpCodes).where(sql`${otpCodes.created_at} < now() - interval '1 day'`);
  },

  async countSends(db: Database, key: { phone: string; address: string; prefix: string }): Promise<SendCounts> {
    const [row] = await queryRows<{ number: number; address: number; prefix: number; last_seconds: number | null }>(
      db,
      sql`select count(*) filter (where phone = ${key.phone})::int as number,
                 count(*) filter (where address = ${key.address})::int as address,
                 count(*) filter (where phone_prefix = ${key.prefix})::int as prefix,
                 extract(epoch from now() - max(created_at) filter (where phone = ${key.phone}))::float8 as last_seconds
          from otp_codes
          where created_at > now() - interval '1 hour'
            and (phone = ${key.phone} or address = ${key.address} or phone_prefix = ${key.prefix})`,
    );
    return {
      number: row?.number ?? 0,
      address: row?.address ?? 0,
      prefix: row?.prefix ?? 0,
      lastSentSecondsAgo: row?.last_seconds === null || row?.last_seconds === undefined ? null : Number(row.last_seconds),
    };
  },

  /** A new code makes every earlier one of the number void: only the latest text's code signs in. */
  async replaceCode(db: Database, code: { phone: string; prefix: string; address: string; codeHash: string; ttlSeconds: number }) {
    await db
      .update(otpCodes)
      .set({ used_at: sql`now()` })
      .where(and(eq(otpCodes.phone, code.phone), sql`${otpCodes.used_at} is null`));
    await db.insert(otpCodes).values({
      phone: code.phone,
      phone_prefix: code.prefix,
      address: code.address,
      code_hash: code.codeHash,
      expires_at: sql`now() + make_interval(secs => ${code.ttlSeconds})`,
    });
  },

  /** The number's unused, unexpired code, locked until the transaction ends (two right answers cannot both spend it). */
  findLiveCode(db: Database, phone: string) {
    return queryRows<{ id: string | number; code_hash: string; failed_attempts: number }>(
      db,
      sql`select id, code_hash, failed_attempts from otp_codes
          where phone = ${phone} and used_at is null and expires_at > now()
          order by id desc limit 1 for update`,
    ).then((rows) => (rows[0] ? { ...rows[0], id: Number(rows[0].id) } : undefined));
  },

  /** Counts a wrong answer; the code is void once `maxAttempts` wrong answers were given. */
  recordWrongCode(db: Database, id: number, maxAttempts: number) {
    return db
      .update(otpCodes)
      .set({
        failed_attempts: sql`${otpCodes.failed_attempts} + 1`,
        used_at: sql`case when ${otpCodes.failed_attempts} + 1 >= ${maxAttempts} then now() else ${otpCodes.used_at} end`,
      })
      .where(eq(otpCodes.id, id));
  },

  spendCode(db: Database, id: number) {
    return db
      .update(otpCodes)
      .set({ used_at: sql`now()` })
      .where(eq(otpCodes.id, id));
  },

  /** The app account of a phone: the oldest non-admin account with it (admins never sign in to the app). */
  findAccountByPhone(db: Database, phone: string) {
    return db
      .select(accountColumns)
      .from(users)
      .where(and(eq(users.phone, phone), ne(users.role, 'admin')))
      .orderBy(asc(users.id))
      .limit(1)
      .then((rows) => rows[0]);
  },

  findAccount(db: Database, id: number) {
    return db
      .select(accountColumns)
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .then((rows) => rows[0]);
  },

  createAccount(
    db: Database,
    account: {
      name: string;
      phone: string;
      email: string;
      passwordHash: string;
      role: (typeof accountRoles)[number];
      language: 'en' | 'ar';
    },
  ) {
    return db
      .insert(users)
      .values({
        name: account.name,
        phone: account.phone,
        email: account.email,
        password_hash: account.passwordHash,
        role: account.role,
        language: account.language,
      })
      .returning(accountColumns)
      .then((rows) => rows[0]!);
  },

  updateAccount(
    db: Database,
    id: number,
    patch: { name?: string | undefined; email?: string | undefined; phone?: string | undefined; language?: 'en' | 'ar' | undefined },
  ) {
    const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    return db
      .update(users)
      .set({ ...values, updated_at: sql`now()` })
      .where(eq(users.id, id))
      .returning(accountColumns)
      .then((rows) => rows[0]);
  },

  emailTaken(db: Database, email: string, exceptId: number) {
    return db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)))
      .limit(1)
      .then((rows) => rows.length > 0);
  },
};
