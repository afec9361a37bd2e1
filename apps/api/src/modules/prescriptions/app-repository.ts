import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { toIso, toIsoRequired } from '../../db/dates';
import { selectPage } from '../../db/paging';
import { countOf, noTotal, withTotal, type Total } from '../../db/totals';
import { users } from '../../db/schema/accounts';
import { prescriptions } from '../../db/schema/prescriptions';
import { providers } from '../../db/schema/providers';
import { visible } from '../directory/visibility';

/** One prescription as the app's lists read it: the pharmacy's names, the patient, the images' keys, the reply. */
const columns = {
  id: prescriptions.id,
  images: prescriptions.images,
  note: prescriptions.note,
  reply_status: prescriptions.reply_status,
  reply_price: prescriptions.reply_price,
  reply_note: prescriptions.reply_note,
  replied_at: prescriptions.replied_at,
  images_purged_at: prescriptions.images_purged_at,
  created_at: prescriptions.created_at,
  pharmacy: { id: providers.id, name_ar: providers.name_ar, name_en: providers.name_en },
  patient: { id: users.id, name: users.name },
};

type Row = {
  id: number;
  images: string[];
  note: string | null;
  reply_status: 'available' | 'partly_available' | 'unavailable' | null;
  reply_price: number | null;
  reply_note: string | null;
  replied_at: string | null;
  images_purged_at: string | null;
  created_at: string;
  pharmacy: { id: number; name_ar: string; name_en: string };
  patient: { id: number; name: string };
};

/** A purged prescription names no image, even while the retention job still holds its keys to remove the files. */
const present = (row: Row) => ({
  ...row,
  images: row.images_purged_at === null ? row.images : [],
  replied_at: toIso(row.replied_at),
  images_purged_at: toIso(row.images_purged_at),
  created_at: toIsoRequired(row.created_at),
});
export type AppPrescriptionRow = ReturnType<typeof present>;

const joined = (db: Database, total: Total) =>
  db
    .select(withTotal(columns, total))
    .from(prescriptions)
    .innerJoin(providers, eq(providers.id, prescriptions.pharmacy_id))
    .innerJoin(users, eq(users.id, prescriptions.user_id))
    .$dynamic();

/** The app's side of prescriptions: a patient's own, a pharmacy's received ones, the reply. */
export const appPrescriptionRepository = {
  /** A pharmacy a prescription may be sent to: one the directory lists on `day` (approved, active, licensed). */
  listedPharmacy(db: Database, id: number, day: string) {
    return db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.id, id), visible(providers, 'pharmacy', day)))
      .then((rows) => rows[0]);
  },

  /** The pharmacy profile of a pharmacy account, whatever its status (its received prescriptions stay its own). */
  pharmacyOfAccount(db: Database, userId: number) {
    return db
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.user_id, userId), eq(providers.kind, 'pharmacy')))
      .then((rows) => rows[0]?.id);
  },

  /** The prescription an account sent with this Idempotency-Key, if any. */
  byIdempotencyKey(db: Database, userId: number, key: string) {
    return db
      .select({ id: prescriptions.id, request_hash: prescriptions.request_hash })
      .from(prescriptions)
      .where(and(eq(prescriptions.user_id, userId), eq(prescriptions.idempotency_key, key)))
      .then((rows) => rows[0]);
  },

  /** Locks the account's row: parallel uploads of one account count and insert one after the other. */
  async lockAccount(db: Database, userId: number) {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  /** Prescriptions the account sent since `since` (its user_id index). */
  countSince(db: Database, userId: number, since: Date) {
    return db
      .select({ count: sql<number>`count(*)::int` })
      .from(prescriptions)
      .where(and(eq(prescriptions.user_id, userId), gte(prescriptions.created_at, since.toISOString())))
      .then((rows) => Number(rows[0]?.count ?? 0));
  },

  async insert(
    db: Database,
    values: {
      userId: number;
      pharmacyId: number;
      images: string[];
      note: string | null;
      idempotencyKey: string | null;
      requestHash: string | null;
    },
  ) {
    const [row] = await db
      .insert(prescriptions)
      .values({
        user_id: values.userId,
        pharmacy_id: values.pharmacyId,
        images: values.images,
        note: values.note,
        idempotency_key: values.idempotencyKey,
        request_hash: values.requestHash,
      })
      .returning({ id: prescriptions.id });
    return row!.id;
  },

  /** One prescription, if it is the patient's own (`userId`) or was sent to the pharmacy (`pharmacyId`). */
  one(db: Database, owner: { userId: number } | { pharmacyId: number }, id: number) {
    const mine = 'userId' in owner ? eq(prescriptions.user_id, owner.userId) : eq(prescriptions.pharmacy_id, owner.pharmacyId);
    return joined(db, noTotal)
      .where(and(eq(prescriptions.id, id), mine))
      .then((rows) => (rows[0] ? present(rows[0]) : undefined));
  },

  /** The patient's prescriptions, newest first. */
  patientPage(db: Database, userId: number, query: { page: number; perPage: number }) {
    const where = eq(prescriptions.user_id, userId);
    const total = countOf(db, prescriptions, where);
    return selectPage(db, joined(db, total).where(where).orderBy(desc(prescriptions.created_at), desc(prescriptions.id)), query, {
      shape: ['my_prescriptions', query, userId],
      total,
      present,
    });
  },

  /**
   * A pharmacy's prescriptions: waiting ones oldest first (the queue it works through), replied ones newest
   * reply first, all of them newest first.
   */
  pharmacyPage(db: Database, pharmacyId: number, query: { page: number; perPage: number; status?: 'waiting' | 'replied' | undefined }) {
    const mine = eq(prescriptions.pharmacy_id, pharmacyId);
    const where =
      query.status === 'waiting'
        ? and(mine, isNull(prescriptions.reply_status))
        : query.status === 'replied'
          ? and(mine, isNotNull(prescriptions.reply_status))
          : mine;
    const order =
      query.status === 'waiting'
        ? [asc(prescriptions.created_at), asc(prescriptions.id)]
        : query.status === 'replied'
          ? [desc(prescriptions.replied_at), desc(prescriptions.id)]
          : [desc(prescriptions.created_at), desc(prescriptions.id)];
    const total = countOf(db, prescriptions, where);
    return selectPage(
      db,
      joined(db, total)
        .where(where)
        .orderBy(...order),
      query,
      {
        shape: ['pharmacy_prescriptions', query, pharmacyId],
        total,
        present,
      },
    );
  },

  /** The pharmacy's prescription, locked for its reply, with the pharmacy's names; undefined when it is another's (or none). */
  lockForReply(db: Database, pharmacyId: number, id: number) {
    return db
      .select({
        id: prescriptions.id,
        user_id: prescriptions.user_id,
        reply_status: prescriptions.reply_status,
        pharmacy: { name_ar: providers.name_ar, name_en: providers.name_en },
      })
      .from(prescriptions)
      .innerJoin(providers, eq(providers.id, prescriptions.pharmacy_id))
      .where(and(eq(prescriptions.id, id), eq(prescriptions.pharmacy_id, pharmacyId)))
      .for('update', { of: prescriptions })
      .then((rows) => rows[0]);
  },

  async reply(
    db: Database,
    id: number,
    reply: { status: 'available' | 'partly_available' | 'unavailable'; price: number | null; note: string | null },
  ) {
    await db
      .update(prescriptions)
      .set({ reply_status: reply.status, reply_price: reply.price, reply_note: reply.note, replied_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(prescriptions.id, id));
  },
};
