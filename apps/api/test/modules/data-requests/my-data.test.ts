import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { and, desc, eq, like } from 'drizzle-orm';
import JSZip from 'jszip';
import { appPaths } from '@sehha/contract/app-paths';
import { users } from '../../../src/db/schema/accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { outbox } from '../../../src/db/schema/outbox';
import { prescriptions } from '../../../src/db/schema/prescriptions';
import { accessLogs, consents, dataRequests } from '../../../src/db/schema/privacy';
import { ArchiveJob } from '../../../src/modules/data-requests/archive-job';
import { defaultDataRequestSettings } from '../../../src/modules/data-requests/settings';
import type { Database } from '../../../src/db/database';
import { freshPhone, signInApp } from '../../support/app-accounts';
import { png } from '../../support/files';
import { makeProvider } from '../../support/providers';
import { createTestApp, type TestApp } from '../../support/test-app';

type MyData = {
  id: number;
  status: string;
  due_at: string;
  archive_expires_at: string | null;
  downloaded: boolean;
  downloaded_at: string | null;
};
type Body<T> = { message: string; data: T; errors?: Record<string, string[]> };

/** The test's clock: read by the API's rules and its link signer; moved forward to see an archive expire. */
let clock = Date.now();
const HOUR = 3_600_000;

/** A person with data in every table an archive reads, and a few words that must appear only in their own archive. */
async function personWithData(t: TestApp, label: string) {
  const person = await signInApp(t, undefined, `Person ${label}`);
  const doctor = await makeProvider(t.db, 'doctor', { status: 'approved' });
  const pharmacy = await makeProvider(t.db, 'pharmacy', { status: 'approved' });
  const image = `prescriptions/${label}-rx.png`;
  await t.storage.put(image, png(10, 12));
  const start = Date.now() + 48 * HOUR + Math.floor(Math.random() * 1000) * HOUR;
  const [appointment] = await t.db
    .insert(appointments)
    .values({
      user_id: person.userId,
      provider_id: doctor.id,
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + HOUR / 2).toISOString(),
    })
    .returning({ id: appointments.id });
  const [prescription] = await t.db
    .insert(prescriptions)
    .values({ user_id: person.userId, pharmacy_id: pharmacy.id, images: [image], note: `note-of-${label}` })
    .returning({ id: prescriptions.id });
  await t.db.insert(consents).values({ user_id: person.userId, purpose: 'health_data', document: 'privacy', version: 1, given: true });
  await t.db.insert(accessLogs).values({
    actor_kind: 'admin',
    actor_id: t.adminId,
    kind: 'prescription_image',
    purpose: 'platform_oversight',
    route: 'GET /storage',
    entity: 'prescription',
    record_ids: [String(prescription!.id)],
    subject_user_ids: [person.userId],
  });
  await t.db.insert(outbox).values({ channel: 'sms', recipient: person.phone, body: `message-for-${label}`, user_id: person.userId });
  return { ...person, label, appointmentId: appointment!.id, prescriptionId: prescription!.id, image };
}

/** The link the archive's SMS carried to this phone (its path and query). */
async function archiveLink(db: Database, phone: string) {
  const [row] = await db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), like(outbox.body, '%/download?%')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const url = row && /https?:\/\/\S+/.exec(row.body)?.[0];
  if (!url) throw new Error(`no archive link was sent to ${phone}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

describe('a person’s data export (GET /api/v1/me/data, issue 28)', () => {
  let t: TestApp;
  let job: ArchiveJob;
  let a: Awaited<ReturnType<typeof personWithData>>;
  let b: Awaited<ReturnType<typeof personWithData>>;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(clock) });
    job = new ArchiveJob({
      db: t.db,
      storage: t.storage,
      signer: t.signer,
      clock: () => new Date(clock),
      dataRequests: defaultDataRequestSettings,
    });
    a = await personWithData(t, 'alpha');
    b = await personWithData(t, 'beta');
  }, 60_000);
  afterAll(() => t.close());

  it('starts an export (202), answers the same request when retried (200), and needs a signed-in account', async () => {
    const first = await t.call(appPaths.myData, { token: a.token });
    const started = (await first.json()) as Body<MyData>;
    expect(first.status, JSON.stringify(started)).toBe(202);
    expect(started.message).toBe('Your data export has started. We will send you a link by SMS when it is ready.');
    expect(started.data).toMatchObject({ status: 'received', archive_expires_at: null, downloaded: false });
    const due = new Date(started.data.due_at).getTime() - clock;
    expect(Math.abs(due - 30 * 24 * HOUR)).toBeLessThan(60_000);

    const again = await t.call(appPaths.myData, { token: a.token, headers: { 'accept-language': 'ar' } });
    const followed = (await again.json()) as Body<MyData>;
    expect(again.status).toBe(200);
    expect(followed.data.id).toBe(started.data.id);
    expect(followed.message).toBe('طلب نسخة بياناتك.');
    expect(await t.db.$count(dataRequests, eq(dataRequests.user_id, a.userId))).toBe(1);

    expect((await t.call(appPaths.myData, { token: null })).status).toBe(401);
    expect((await t.call(appPaths.myData)).status).toBe(401);
  });

  it('builds one zip holding exactly the person’s rows and images, then completes and announces it', async () => {
    await t.call(appPaths.myData, { token: b.token });
    expect(await job.buildQueued()).toBe(2);
    expect(await job.buildQueued()).toBe(0);

    const state = (await (await t.call(appPaths.myData, { token: a.token })).json()) as Body<MyData>;
    expect(state.data.status).toBe('completed');
    expect(new Date(state.data.archive_expires_at!).getTime()).toBe(clock + 24 * HOUR);
    expect(state.data.downloaded).toBe(false);

    const link = await archiveLink(t.db, a.phone);
    expect(link).toMatch(new RegExp(`^/api/v1/me/data/${state.data.id}/download\\?expires=\\d+&signature=`));
    const response = await t.call(link, { token: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(
      [
        'README.txt',
        'access-log.json',
        'appointments.json',
        'consents.json',
        'data-requests.json',
        'messages.json',
        'prescriptions.json',
        'profile.json',
        'subscriptions.json',
        `prescriptions/${a.prescriptionId}/1-alpha-rx.png`,
      ].sort(),
    );
    const readme = await zip.file('README.txt')!.async('string');
    expect(readme).toContain('profile.json: your account');
    expect(readme).toContain('profile.json: حسابك');

    const text = async (name: string) => zip.file(name)!.async('string');
    const everything = (await Promise.all(names.filter((name) => name.endsWith('.json')).map(text))).join('\n');
    // Everything of A …
    for (const word of [a.phone, 'Person alpha', 'note-of-alpha', 'message-for-alpha', 'alpha-rx.png']) expect(everything).toContain(word);
    // … and nothing of B.
    for (const word of [b.phone, 'Person beta', 'note-of-beta', 'message-for-beta', 'beta-rx.png']) expect(everything).not.toContain(word);
    // Secrets never leave, even to their owner.
    expect(everything).not.toContain('password_hash');

    const profile = JSON.parse(await text('profile.json')) as { account: { id: number } };
    expect(profile.account.id).toBe(a.userId);
    const visits = JSON.parse(await text('appointments.json')) as { appointments: Array<{ id: number; user_id: number }> };
    expect(visits.appointments.map((row) => row.id)).toEqual([a.appointmentId]);
    const rx = JSON.parse(await text('prescriptions.json')) as Array<{ id: number; image_files: string[] }>;
    expect(rx.map((row) => row.id)).toEqual([a.prescriptionId]);
    expect(rx[0]!.image_files).toEqual([`prescriptions/${a.prescriptionId}/1-alpha-rx.png`]);
    expect(Buffer.from(await zip.file(rx[0]!.image_files[0]!)!.async('uint8array'))).toEqual(png(10, 12));
    for (const name of ['consents.json', 'data-requests.json', 'messages.json']) {
      const rows = JSON.parse(await text(name)) as Array<{ user_id: number }>;
      expect(rows.length, name).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.user_id)), name).toEqual(new Set([a.userId]));
    }
    const log = JSON.parse(await text('access-log.json')) as Array<{ subject_user_ids: number[]; address?: unknown }>;
    expect(log).toHaveLength(1);
    expect(log[0]!.subject_user_ids).toEqual([a.userId]);
    expect(log[0]).not.toHaveProperty('address');

    // The archive is private: no unsigned storage link opens it.
    const [row] = await t.db.select().from(dataRequests).where(eq(dataRequests.id, state.data.id));
    expect(row!.archive_key).toMatch(/^data-exports\//);
    expect((await t.call(`/storage/${row!.archive_key}`, { token: null })).status).toBe(403);
  });

  it('gives the archive once: a second download is 410 in the reader’s language, and the app sees it downloaded', async () => {
    const link = await archiveLink(t.db, a.phone);
    const second = await t.call(link, { token: null });
    expect(second.status).toBe(410);
    expect(((await second.json()) as Body<unknown>).message).toBe(
      'This link was already used: the archive can be downloaded once. Ask for a new export in the app.',
    );
    const arabic = await t.call(link, { token: null, headers: { 'accept-language': 'ar' } });
    expect(((await arabic.json()) as Body<unknown>).message).toBe(
      'تم استخدام هذا الرابط من قبل: يمكن تنزيل النسخة مرة واحدة فقط. اطلب نسخة جديدة من التطبيق.',
    );

    // Downloaded: the next GET starts a new export.
    const next = await t.call(appPaths.myData, { token: a.token });
    expect(next.status).toBe(202);
  });

  it('refuses a forged or altered link (403), an expired one (410), and hostile ids and queries (4xx)', async () => {
    const link = await archiveLink(t.db, b.phone);
    const url = new URL(link, 'http://localhost');
    const id = url.pathname.split('/')[5]!;
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const forged = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.call(`${appPaths.myDataDownload(id)}?expires=${expires}&signature=${forged}`, { token: null })).status).toBe(403);
    expect(
      (await t.call(`${appPaths.myDataDownload(id)}?expires=${Number(expires) + 3600}&signature=${signature}`, { token: null })).status,
    ).toBe(403);
    expect(
      (await t.call(`${appPaths.myDataDownload(String(a.userId * 1000 + 7))}?expires=${expires}&signature=${signature}`, { token: null }))
        .status,
    ).toBe(403);
    for (const hostile of [
      `${appPaths.myDataDownload('abc')}?expires=${expires}&signature=${signature}`,
      `${appPaths.myDataDownload(id)}?expires=soon&signature=${signature}`,
      `${appPaths.myDataDownload(id)}?signature=${signature}`,
      `${appPaths.myDataDownload(id)}?expires=${expires}&signature=%00%27`,
      `${appPaths.myDataDownload('99999999999999999999')}?expires=${expires}&signature=${signature}`,
    ]) {
      const response = await t.call(hostile, { token: null });
      expect(response.status, hostile).toBeGreaterThanOrEqual(400);
      expect(response.status, hostile).toBeLessThan(500);
    }

    // A day and a minute later, the untouched link has expired.
    clock += 24 * HOUR + 60_000;
    try {
      const expired = await t.call(link, { token: null });
      expect(expired.status).toBe(410);
      expect(((await expired.json()) as Body<unknown>).message).toBe('This link has expired. Ask for a new export in the app.');
      // Expired, not downloaded: the app starts a new export.
      expect((await t.call(appPaths.myData, { token: b.token })).status).toBe(202);
    } finally {
      clock -= 24 * HOUR + 60_000;
    }
  });

  it('builds each queued archive once when two processes run the job at once', async () => {
    const people = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((label) => personWithData(t, label)));
    for (const person of people) expect((await t.call(appPaths.myData, { token: person.token })).status).toBe(202);
    const second = await t.connectAgain();
    try {
      const otherJob = new ArchiveJob({
        db: second.db,
        storage: t.storage,
        signer: t.signer,
        clock: () => new Date(clock),
        dataRequests: defaultDataRequestSettings,
      });
      // A and B asked again in the tests above: their new requests are queued too.
      const built = await Promise.all([job.buildQueued(), otherJob.buildQueued(), job.buildQueued()]);
      expect(built.reduce((sum, n) => sum + n, 0)).toBe(6);
    } finally {
      await second.close();
    }
    for (const person of people) {
      const rows = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, person.phone), like(outbox.body, '%/download?%')));
      expect(rows, person.label).toHaveLength(1);
      expect(rows[0]!.user_id).toBe(person.userId);
    }
    const files = readdirSync(`${t.storage.root}/data-exports`);
    const keys = await t.db.select({ key: dataRequests.archive_key }).from(dataRequests).where(eq(dataRequests.kind, 'access'));
    expect(files.sort()).toEqual(
      keys
        .map((row) => row.key?.split('/')[1])
        .filter((key) => key !== undefined)
        .sort(),
    );
  });

  it('takes an erasure only when confirmed, erases at once (the token stops working), and refuses a provider with visits ahead (409, rejected)', async () => {
    for (const body of [{}, { confirm: 'erase' }, { confirm: true }, 'ERASE']) {
      const refused = await t.call(appPaths.erasure, { method: 'POST', token: a.token, json: body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect(await t.db.$count(dataRequests, and(eq(dataRequests.user_id, a.userId), eq(dataRequests.kind, 'erasure')))).toBe(0);
    expect((await t.call(appPaths.erasure, { method: 'POST', token: null, json: { confirm: 'ERASE' } })).status).toBe(401);

    const erased = await t.call(appPaths.erasure, { method: 'POST', token: a.token, json: { confirm: 'ERASE' } });
    expect(erased.status).toBe(200);
    expect(((await erased.json()) as Body<{ pseudonym: string }>).data.pseudonym).toBe(`Deleted patient #${a.userId}`);
    // The app is signed out: a retry with the same token is a 401, and nothing else is opened.
    expect((await t.call(appPaths.erasure, { method: 'POST', token: a.token, json: { confirm: 'ERASE' } })).status).toBe(401);
    const rows = await t.db
      .select()
      .from(dataRequests)
      .where(and(eq(dataRequests.user_id, a.userId), eq(dataRequests.kind, 'erasure')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', channel: 'app', last_error: null });
    const [account] = await t.db
      .select({ name: users.name, phone: users.phone, erased: users.erased_at })
      .from(users)
      .where(eq(users.id, a.userId));
    expect(account).toMatchObject({ name: `Deleted patient #${a.userId}`, phone: null });
    expect(account!.erased).not.toBeNull();

    // A provider account with a visit ahead: 409 in the app's language, the request closed as rejected with the reason.
    const phone = freshPhone();
    const doctor = await makeProvider(t.db, 'doctor', { phone, status: 'approved' });
    const provider = await signInApp(t, phone);
    const ahead = new Date(clock + 3 * 86_400_000);
    await t.db.insert(appointments).values({
      user_id: b.userId,
      provider_id: doctor.id,
      starts_at: ahead.toISOString(),
      ends_at: new Date(ahead.getTime() + 30 * 60_000).toISOString(),
      type: 'cash',
      status: 'booked',
    });
    const refused = await t.call(appPaths.erasure, {
      method: 'POST',
      token: provider.token,
      json: { confirm: 'ERASE' },
      headers: { 'accept-language': 'ar' },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
    const [request] = await t.db.select().from(dataRequests).where(eq(dataRequests.user_id, provider.userId));
    expect(request).toMatchObject({ kind: 'erasure', status: 'rejected' });
    expect((await t.call(appPaths.me, { token: provider.token })).status).toBe(200);
  });
});

describe('the archive’s one download over a real socket', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The archive job runs in the app, as in production: every 200 ms here.
    t = await createTestApp({ listen: true, clock: () => new Date(clock), dataRequests: { archiveIntervalMs: 200 } });
  }, 60_000);
  afterAll(() => t.close());

  it('builds the archive by the app’s own job, then answers exactly one of many parallel downloads with the zip, the others 410', async () => {
    const person = await personWithData(t, 'racer');
    expect((await t.call(appPaths.myData, { token: person.token })).status).toBe(202);
    await expect
      .poll(async () => ((await (await t.call(appPaths.myData, { token: person.token })).json()) as Body<MyData>).data.status, {
        timeout: 20_000,
      })
      .toBe('completed');
    const link = await archiveLink(t.db, person.phone);
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${t.baseUrl}${link}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    const zipped = answers.find((answer) => answer.status === 200)!;
    const zip = await JSZip.loadAsync(await zipped.arrayBuffer());
    expect(Object.keys(zip.files)).toContain('profile.json');
    await Promise.all(answers.filter((answer) => answer !== zipped).map((answer) => answer.text()));
  });
});
