import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { activeAppointmentStatuses, openDataRequestStatuses } from '@sehha/contract/status-codes';
import type { Database } from '../../db/database';
import { accessTokens, recoveryCodes, users } from '../../db/schema/accounts';
import { otpCodes } from '../../db/schema/app-accounts';
import { appointments } from '../../db/schema/appointments';
import { auditLogs } from '../../db/schema/audit';
import { changeRequests } from '../../db/schema/change-requests';
import { loginAttempts } from '../../db/schema/login-throttle';
import { outbox } from '../../db/schema/outbox';
import { prescriptions } from '../../db/schema/prescriptions';
import { dataRequests } from '../../db/schema/privacy';
import { licenses, pharmacyBranches, providerAds, providerAttachments, providerReviews, providers } from '../../db/schema/providers';

export type ErasedAccount = {
  name: string;
  email: string;
  /** Every phone the account held: sign-in, WhatsApp. */
  phones: string[];
};

/** Rewrites a value quoted somewhere (jsonb or text) with the person's values replaced; unchanged values come back as they were. */
export type Scrub = (value: unknown) => unknown;
export type ScrubText = (value: string | null) => string | null;

/** The rows an erasure reads and rewrites. Every write takes the erasure's transaction. */
export const erasureRepository = {
  /** The account, locked: two erasures of one account run one after the other (the second finds it erased). */
  async lockAccount(tx: Database, userId: number) {
    const [row] = await tx
      .select({
        id: users.id,
        role: users.role,
        name: users.name,
        email: users.email,
        phone: users.phone,
        whatsapp_phone: users.whatsapp_phone,
        erased_at: users.erased_at,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row;
  },

  async providerOf(tx: Database, userId: number) {
    const [row] = await tx
      .select({ id: providers.id, name_en: providers.name_en, name_ar: providers.name_ar, address: providers.address })
      .from(providers)
      .where(eq(providers.user_id, userId));
    return row;
  },

  /** A held or booked visit still ahead, with the provider or at its facility: the provider's patients expect it. */
  async hasFutureAppointments(tx: Database, providerId: number, now: Date) {
    const [row] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          or(eq(appointments.provider_id, providerId), eq(appointments.facility_id, providerId)),
          inArray(appointments.status, [...activeAppointmentStatuses]),
          gt(appointments.starts_at, now.toISOString()),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** The string values the account's change requests asked for (an earlier or wished-for name, phone, email). */
  async requestedValues(tx: Database, userId: number): Promise<string[]> {
    const rows = await tx.select({ changes: changeRequests.changes }).from(changeRequests).where(eq(changeRequests.user_id, userId));
    return rows.flatMap((row) => Object.values(row.changes).filter((value): value is string => typeof value === 'string'));
  },

  /** Lets this transaction rewrite the audit log's before/after, and nothing else of it (migration 0020's trigger). */
  async allowAuditRewrite(tx: Database) {
    await tx.execute(sql`set local sehha.erasure = 'on'`);
  },

  async pseudonymiseAccount(tx: Database, userId: number, pseudonym: { name: string; email: string }) {
    await tx
      .update(users)
      .set({
        name: pseudonym.name,
        email: pseudonym.email,
        phone: null,
        whatsapp_phone: null,
        password_hash: '!',
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        is_active: false,
        deactivated_at: sql`coalesce(${users.deactivated_at}, now())`,
        erased_at: sql`now()`,
        marketing_opt_in: false,
        updated_at: sql`now()`,
      })
      .where(eq(users.id, userId));
  },

  /** Where the account's sessions were opened: the login throttle's per-address keys of the account are derived from them. */
  async tokenAddresses(tx: Database, userId: number): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ ip: accessTokens.ip })
      .from(accessTokens)
      .where(and(eq(accessTokens.user_id, userId), isNotNull(accessTokens.ip)));
    return rows.map((row) => row.ip!);
  },

  async deleteCredentials(tx: Database, userId: number, phones: string[], throttleKeys: string[]) {
    await tx.delete(accessTokens).where(eq(accessTokens.user_id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    if (phones.length > 0) await tx.delete(otpCodes).where(inArray(otpCodes.phone, phones));
    if (throttleKeys.length > 0) await tx.delete(loginAttempts).where(inArray(loginAttempts.key, throttleKeys));
  },

  /** The patient's free text and the pharmacy's answer to it go; the row (the pharmacy's record of a request) stays. */
  async clearPrescriptionNotes(tx: Database, userId: number) {
    await tx
      .update(prescriptions)
      .set({ note: null, reply_note: null, updated_at: sql`now()` })
      .where(and(eq(prescriptions.user_id, userId), or(isNotNull(prescriptions.note), isNotNull(prescriptions.reply_note))));
  },

  /** Why the patient cancelled is their own words; the visit itself stays the provider's record. */
  async clearCancelReasons(tx: Database, userId: number) {
    await tx
      .update(appointments)
      .set({ cancel_reason: null, updated_at: sql`now()` })
      .where(and(eq(appointments.user_id, userId), eq(appointments.cancelled_by, 'patient'), isNotNull(appointments.cancel_reason)));
  },

  /**
   * Messages to the person: delivered ones keep their row (the platform's record of a send) with a pseudonym and no
   * body; pending ones are not sent any more.
   */
  async pseudonymiseMessages(tx: Database, userId: number, recipients: string[], pseudonymEmail: string) {
    const toThem =
      recipients.length > 0 ? or(eq(outbox.user_id, userId), inArray(outbox.recipient, recipients)) : eq(outbox.user_id, userId);
    await tx
      .update(outbox)
      .set({
        recipient: pseudonymEmail,
        subject: null,
        body: '',
        body_purged_at: sql`coalesce(${outbox.body_purged_at}, now())`,
        status: sql`case when ${outbox.status} = 'pending' then 'failed' else ${outbox.status} end`,
        last_error: sql`case when ${outbox.status} = 'pending' then 'recipient erased' else ${outbox.last_error} end`,
        claimed_until: null,
      })
      .where(toThem);
  },

  /** Messages to others that quote the person (a provider's name in its patients' reminders and notices). */
  async messagesQuoting(tx: Database, values: string[]) {
    if (values.length === 0) return [];
    const quotes = (column: AnyPgColumn) =>
      sql.join(
        values.map((value) => sql`strpos(lower(${column}), lower(${value}::text)) > 0`),
        sql` or `,
      );
    return tx
      .select({ id: outbox.id, subject: outbox.subject, body: outbox.body })
      .from(outbox)
      .where(or(sql`(${quotes(outbox.body)})`, sql`(${quotes(outbox.subject)})`));
  },

  async rewriteMessage(tx: Database, id: number, message: { subject: string | null; body: string }) {
    await tx.update(outbox).set(message).where(eq(outbox.id, id));
  },

  /**
   * The audit rows whose before/after quote any of the values, as written in jsonb text (strpos, so no LIKE
   * wildcard in a value matters). A scan of the log: erasures are rare, and a quote may sit in any entity's row.
   */
  async auditRowsQuoting(tx: Database, values: string[]) {
    if (values.length === 0) return [];
    const needles = values.map((value) => sql`(${value}::text)`);
    // A value as it appears inside jsonb's text: its JSON string without the quotes (escapes included).
    const quoted = (column: AnyPgColumn) =>
      sql.join(
        needles.map((needle) => sql`strpos(lower(${column}::text), lower(trim(both '"' from to_jsonb(${needle})::text))) > 0`),
        sql` or `,
      );
    return tx
      .select({ id: auditLogs.id, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(or(sql`(${quoted(auditLogs.before)})`, sql`(${quoted(auditLogs.after)})`));
  },

  /** Only before/after change; the append-only trigger allows that inside the erasure's transaction. */
  async rewriteAudit(tx: Database, id: number, before: unknown, after: unknown) {
    await tx
      .update(auditLogs)
      .set({
        before: sql`${before === null ? null : JSON.stringify(before)}::jsonb`,
        after: sql`${after === null ? null : JSON.stringify(after)}::jsonb`,
      })
      .where(eq(auditLogs.id, id));
  },

  /** The account's change requests keep their decisions; what they asked for is pseudonymised. */
  async scrubChangeRequests(tx: Database, userId: number, scrub: Scrub, scrubText: ScrubText) {
    const rows = await tx
      .select({ id: changeRequests.id, changes: changeRequests.changes, reason: changeRequests.reason })
      .from(changeRequests)
      .where(eq(changeRequests.user_id, userId));
    for (const row of rows) {
      await tx
        .update(changeRequests)
        .set({ changes: scrub(row.changes) as Record<string, unknown>, reason: scrubText(row.reason), updated_at: sql`now()` })
        .where(eq(changeRequests.id, row.id));
    }
  },

  /** An admin's note on the person's requests may quote them (a request by letter or phone). */
  async scrubDataRequestNotes(tx: Database, userId: number, scrubText: ScrubText) {
    const rows = await tx
      .select({ id: dataRequests.id, note: dataRequests.note })
      .from(dataRequests)
      .where(and(eq(dataRequests.user_id, userId), isNotNull(dataRequests.note)));
    for (const row of rows) {
      const note = scrubText(row.note);
      if (note !== row.note) await tx.update(dataRequests).set({ note }).where(eq(dataRequests.id, row.id));
    }
  },

  /** The person's request is still open (a retry, or a second request, finds it completed or completes it). */
  async isOpenRequest(tx: Database, requestId: number, userId: number) {
    const [row] = await tx
      .select({ id: dataRequests.id })
      .from(dataRequests)
      .where(
        and(eq(dataRequests.id, requestId), eq(dataRequests.user_id, userId), inArray(dataRequests.status, [...openDataRequestStatuses])),
      );
    return row !== undefined;
  },

  /**
   * A provider account's profile leaves the directory under the pseudonym (its account is inactive, which the
   * lists read); its address, branch phones, ads and the admins' notes about it go.
   */
  async pseudonymiseProvider(tx: Database, providerId: number, names: { name_en: string; name_ar: string }, scrubText: ScrubText) {
    await tx
      .update(providers)
      .set({ ...names, address: null, updated_at: sql`now()` })
      .where(eq(providers.id, providerId));
    await tx
      .update(pharmacyBranches)
      .set({ phone: null, is_active: false, updated_at: sql`now()` })
      .where(eq(pharmacyBranches.pharmacy_id, providerId));
    await tx
      .update(providerAds)
      .set({ is_active: false, updated_at: sql`now()` })
      .where(eq(providerAds.provider_id, providerId));
    const reviews = await tx
      .select({ id: providerReviews.id, note: providerReviews.reason_note })
      .from(providerReviews)
      .where(and(eq(providerReviews.provider_id, providerId), isNotNull(providerReviews.reason_note)));
    for (const review of reviews) {
      const note = scrubText(review.note);
      if (note !== review.note) await tx.update(providerReviews).set({ reason_note: note }).where(eq(providerReviews.id, review.id));
    }
  },

  /**
   * The files an erased account still has in storage: its data export archives, prescription images not yet
   * purged, a provider's photo, documents and licences. Read again by a retry, so a file whose removal failed is found and removed then.
   */
  async leftoverFiles(tx: Database, userId: number) {
    const images = await tx
      .select({ id: prescriptions.id, images: prescriptions.images })
      .from(prescriptions)
      .where(and(eq(prescriptions.user_id, userId), isNull(prescriptions.images_purged_at)));
    const [profile] = await tx.select({ id: providers.id, photo: providers.photo }).from(providers).where(eq(providers.user_id, userId));
    const documents = profile
      ? await tx.select({ path: providerAttachments.path }).from(providerAttachments).where(eq(providerAttachments.provider_id, profile.id))
      : [];
    const licenceFiles = profile ? await tx.select({ path: licenses.path }).from(licenses).where(eq(licenses.provider_id, profile.id)) : [];
    const archives = await tx
      .select({ key: dataRequests.archive_key })
      .from(dataRequests)
      .where(and(eq(dataRequests.user_id, userId), isNotNull(dataRequests.archive_key)));
    return {
      userId,
      prescriptionIds: images.map((row) => row.id),
      providerId: profile?.id ?? null,
      keys: [
        ...archives.map((row) => row.key!),
        ...images.flatMap((row) => row.images),
        ...(profile?.photo ? [profile.photo] : []),
        ...documents.map((row) => row.path),
        ...licenceFiles.map((row) => row.path),
      ],
    };
  },

  /** Once the files are gone: the rows stop naming them (prescriptions stay, purged; documents and licences go). */
  async forgetFiles(tx: Database, files: { userId: number; prescriptionIds: number[]; providerId: number | null }) {
    await tx
      .update(dataRequests)
      .set({ archive_key: null, archive_expires_at: null, updated_at: sql`now()` })
      .where(and(eq(dataRequests.user_id, files.userId), isNotNull(dataRequests.archive_key)));
    if (files.prescriptionIds.length > 0)
      await tx
        .update(prescriptions)
        .set({ images: sql`'{}'::text[]`, images_purged_at: sql`now()`, updated_at: sql`now()` })
        .where(inArray(prescriptions.id, files.prescriptionIds));
    if (files.providerId !== null) {
      await tx
        .update(providers)
        .set({ photo: null })
        .where(and(eq(providers.id, files.providerId), isNotNull(providers.photo)));
      await tx.delete(providerAttachments).where(eq(providerAttachments.provider_id, files.providerId));
      await tx.delete(licenses).where(eq(licenses.provider_id, files.providerId));
    }
  },
};
