import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { homePaths } from '@sehha/contract/home-paths';
import { providerPaths } from '@sehha/contract/providers';
import { userPaths } from '@sehha/contract/users';
import { queryRows } from '../../../src/db/database';
import { users } from '../../../src/db/schema/accounts';
import { otpCodes } from '../../../src/db/schema/app-accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { auditLogs } from '../../../src/db/schema/audit';
import { changeRequests } from '../../../src/db/schema/change-requests';
import { appointmentCounts } from '../../../src/db/schema/counters';
import { outbox } from '../../../src/db/schema/outbox';
import { prescriptions } from '../../../src/db/schema/prescriptions';
import { dataRequests } from '../../../src/db/schema/privacy';
import { licenses, providerAttachments, providers } from '../../../src/db/schema/providers';
import { payments, subscriptionPlans, userSubscriptions } from '../../../src/db/schema/subscriptions';
import { dataRequestRepository } from '../../../src/modules/data-requests/repository';
import { eraseAccount } from '../../../src/modules/erasure/service';
import type { LocalStorage, StorageDriver } from '../../../src/storage/storage';
import { HttpError } from '../../../src/http/errors';
import { freshPhone, signInApp } from '../../support/app-accounts';
import { png } from '../../support/files';
import { makeProvider } from '../../support/providers';
import { startS3Server, type TestS3 } from '../../support/s3-server';
import { createTestApp, type TestApp } from '../../support/test-app';
import { book, bookableDoctor, crowdOtp, everyDay } from '../bookings/fixtures';

type Erasable = TestApp<StorageDriver>;
/** What the helpers below use of a test app, whichever storage it has. */
type Api = Pick<TestApp, 'db' | 'call'>;
/** The sign-in and booking helpers are typed for the folder-backed app; they only call the API and the database. */
const asApp = (t: Erasable) => t as unknown as TestApp;

const hmacSecret = 'test-payment-hmac-secret-0123456789';
const hours = { slot_minutes: 30, horizon_days: 30, min_notice_minutes: 60, hours: everyDay(['08:00', '20:00']) };

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
};

/** Every file in the folder or bucket, with its content. */
async function storedFiles(storage: StorageDriver) {
  const files: Array<{ key: string; content: Buffer }> = [];
  for await (const { key } of storage.list()) {
    const read = await storage.read(key);
    if (read) files.push({ key, content: await readAll(read.stream) });
  }
  return files;
}

/**
 * Every text, varchar, json(b) and text[] column of every table, searched for each value (case-insensitively, as
 * text: a jsonb's or an array's too): `table.column ~ value` for each hit.
 */
async function hitsOf(t: Api, values: string[]) {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.db,
    sql`select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
        order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const value of values) {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), lower(${value})) > 0`,
      );
      if (row!.n > 0) hits.push(`${table_name}.${column_name} ~ ${value}`);
    }
  }
  return hits;
}

const json = async <T>(response: Response) => ((await response.json()) as { data: T }).data;

/** The first free slot of the doctor in the coming days. */
async function firstSlot(t: Api, doctorId: number) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await t.call(`${appPaths.doctorSlots(String(doctorId))}?from=${day(2)}&to=${day(4)}`, { token: null });
  const { days } = await json<{ days: Array<{ slots: Array<{ starts_at: string }> }> }>(response);
  const slot = days.flatMap((d) => d.slots)[0];
  if (!slot) throw new Error('no free slot');
  return slot.starts_at;
}

const openRequest = async (t: Api, userId: number) =>
  (await dataRequestRepository.open(t.db, { userId, kind: 'erasure', channel: 'app', dueAt: new Date(Date.now() + 30 * 86_400_000) })).row
    .id;

describe.each(['folder', 's3'] as const)('erasure of an account (%s storage)', (driver) => {
  let t: Erasable;
  let s3: TestS3 | undefined;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3Server() : undefined;
    t = (await createTestApp<StorageDriver>({
      otp: crowdOtp,
      payments: { hmacSecret },
      ...(s3 ? { storage: s3.storage() } : {}),
    })) as Erasable;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('leaves no trace of the patient’s name, phone, email or images; appointments, counts and revenue stay, tokens stop working', async () => {
    const tag = randomBytes(4).toString('hex');
    const name = `Mona Erasable ${tag}`;
    const email = `mona.${tag}@example.com`;
    const phone = freshPhone();
    const doctor = await bookableDoctor(asApp(t), hours);
    const pharmacyPhone = freshPhone();
    const pharmacy = await makeProvider(t.db, 'pharmacy', { phone: pharmacyPhone, status: 'approved', licensed_until: '2099-12-31' });
    const pharmacyToken = (await signInApp(asApp(t), pharmacyPhone)).token;

    // The patient signs in, gives an email, books two visits (one paid online), sends a prescription with images.
    let patient = await signInApp(asApp(t), phone, name);
    const patched = await t.call(appPaths.me, { method: 'PATCH', token: patient.token, json: { email } });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const cash = await book(asApp(t), patient.token, {
      doctor_id: doctor.id,
      starts_at: await firstSlot(t, doctor.id),
      type: 'cash',
    });
    expect(cash.status, await cash.clone().text()).toBe(201);
    const online = await book(asApp(t), patient.token, {
      doctor_id: doctor.id,
      starts_at: await firstSlot(t, doctor.id),
      type: 'online',
    });
    expect(online.status, await online.clone().text()).toBe(201);
    const onlineBooking = await json<{ id: number; payment: { url: string } }>(online);
    const reference = new URL(onlineBooking.payment.url, 'http://localhost').pathname.split('/').pop()!;
    const paid = await t.call(appPaths.fakePaymentPage(reference), {
      method: 'POST',
      token: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid&lang=en',
    });
    expect(paid.status).toBe(303);

    const upload = new FormData();
    upload.append('pharmacy_id', String(pharmacy.id));
    upload.append('note', `For ${name}, call ${phone}`);
    for (const size of [31, 37]) upload.append('images', new Blob([new Uint8Array(png(size, size + 1))], { type: 'image/png' }), 'rx.png');
    const sent = await t.call(appPaths.prescriptions, { method: 'POST', token: patient.token, body: upload });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const prescriptionId = (await json<{ id: number }>(sent)).id;
    const replied = await t.call(appPaths.pharmacyPrescriptionReply(String(prescriptionId)), {
      method: 'POST',
      token: pharmacyToken,
      json: { status: 'available', price: 120, note: `Ready for ${name}` },
    });
    expect(replied.status, await replied.clone().text()).toBe(200);

    // A subscription (revenue: it stays, and its copy of the account's search key follows the pseudonym).
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name_ar: 'خطة', name_en: `Plan ${tag}`, price: 99, period_unit: 'months' })
      .returning();
    const [subscription] = await t.db
      .insert(userSubscriptions)
      .values({
        user_id: patient.userId,
        plan_id: plan!.id,
        price_paid: 99,
        starts_at: new Date().toISOString(),
        ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      })
      .returning({ id: userSubscriptions.id });

    // An admin edit of the account: its audit row quotes the name, email and phone.
    expect((await t.call(userPaths.deactivate(patient.userId), { method: 'POST' })).status).toBe(200);
    expect((await t.call(userPaths.reactivate, { method: 'POST', json: { ids: [patient.userId] } })).status).toBe(200);
    // Signed out by the deactivation, the patient signs in again (the code's resend wait passed).
    await t.db
      .update(otpCodes)
      .set({ created_at: sql`${otpCodes.created_at} - interval '2 minutes'` })
      .where(eq(otpCodes.phone, phone));
    patient = await signInApp(asApp(t), phone);
    const [account] = await t.db.select().from(users).where(eq(users.id, patient.userId));
    expect(account).toMatchObject({ name, email, phone });

    const [row] = await t.db.select().from(prescriptions).where(eq(prescriptions.id, prescriptionId));
    const imageKeys = row!.images;
    expect(imageKeys).toHaveLength(2);
    const imageContents = await Promise.all(imageKeys.map(async (key) => readAll((await t.storage.read(key))!.stream)));
    const values = [name, email, phone, phone.slice(1)];
    // Before: the search finds the person where the app put them (so that "nothing after" means something).
    expect(await hitsOf(t, values)).toEqual(
      expect.arrayContaining([
        `users.name ~ ${name}`,
        `users.search ~ ${email}`,
        `user_subscriptions.search ~ ${name}`,
        `audit_logs.before ~ ${phone}`,
        `audit_logs.after ~ ${email}`,
        `otp_codes.phone ~ ${phone}`,
        `outbox.recipient ~ ${phone}`,
        `outbox.recipient ~ ${email}`,
        `prescriptions.note ~ ${name}`,
        `prescriptions.reply_note ~ ${name}`,
      ]),
    );
    const quoting = await t.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(sql`${auditLogs.before}::text like ${`%${email}%`}`);
    expect(quoting.length).toBeGreaterThan(0);
    expect((await t.db.select().from(outbox).where(eq(outbox.recipient, phone))).length).toBeGreaterThan(0);

    const doctorsList = async () =>
      (
        await json<{ data: Array<{ id: number; appointments_count?: number }> }>(
          await t.call(`${providerPaths.list('doctors')}?per_page=100`),
        )
      ).data.find((item) => item.id === doctor.id);
    const counts = async () => (await t.db.select().from(appointmentCounts).where(eq(appointmentCounts.provider_id, doctor.id)))[0];
    const revenue = async () => ({
      stats: (await json<{ total_revenue: { value: number } }>(await t.call(homePaths.stats))).total_revenue.value,
      series: await json<unknown>(await t.call(`${homePaths.revenue}?period=monthly`)),
    });
    const theirAppointments = async () =>
      t.db
        .select({ id: appointments.id, user_id: appointments.user_id, status: appointments.status, price: appointments.price })
        .from(appointments)
        .where(eq(appointments.provider_id, doctor.id))
        .orderBy(appointments.id);
    const before = { list: await doctorsList(), counts: await counts(), revenue: await revenue(), appointments: await theirAppointments() };
    expect(before.list?.appointments_count).toBe(2);
    expect(before.revenue.stats).toBeGreaterThan(0);
    const paymentsBefore = await t.db.select().from(payments).where(eq(payments.user_id, patient.userId));
    expect(paymentsBefore).toHaveLength(1);

    // An earlier access request's archive, still in storage: everything about them.
    const archiveKey = `exports/archive-${tag}.zip`;
    await t.storage.put(archiveKey, Buffer.from(JSON.stringify({ name, email, phone })));
    await t.db.insert(dataRequests).values({
      user_id: patient.userId,
      kind: 'access',
      status: 'completed',
      due_at: new Date().toISOString(),
      archive_key: archiveKey,
      archive_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });

    const requestId = await openRequest(t, patient.userId);
    const outcome = await eraseAccount({ db: t.db, storage: t.storage, clock: () => new Date() }, patient.userId, {
      adminId: null,
      requestId,
    });
    expect(outcome).toEqual({ userId: patient.userId, pseudonym: `Deleted patient #${patient.userId}`, filesDeleted: 3 });

    // Nowhere in the database, nowhere in storage.
    expect(await hitsOf(t, values)).toEqual([]);
    const files = await storedFiles(t.storage);
    for (const key of imageKeys) expect(files.map((file) => file.key)).not.toContain(key);
    for (const content of imageContents) expect(files.some((file) => file.content.equals(content))).toBe(false);
    for (const value of values)
      expect(files.filter((file) => file.content.toString('latin1').includes(value)).map((file) => file.key)).toEqual([]);
    expect(await t.storage.exists(archiveKey)).toBe(false);
    if (s3) for (const key of imageKeys) expect(await s3.keys()).not.toContain(key);

    const [erased] = await t.db.select().from(users).where(eq(users.id, patient.userId));
    expect(erased).toMatchObject({
      name: `Deleted patient #${patient.userId}`,
      email: `deleted-${patient.userId}@erased.invalid`,
      phone: null,
      whatsapp_phone: null,
      password_hash: '!',
      totp_secret: null,
      is_active: false,
      marketing_opt_in: false,
    });
    expect(erased!.erased_at).not.toBeNull();
    expect(erased!.deactivated_at).not.toBeNull();
    const [purged] = await t.db.select().from(prescriptions).where(eq(prescriptions.id, prescriptionId));
    expect(purged).toMatchObject({ images: [], note: null, reply_note: null, reply_status: 'available', reply_price: 120 });
    expect(purged!.images_purged_at).not.toBeNull();
    const [request] = await t.db.select().from(dataRequests).where(eq(dataRequests.id, requestId));
    expect(request).toMatchObject({ status: 'completed', handled_by: null });
    const messages = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `deleted-${patient.userId}@erased.invalid`));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages)
      expect(message).toMatchObject({ body: '', subject: null, status: expect.not.stringMatching(/^pending$/) });
    // The audit rows that quoted the person still exist, and now quote the pseudonym.
    const rewritten = await t.db.select().from(auditLogs).where(eq(auditLogs.id, quoting[0]!.id));
    expect(JSON.stringify(rewritten[0]!.before)).toContain(`deleted-${patient.userId}@erased.invalid`);

    // The provider's counts, the platform's revenue and payments, the appointments (same ids) are unchanged.
    const after = { list: await doctorsList(), counts: await counts(), revenue: await revenue(), appointments: await theirAppointments() };
    expect(after).toEqual(before);
    expect(after.appointments.every((visit) => visit.user_id === patient.userId)).toBe(true);
    expect(await t.db.select().from(payments).where(eq(payments.user_id, patient.userId))).toEqual(paymentsBefore);
    expect(
      await t.db.select({ id: userSubscriptions.id }).from(userSubscriptions).where(eq(userSubscriptions.user_id, patient.userId)),
    ).toEqual([subscription]);
    const received = await json<{ data: Array<{ patient: { name: string } }> }>(
      await t.call(appPaths.pharmacyPrescriptions, { token: pharmacyToken }),
    );
    expect(received.data.map((item) => item.patient.name)).toEqual([`Deleted patient #${patient.userId}`]);

    // Tokens no longer open the app.
    expect((await t.call(appPaths.me, { token: patient.token })).status).toBe(401);

    // Again: nothing changes, the same pseudonym; a second request is completed too.
    const snapshot = await t.db.select().from(users).where(eq(users.id, patient.userId));
    const again = await openRequest(t, patient.userId);
    const second = await eraseAccount({ db: t.db, storage: t.storage, clock: () => new Date() }, patient.userId, {
      adminId: t.adminId,
      requestId: again,
    });
    expect(second).toEqual({ userId: patient.userId, pseudonym: `Deleted patient #${patient.userId}`, filesDeleted: 0 });
    expect(await t.db.select().from(users).where(eq(users.id, patient.userId))).toEqual(snapshot);
    expect((await t.db.select().from(dataRequests).where(eq(dataRequests.id, again)))[0]).toMatchObject({
      status: 'completed',
      handled_by: t.adminId,
    });
  }, 120_000);
});

describe('erasure of a provider account', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ otp: crowdOtp });
  }, 60_000);
  afterAll(() => t.close());

  it('is refused (409, en/ar) while a visit is ahead, changing nothing; then its profile, documents and contact go', async () => {
    const tag = randomBytes(4).toString('hex');
    const doctor = await bookableDoctor(t, hours);
    const name = `Dr. Karim Erasable ${tag}`;
    const nameAr = `د. كريم ${tag}`;
    const [account] = await t.db.select().from(users).where(eq(users.id, doctor.userId));
    const phone = account!.phone!;
    await t.db.update(users).set({ name, whatsapp_phone: phone }).where(eq(users.id, doctor.userId));
    await t.db
      .update(providers)
      .set({ name_en: name, name_ar: nameAr, address: `12 Erasable Street ${tag}`, photo: `providers/photo-${tag}.png` })
      .where(eq(providers.id, doctor.id));
    await t.db.delete(licenses).where(eq(licenses.provider_id, doctor.id));
    const documents = {
      photo: `providers/photo-${tag}.png`,
      card: `provider-attachments/card-${tag}.pdf`,
      licence: `licenses/licence-${tag}.pdf`,
    };
    for (const key of Object.values(documents)) await t.storage.put(key, Buffer.from(`personal document ${key}`));
    await t.db.insert(providerAttachments).values({
      provider_id: doctor.id,
      kind: 'national_id',
      path: documents.card,
      original_name: `${name}.pdf`,
      mime_type: 'application/pdf',
      size: 10,
    });
    await t.db.insert(licenses).values({
      provider_id: doctor.id,
      number: `LIC-${tag}`,
      path: documents.licence,
      original_name: 'licence.pdf',
      mime_type: 'application/pdf',
      expires_on: '2999-12-31',
      status: 'approved',
    });

    // A change the provider asked for quotes a new name and a WhatsApp number: theirs too.
    const newName = `Dr. Karim Renamed ${tag}`;
    const newWhatsapp = freshPhone();
    await t.db
      .insert(changeRequests)
      .values({ user_id: doctor.userId, changes: { name_en: newName, whatsapp_phone: newWhatsapp, speciality_id: 1 } });

    const patient = await signInApp(t);
    const booked = await book(t, patient.token, {
      doctor_id: doctor.id,
      starts_at: await firstSlot(t, doctor.id),
      type: 'cash',
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const visitId = (await json<{ id: number }>(booked)).id;

    const requestId = await openRequest(t, doctor.userId);
    const state = async () => ({
      account: (await t.db.select().from(users).where(eq(users.id, doctor.userId)))[0],
      provider: (await t.db.select().from(providers).where(eq(providers.id, doctor.id)))[0],
      request: (await t.db.select().from(dataRequests).where(eq(dataRequests.id, requestId)))[0],
    });
    const before = await state();
    const refused = await eraseAccount({ db: t.db, storage: t.storage, clock: () => new Date() }, doctor.userId, {
      adminId: t.adminId,
      requestId,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(409);
    expect((refused as HttpError).body).toEqual({
      en: 'This account still has upcoming appointments. Cancel or complete them before the account can be erased.',
      ar: 'لا تزال لهذا الحساب مواعيد قادمة. ألغِها أو أتمّها قبل أن يمكن حذف الحساب.',
    });
    expect(await state()).toEqual(before);
    for (const key of Object.values(documents)) expect(await t.storage.exists(key)).toBe(true);
    expect((await t.call(appPaths.me, { token: doctor.token })).status).toBe(200);

    // The provider cancels the visit: nothing ahead any more.
    const cancelled = await t.call(appPaths.providerAppointmentCancel(String(visitId)), {
      method: 'POST',
      token: doctor.token,
      json: { reason: 'Away' },
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const outcome = await eraseAccount({ db: t.db, storage: t.storage, clock: () => new Date() }, doctor.userId, {
      adminId: t.adminId,
      requestId,
    });
    expect(outcome).toEqual({ userId: doctor.userId, pseudonym: `Deleted account #${doctor.userId}`, filesDeleted: 3 });

    expect(
      await hitsOf(t, [name, nameAr, phone, phone.slice(1), account!.email, `12 Erasable Street ${tag}`, newName, newWhatsapp]),
    ).toEqual([]);
    const [asked] = await t.db.select().from(changeRequests).where(eq(changeRequests.user_id, doctor.userId));
    expect(asked!.changes).toEqual({ name_en: `Deleted account #${doctor.userId}`, whatsapp_phone: null, speciality_id: 1 });
    for (const key of Object.values(documents)) expect(await t.storage.exists(key)).toBe(false);
    const after = await state();
    expect(after.account).toMatchObject({ name: `Deleted account #${doctor.userId}`, phone: null, whatsapp_phone: null, is_active: false });
    expect(after.provider).toMatchObject({
      name_en: `Deleted account #${doctor.userId}`,
      name_ar: `حساب محذوف #${doctor.userId}`,
      address: null,
      photo: null,
      account_active: false,
    });
    expect(after.request).toMatchObject({ status: 'completed', handled_by: t.adminId });
    expect(await t.db.select().from(providerAttachments).where(eq(providerAttachments.provider_id, doctor.id))).toEqual([]);
    expect(await t.db.select().from(licenses).where(eq(licenses.provider_id, doctor.id))).toEqual([]);
    // The visit stays the patient's record, with its id.
    expect((await t.db.select().from(appointments).where(eq(appointments.id, visitId)))[0]).toMatchObject({
      provider_id: doctor.id,
      status: 'cancelled',
    });
    expect((await t.call(appPaths.me, { token: doctor.token })).status).toBe(401);
  }, 120_000);

  it('finds a file whose removal failed on the next run', async () => {
    const patient = await signInApp(t);
    const pharmacy = await makeProvider(t.db, 'pharmacy', { status: 'approved', licensed_until: '2099-12-31' });
    const key = `prescriptions/stuck-${randomBytes(4).toString('hex')}.png`;
    await t.storage.put(key, png(11, 13));
    const [row] = await t.db
      .insert(prescriptions)
      .values({ user_id: patient.userId, pharmacy_id: pharmacy.id, images: [key] })
      .returning();
    const requestId = await openRequest(t, patient.userId);
    // The same folder, whose removals fail (a bucket that is down).
    const failing: StorageDriver = Object.assign(Object.create(t.storage) as LocalStorage, {
      remove: () => Promise.reject(new Error('storage unavailable')),
    });
    await expect(
      eraseAccount({ db: t.db, storage: failing, clock: () => new Date() }, patient.userId, { adminId: null, requestId }),
    ).rejects.toThrow('storage unavailable');
    // The erasure itself is committed; the image is still named, so the next run finds it.
    expect((await t.db.select().from(users).where(eq(users.id, patient.userId)))[0]!.erased_at).not.toBeNull();
    expect((await t.db.select().from(prescriptions).where(eq(prescriptions.id, row!.id)))[0]!.images).toEqual([key]);
    expect(await t.storage.exists(key)).toBe(true);

    const retried = await eraseAccount({ db: t.db, storage: t.storage, clock: () => new Date() }, patient.userId, {
      adminId: null,
      requestId,
    });
    expect(retried.filesDeleted).toBe(1);
    expect(await t.storage.exists(key)).toBe(false);
    expect((await t.db.select().from(prescriptions).where(eq(prescriptions.id, row!.id)))[0]).toMatchObject({ images: [] });
  });
});
