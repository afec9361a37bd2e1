import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ProviderKind } from '@sehha/contract/status-codes';
import type { ApplicationDocumentKind } from '@sehha/contract/provider-applications';
import { queryRows, type Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { auditLogs } from '../../db/schema/audit';
import { licenses, providerAttachments, providers } from '../../db/schema/providers';

/** A file stored for the application, as its rows record it. */
export type StoredDocument = { kind: ApplicationDocumentKind; path: string; originalName: string; mime: string; size: number };

/** The profile an application writes (the provider's row and its account's email and WhatsApp number). */
export type ApplicationProfile = {
  kind: ProviderKind;
  name_ar: string;
  name_en: string;
  email: string;
  country_id: number;
  city_id: number;
  state_id: number;
  address: string;
  whatsapp_phone: string;
  speciality_id: number | null;
  consultation_fee: number | null;
  institution_type_id: number | null;
};

/** The audit action that records a sent application; the limits count these rows. */
const applyAction = 'apply';

export const applicationRepository = {
  /** The account's provider row, if it ever applied (or was made a provider). `lock`: until the transaction ends. */
  async findByAccount(db: Database, accountId: number, lock = false) {
    const query = db
      .select({
        id: providers.id,
        kind: providers.kind,
        status: providers.status,
        photo: providers.photo,
        submitted_at: providers.submitted_at,
        name_ar: providers.name_ar,
        name_en: providers.name_en,
        country_id: providers.country_id,
        city_id: providers.city_id,
        state_id: providers.state_id,
        address: providers.address,
        speciality_id: providers.speciality_id,
        consultation_fee: providers.consultation_fee,
        institution_type_id: providers.institution_type_id,
        email: users.email,
        whatsapp_phone: users.whatsapp_phone,
        role: users.role,
      })
      .from(providers)
      .innerJoin(users, eq(users.id, providers.user_id))
      .where(eq(providers.user_id, accountId))
      .limit(1);
    const rows = lock ? await query.for('update', { of: providers }) : await query;
    return rows[0];
  },

  /**
   * Serialises the applications of one account and of one client address across every API process until the
   * transaction ends, so that parallel requests count each other (the limits hold exactly) and see each
   * other's provider row. The keys are taken in one order, so two applications never wait in a cycle.
   */
  async lockApplicant(db: Database, key: { accountId: number; address: string }) {
    await db.execute(
      sql`select pg_advisory_xact_lock(k) from (
            select distinct hashtext(v)::bigint as k
            from unnest(array[${`apply:account:${key.accountId}`}, ${`apply:address:${key.address}`}]) as v
            order by 1) as keys`,
    );
  },

  /** Applications sent in the last hour by the account and from the address (the audit rows of `recordSent`). */
  async countRecent(db: Database, key: { accountId: number; address: string }) {
    const [row] = await queryRows<{ account: number; address: number }>(
      db,
      sql`select count(*) filter (where actor_id = ${key.accountId})::int as account,
                 count(*) filter (where after->>'address' = ${key.address})::int as address
          from ${auditLogs}
          where action = ${applyAction} and entity = 'provider' and created_at > now() - interval '1 hour'
            and (actor_id = ${key.accountId} or after->>'address' = ${key.address})`,
    );
    return { account: row?.account ?? 0, address: row?.address ?? 0 };
  },

  /** The audit row of a sent application: who, from where, which round (what the limits count). */
  recordSent(db: Database, entry: { accountId: number; providerId: number; address: string; kind: ProviderKind; round: number }) {
    return db.insert(auditLogs).values({
      actor_id: entry.accountId,
      action: applyAction,
      entity: 'provider',
      entity_id: String(entry.providerId),
      after: { kind: entry.kind, round: entry.round, address: entry.address },
    });
  },

  /**
   * Which of the application's references are usable: the country active, the city active and in that
   * country, the state active and in that city, the speciality known, the institution type active.
   */
  async references(
    db: Database,
    ref: { countryId: number; cityId: number; stateId: number; specialityId: number | null; typeId: number | null },
  ) {
    const [row] = await queryRows<{ country: boolean; city: boolean; state: boolean; speciality: boolean; type: boolean }>(
      db,
      sql`select
            exists(select 1 from countries where id = ${ref.countryId} and is_active) as country,
            exists(select 1 from cities where id = ${ref.cityId} and country_id = ${ref.countryId} and is_active) as city,
            exists(select 1 from states where id = ${ref.stateId} and city_id = ${ref.cityId} and is_active) as state,
            (${ref.specialityId}::bigint is null or exists(select 1 from specialities where id = ${ref.specialityId}::bigint)) as speciality,
            (${ref.typeId}::bigint is null or exists(select 1 from institution_types where id = ${ref.typeId}::bigint and is_active)) as type`,
    );
    return row!;
  },

  /** The account becomes a provider of its kind, with the application's email and WhatsApp number. */
  updateAccount(db: Database, accountId: number, profile: ApplicationProfile) {
    return db
      .update(users)
      .set({ role: profile.kind, email: profile.email, whatsapp_phone: profile.whatsapp_phone, updated_at: sql`now()` })
      .where(eq(users.id, accountId));
  },

  /** A new pending provider; the providers_user_unique index refuses a second one for the account. */
  async createProvider(db: Database, accountId: number, profile: ApplicationProfile, photo: string | null) {
    const [row] = await db
      .insert(providers)
      .values({ ...providerColumns(profile), kind: profile.kind, user_id: accountId, photo, status: 'pending' })
      .returning({ id: providers.id });
    return row!.id;
  },

  /** A resubmission: the corrected profile, back to pending, a new round starting now. */
  updateProvider(db: Database, providerId: number, profile: ApplicationProfile, photo: string | undefined) {
    return db
      .update(providers)
      .set({
        ...providerColumns(profile),
        ...(photo === undefined ? {} : { photo }),
        status: 'pending',
        submitted_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(providers.id, providerId));
  },

  /** Removes the provider's documents of these kinds (a resubmission replaces them); their storage keys. */
  async removeDocuments(db: Database, providerId: number, kinds: readonly ApplicationDocumentKind[]) {
    if (kinds.length === 0) return [];
    const removed = await db
      .delete(providerAttachments)
      .where(and(eq(providerAttachments.provider_id, providerId), inArray(providerAttachments.kind, [...kinds])))
      .returning({ path: providerAttachments.path });
    return removed.map((row) => row.path);
  },

  async addDocuments(db: Database, providerId: number, documents: readonly StoredDocument[]) {
    if (documents.length === 0) return;
    await db.insert(providerAttachments).values(
      documents.map((document) => ({
        provider_id: providerId,
        kind: document.kind,
        path: document.path,
        original_name: document.originalName,
        mime_type: document.mime,
        size: document.size,
      })),
    );
  },

  /** The provider's current license document (the one a license row without a new file points at). */
  currentLicenseDocument(db: Database, providerId: number) {
    return db
      .select({
        path: providerAttachments.path,
        original_name: providerAttachments.original_name,
        mime_type: providerAttachments.mime_type,
      })
      .from(providerAttachments)
      .where(and(eq(providerAttachments.provider_id, providerId), eq(providerAttachments.kind, 'license')))
      .orderBy(desc(providerAttachments.id))
      .limit(1)
      .then((rows) => rows[0]);
  },

  addLicense(
    db: Database,
    providerId: number,
    license: { number: string; expiresOn: string; path: string; originalName: string; mime: string },
  ) {
    return db.insert(licenses).values({
      provider_id: providerId,
      number: license.number,
      expires_on: license.expiresOn,
      path: license.path,
      original_name: license.originalName,
      mime_type: license.mime,
      status: 'pending',
    });
  },

  /** Which of these storage keys license rows still point at (kept as the licenses' history). */
  async keysInLicenses(db: Database, providerId: number, keys: readonly string[]) {
    if (keys.length === 0) return new Set<string>();
    const rows = await db
      .select({ path: licenses.path })
      .from(licenses)
      .where(and(eq(licenses.provider_id, providerId), inArray(licenses.path, [...keys])));
    return new Set(rows.map((row) => row.path));
  },

  latestLicense(db: Database, providerId: number) {
    return db
      .select({ number: licenses.number, expires_on: licenses.expires_on, status: licenses.status })
      .from(licenses)
      .where(eq(licenses.provider_id, providerId))
      .orderBy(desc(licenses.id))
      .limit(1)
      .then((rows) => rows[0]);
  },
};

const providerColumns = (profile: ApplicationProfile) => ({
  name_ar: profile.name_ar,
  name_en: profile.name_en,
  country_id: profile.country_id,
  city_id: profile.city_id,
  state_id: profile.state_id,
  address: profile.address,
  speciality_id: profile.speciality_id,
  consultation_fee: profile.consultation_fee,
  institution_type_id: profile.institution_type_id,
});
