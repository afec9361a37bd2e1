import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '@sehha/contract/app-paths';
import { accessLogPaths, type AccessLogEntry } from '@sehha/contract/access-logs';
import type { AccessKind, AccessPurpose } from '@sehha/contract/status-codes';
import { appointments } from '../../src/db/schema/appointments';
import { prescriptions } from '../../src/db/schema/prescriptions';
import { licenses, providerAttachments } from '../../src/db/schema/providers';
import { accessLogs } from '../../src/db/schema/privacy';
import type { AccessRouteEntry } from '../../src/access-log/declared-reads';
import { AccessLogWriter } from '../../src/access-log/writer';
import { accessRowsOf, type AccessLogRecord } from '../support/access-log';
import { makeAdmin } from '../support/admins';
import { freshPhone, signInApp } from '../support/app-accounts';
import { pdf, png } from '../support/files';
import { makeProvider, type MadeProvider } from '../support/providers';
import { createTestApp, type TestApp } from '../support/test-app';
import { cairoVisit } from '../support/visits';
import { and, desc, eq, like } from 'drizzle-orm';
import { outbox } from '../../src/db/schema/outbox';
import { ArchiveJob } from '../../src/modules/data-requests/archive-job';
import { defaultDataRequestSettings } from '../../src/modules/data-requests/settings';

/**
 * The rule of issue 28: a GET route whose path names health data or documents (or takes a list out) declares
 * what it reads — `config: { access: { kind, purpose } }`, or `own` / `links` (access-log/declared-reads.ts).
 * A new route matching this without a declaration fails here.
 */
const namesSensitiveData = /appointments|prescription|attachments|licenses|\/export$|access-logs|data-requests|\/me\/data/;

type Paged<T> = { data: { data: T[]; total: number } };

describe('access log of sensitive reads (issue 28)', () => {
  let t: TestApp;
  let doctor: MadeProvider & { token: string };
  let hospital: MadeProvider;
  let center: MadeProvider;
  let pharmacy: MadeProvider & { token: string };
  let patientA: { token: string; userId: number };
  let patientB: { token: string; userId: number };
  const ids = { doctorVisit: 0, hospitalVisit: 0, centerVisit: 0, prescription: 0, attachment: 0, license: 0, archive: 0 };
  /** Patient A's data archive link (path and query), as its SMS carried it. */
  let archiveLink = '';
  const visitDay = '2026-05-04';

  const withAccount = async (kind: 'doctor' | 'pharmacy', values: Record<string, unknown> = {}) => {
    const phone = freshPhone();
    const made = await makeProvider(t.db, kind, { phone, status: 'approved', ...values });
    return { ...made, token: (await signInApp(t, phone)).token };
  };
  const visit = async (providerId: number, userId: number, wallClock: string) => {
    const [row] = await t.db
      .insert(appointments)
      .values({ user_id: userId, provider_id: providerId, ...cairoVisit(wallClock), type: 'cash', status: 'booked' })
      .returning({ id: appointments.id });
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    patientA = await signInApp(t, undefined, 'Patient A');
    patientB = await signInApp(t, undefined, 'Patient B');
    doctor = await withAccount('doctor');
    pharmacy = await withAccount('pharmacy', { licensed_until: '2099-01-01' });
    hospital = await makeProvider(t.db, 'hospital', { status: 'approved' });
    center = await makeProvider(t.db, 'medical_center', { status: 'approved' });
    ids.doctorVisit = await visit(doctor.id, patientA.userId, `${visitDay} 10:00:00`);
    ids.hospitalVisit = await visit(hospital.id, patientA.userId, `${visitDay} 11:00:00`);
    ids.centerVisit = await visit(center.id, patientB.userId, `${visitDay} 12:00:00`);
    await t.storage.put('prescriptions/access-log.png', png(8, 8));
    const [prescription] = await t.db
      .insert(prescriptions)
      .values({ user_id: patientB.userId, pharmacy_id: pharmacy.id, images: ['prescriptions/access-log.png'] })
      .returning();
    ids.prescription = prescription!.id;
    await t.storage.put('attachments/access-log.pdf', pdf());
    const file = { original_name: 'licence.pdf', mime_type: 'application/pdf' };
    const [attachment] = await t.db
      .insert(providerAttachments)
      .values({ provider_id: hospital.id, kind: 'license', path: 'attachments/access-log.pdf', size: pdf().length, ...file })
      .returning();
    ids.attachment = attachment!.id;
    await t.storage.put('licenses/access-log.pdf', pdf());
    const [license] = await t.db
      .insert(licenses)
      .values({ provider_id: doctor.id, number: 'AL-1', path: 'licenses/access-log.pdf', expires_on: '2099-01-01', ...file })
      .returning();
    ids.license = license!.id;
    const asked = (await (await t.call(appPaths.myData, { token: patientA.token })).json()) as { data: { id: number } };
    ids.archive = asked.data.id;
    const job = new ArchiveJob({
      db: t.db,
      storage: t.storage,
      signer: t.signer,
      clock: () => new Date(),
      dataRequests: defaultDataRequestSettings,
    });
    await job.buildQueued();
    const [sms] = await t.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.user_id, patientA.userId), like(outbox.body, '%/download?%')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const url = new URL(/https?:\/\/\S+/.exec(sms!.body)![0]);
    archiveLink = `${url.pathname}${url.search}`;
  }, 120_000);
  afterAll(() => t?.close());

  const table = (): AccessRouteEntry[] => t.app.accessRouteTable();
  const isRead = (route: AccessRouteEntry) => route.methods.includes('GET');

  it('(a) every read route whose path names sensitive data declares its access', () => {
    const sensitive = table().filter((route) => isRead(route) && namesSensitiveData.test(route.url));
    expect(sensitive.length).toBeGreaterThan(20);
    expect(sensitive.filter((route) => route.access === undefined).map((route) => route.url)).toEqual([]);
    // Both scopes are enumerated: admin lists and the app's.
    const urls = sensitive.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/admin/prescription/index', appPaths.providerAppointments, appPaths.pharmacyPrescriptions]),
    );
    // Every admin export is a logged read.
    const exports = table().filter((route) => route.url.startsWith('/api/admin/') && route.url.endsWith('/export'));
    expect(exports.filter((route) => typeof route.access !== 'object' || route.access.kind !== 'export')).toEqual([]);
  });

  /** How to call each route that logs its reads, and what its row must say. */
  type Case = {
    url: () => string;
    token: () => string | null;
    actor: () => ['admin' | 'account', number];
    kind: AccessKind;
    purpose: AccessPurpose;
    records: () => string[];
    subjects: () => number[];
  };
  const admin = (): ['admin', number] => ['admin', t.adminId];
  const cases: Record<string, Case> = {
    'GET /api/admin/appointments/doctor/:id': {
      url: () => `/api/admin/appointments/doctor/${doctor.id}`,
      token: () => t.adminToken,
      actor: admin,
      kind: 'appointment_list',
      purpose: 'platform_oversight',
      records: () => [String(ids.doctorVisit)],
      subjects: () => [patientA.userId],
    },
    'GET /api/admin/appointments/hospital/:id': {
      url: () => `/api/admin/appointments/hospital/${hospital.id}`,
      token: () => t.adminToken,
      actor: admin,
      kind: 'appointment_list',
      purpose: 'platform_oversight',
      records: () => [String(ids.hospitalVisit)],
      subjects: () => [patientA.userId],
    },
    'GET /api/admin/appointments/medical-center/:id': {
      url: () => `/api/admin/appointments/medical-center/${center.id}`,
      token: () => t.adminToken,
      actor: admin,
      kind: 'appointment_list',
      purpose: 'platform_oversight',
      records: () => [String(ids.centerVisit)],
      subjects: () => [patientB.userId],
    },
    // Issue 29: every appointment of the platform (one kind's, so that the rows are known), and the checkouts (none here).
    'GET /api/admin/appointments': {
      url: () => '/api/admin/appointments?provider_kind=medical_center',
      token: () => t.adminToken,
      actor: admin,
      kind: 'appointment_list',
      purpose: 'platform_oversight',
      records: () => [String(ids.centerVisit)],
      subjects: () => [patientB.userId],
    },
    'GET /api/admin/payments': {
      url: () => '/api/admin/payments',
      token: () => t.adminToken,
      actor: admin,
      kind: 'appointment_list',
      purpose: 'platform_oversight',
      records: () => [],
      subjects: () => [],
    },
    // The outbox as admins see it: failed offers, of which there are none here (the row is written all the same).
    'GET /api/admin/notifications': {
      url: () => '/api/admin/notifications?status=failed&kind=offer',
      token: () => t.adminToken,
      actor: admin,
      kind: 'notification_list',
      purpose: 'platform_oversight',
      records: () => [],
      subjects: () => [],
    },
    'GET /api/admin/prescription/index': {
      url: () => '/api/admin/prescription/index',
      token: () => t.adminToken,
      actor: admin,
      kind: 'prescription_list',
      purpose: 'platform_oversight',
      records: () => [String(ids.prescription)],
      subjects: () => [patientB.userId],
    },
    'GET /api/admin/access-logs': {
      url: () => `${accessLogPaths.list}?kind=export`,
      token: () => t.adminToken,
      actor: admin,
      kind: 'access_log',
      purpose: 'privacy_audit',
      records: () => [],
      subjects: () => [],
    },
    [`GET ${appPaths.providerAppointments}`]: {
      url: () => `${appPaths.providerAppointments}?date=${visitDay}`,
      token: () => doctor.token,
      actor: () => ['account', doctor.userId],
      kind: 'appointment_list',
      purpose: 'care_delivery',
      records: () => [String(ids.doctorVisit)],
      subjects: () => [patientA.userId],
    },
    [`GET ${appPaths.pharmacyPrescriptions}`]: {
      url: () => appPaths.pharmacyPrescriptions,
      token: () => pharmacy.token,
      actor: () => ['account', pharmacy.userId],
      kind: 'prescription_list',
      purpose: 'prescription_fulfilment',
      records: () => [String(ids.prescription)],
      subjects: () => [patientB.userId],
    },
    [`GET ${appPaths.myDataDownload(':id')}`]: {
      url: () => archiveLink,
      token: () => null,
      actor: () => ['account', patientA.userId],
      kind: 'data_archive',
      purpose: 'data_subject_request',
      records: () => [String(ids.archive)],
      subjects: () => [patientA.userId],
    },
    [`GET ${appPaths.pharmacyPrescription(':id')}`]: {
      url: () => appPaths.pharmacyPrescription(String(ids.prescription)),
      token: () => pharmacy.token,
      actor: () => ['account', pharmacy.userId],
      kind: 'prescription_list',
      purpose: 'prescription_fulfilment',
      records: () => [String(ids.prescription)],
      subjects: () => [patientB.userId],
    },
  };

  const logged = () => table().filter((route) => isRead(route) && typeof route.access === 'object' && !route.url.endsWith('/export'));

  it('(b) each logging route writes exactly one row per request, with its actor, kind, purpose, records and subjects', async () => {
    const routes = logged().map((route) => `GET ${route.url}`);
    // A new logging route needs its case here.
    expect(routes.filter((key) => !cases[key])).toEqual([]);
    for (const key of routes) {
      const c = cases[key]!;
      const rows = await accessRowsOf(t, async () => {
        const response = await t.call(c.url(), { token: c.token() });
        expect(response.status, `${key}: ${await response.clone().text()}`).toBe(200);
      });
      expect(rows, key).toHaveLength(1);
      const [row] = rows;
      expect([row!.actor_kind, row!.actor_id, row!.kind, row!.purpose, row!.route], key).toEqual([...c.actor(), c.kind, c.purpose, key]);
      expect(row!.record_ids, key).toEqual(c.records());
      expect(row!.subject_user_ids, key).toEqual(c.subjects());
      expect(row!.address, key).toBeTruthy();
    }
  });

  it('(b) writes no row for a refused or failed read, nor for a HEAD, nor for a reading of one’s own data', async () => {
    const rows = await accessRowsOf(t, async () => {
      expect((await t.call('/api/admin/prescription/index', { token: null })).status).toBe(401);
      expect((await t.call(`/api/admin/appointments/doctor/${hospital.id}`)).status).toBe(404);
      expect((await t.call('/api/admin/prescription/index', { method: 'HEAD' })).status).toBe(200);
      expect((await t.call(appPaths.prescriptions, { token: patientB.token })).status).toBe(200);
      expect((await t.call(`${appPaths.appointments}?when=upcoming`, { token: patientA.token })).status).toBe(200);
    });
    expect(rows).toEqual([]);
  });

  it('(b) logs every admin export once, with its list, filters and row count (none for a list that answers 404)', async () => {
    const exports = table().filter((route) => route.url.startsWith('/api/admin/') && route.url.endsWith('/export'));
    let answered = 0;
    for (const route of exports) {
      const url = route.url.replace(':entity', 'provider').replace(/:\w+/g, String(doctor.id));
      const rows = await accessRowsOf(t, async () => {
        const response = await t.call(`${url}?format=csv`);
        expect([200, 404], url).toContain(response.status);
        if (response.status === 200) answered += 1;
        await response.arrayBuffer();
      });
      if (rows.length === 0) continue;
      expect(rows, url).toHaveLength(1);
      const [row] = rows;
      expect([row!.actor_kind, row!.actor_id, row!.kind, row!.purpose, row!.route], url).toEqual([
        'admin',
        t.adminId,
        'export',
        'reporting',
        `GET ${route.url}`,
      ]);
      expect(row!.details, url).toMatchObject({ list: route.url.replace(/\/export$/, ''), format: 'csv', filters: expect.any(Object) });
      expect(typeof (row!.details as { rows: unknown }).rows, url).toBe('number');
    }
    expect(answered).toBeGreaterThan(25);
    const [appointmentExport] = await accessRowsOf(t, async () => {
      await (await t.call(`/api/admin/appointments/doctor/${doctor.id}/export?format=csv`)).arrayBuffer();
    });
    expect(appointmentExport!.subject_user_ids).toEqual([patientA.userId]);
    expect(appointmentExport!.details).toMatchObject({ rows: 1 });
  });

  describe('(c) signed files', () => {
    const fileRows = (rows: AccessLogRecord[]) => rows.filter((row) => row.route === 'GET /storage/*');

    it('writes one row per opening, from the signature alone: who, which record, whose data, why', async () => {
      const list = (await (await t.call('/api/admin/prescription/index')).json()) as Paged<{ id: number; image: string }>;
      const image = list.data.data.find((item) => item.id === ids.prescription)!.image;
      const received = (await (await t.call(appPaths.pharmacyPrescriptions, { token: pharmacy.token })).json()) as Paged<{
        id: number;
        images: Array<{ url: string }>;
      }>;
      const pharmacyImage = received.data.data.find((item) => item.id === ids.prescription)!.images[0]!.url;
      const attachments = (await (await t.call(`/api/admin/providers/attachments/${hospital.id}`)).json()) as {
        data: Array<{ url: string }>;
      };
      const licenseList = (await (await t.call('/api/admin/licenses?per_page=100')).json()) as Paged<{
        id: number;
        document: { url: string; download_url: string };
      }>;
      const license = licenseList.data.data.find((item) => item.id === ids.license)!.document;

      const opened = async (url: string) => {
        const rows = fileRows(await accessRowsOf(t, async () => expect((await t.call(url, { token: null })).status, url).toBe(200)));
        expect(rows, url).toHaveLength(1);
        const [row] = rows;
        return [row!.actor_kind, row!.actor_id, row!.kind, row!.purpose, row!.entity, row!.record_ids, row!.subject_user_ids];
      };
      const prescription = [String(ids.prescription)];
      expect(await opened(`/storage/${image}`)).toEqual([
        'admin',
        t.adminId,
        'prescription_image',
        'platform_oversight',
        'prescription',
        prescription,
        [patientB.userId],
      ]);
      expect(await opened(pharmacyImage)).toEqual([
        'account',
        pharmacy.userId,
        'prescription_image',
        'prescription_fulfilment',
        'prescription',
        prescription,
        [patientB.userId],
      ]);
      expect(await opened(attachments.data[0]!.url)).toEqual([
        'admin',
        t.adminId,
        'provider_document',
        'provider_review',
        'provider_attachment',
        [String(ids.attachment)],
        [hospital.userId],
      ]);
      expect(await opened(license.url)).toEqual([
        'admin',
        t.adminId,
        'provider_document',
        'provider_review',
        'license',
        [String(ids.license)],
        [doctor.userId],
      ]);
      expect(await opened(license.download_url)).toEqual([
        'admin',
        t.adminId,
        'provider_document',
        'provider_review',
        'license',
        [String(ids.license)],
        [doctor.userId],
      ]);
      // Listing the documents wrote nothing: the opening is the read.
      const listed = await accessRowsOf(t, () => t.call(`/api/admin/providers/attachments/${hospital.id}`));
      expect(listed).toEqual([]);
    });

    it('does not log a patient opening their own prescription', async () => {
      const mine = (await (await t.call(appPaths.prescription(String(ids.prescription)), { token: patientB.token })).json()) as {
        data: { images: Array<{ url: string }> };
      };
      const rows = await accessRowsOf(t, async () => expect((await t.call(mine.data.images[0]!.url, { token: null })).status).toBe(200));
      expect(rows).toEqual([]);
    });

    it('refuses a private file whose link does not say whom it was issued to, or says someone else', async () => {
      const rows = await accessRowsOf(t, async () => {
        expect((await t.call(`/storage/${t.signer.sign('prescriptions/access-log.png')}`, { token: null })).status).toBe(403);
        const view = { by: t.adminId, as: 'admin', entity: 'prescription', id: ids.prescription, subject: patientB.userId } as const;
        const link = t.signer.sign('prescriptions/access-log.png', 60, view);
        expect(
          (await t.call(`/storage/${link.replace(new RegExp(`\\.${patientB.userId}$`), `.${patientA.userId}`)}`, { token: null })).status,
        ).toBe(403);
        expect((await t.call(`/storage/${link.replace(/view=a/, 'view=u')}`, { token: null })).status).toBe(403);
      });
      expect(rows).toEqual([]);
    });
  });

  describe('(d) GET /api/admin/access-logs', () => {
    const list = async (query: string) => {
      const response = await t.call(`${accessLogPaths.list}?per_page=100&${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as Paged<AccessLogEntry>).data;
    };

    it('filters by person, reader, kind and day, newest first, naming the people', async () => {
      await t.call(`/api/admin/appointments/doctor/${doctor.id}`);
      await t.call(appPaths.pharmacyPrescriptions, { token: pharmacy.token });
      await t.app.accessLog.flush();

      const aboutA = await list(`subject_user_id=${patientA.userId}`);
      expect(aboutA.total).toBeGreaterThan(0);
      expect(aboutA.data.every((row) => row.subjects.some((s) => s.id === patientA.userId))).toBe(true);
      expect(aboutA.data[0]!.subjects).toContainEqual({ id: patientA.userId, name: 'Patient A', role: 'user' });
      const ids = aboutA.data.map((row) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));

      const byPharmacy = await list(`actor_id=${pharmacy.userId}`);
      expect(byPharmacy.total).toBeGreaterThan(0);
      expect(byPharmacy.data.every((row) => row.actor?.id === pharmacy.userId && row.actor_kind === 'account')).toBe(true);

      const exportsOnly = await list('kind=export');
      expect(exportsOnly.data.every((row) => row.kind === 'export')).toBe(true);
      expect(exportsOnly.total).toBeGreaterThan(0);

      const all = await list('');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date());
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect((await list(`from=${today}&to=${today}`)).total).toBeGreaterThanOrEqual(all.total);
      expect((await list(`from=${tomorrow > today ? tomorrow : '2999-01-01'}`)).total).toBe(0);
      expect((await t.call(`${accessLogPaths.list}?from=2026-02-01&to=2026-01-01`)).status).toBe(422);
      expect((await t.call(`${accessLogPaths.list}?kind=nonsense`)).status).toBe(422);
    });

    it('logs its own reading (kind access_log, purpose privacy_audit, the person asked about as subject)', async () => {
      const rows = await accessRowsOf(t, () => list(`subject_user_id=${patientB.userId}`));
      expect(rows.map((row) => [row.actor_kind, row.actor_id, row.kind, row.purpose, row.subject_user_ids])).toEqual([
        ['admin', t.adminId, 'access_log', 'privacy_audit', [patientB.userId]],
      ]);
      expect(rows[0]!.details).toEqual({ filters: { subject_user_id: patientB.userId } });
    });

    it('exports the log under its filters', async () => {
      const response = await t.call(`${accessLogPaths.list}/export?format=csv&subject_user_id=${patientA.userId}`);
      expect(response.status).toBe(200);
      const lines = (await response.text()).trim().split('\r\n');
      expect(lines.length - 1).toBe((await list(`subject_user_id=${patientA.userId}`)).total);
      expect(lines.slice(1).every((line) => line.includes('Patient A'))).toBe(true);
    });

    it('(e) answers super admins only: 403 for other roles, 401 for app tokens', async () => {
      for (const role of ['reviewer', 'viewer'] as const) {
        const other = await makeAdmin(t, role);
        expect((await t.call(accessLogPaths.list, { token: other.token })).status, role).toBe(403);
        expect((await t.call(`${accessLogPaths.list}/export?format=csv`, { token: other.token })).status, role).toBe(403);
      }
      expect((await t.call(accessLogPaths.list, { token: pharmacy.token })).status).toBe(401);
      expect((await t.call(accessLogPaths.list, { token: null })).status).toBe(401);
    });
  });
});

describe('the access log writer', () => {
  it('writes a batch as one INSERT, retries a failed one once, then logs the rows lost and goes on', async () => {
    const t = await createTestApp();
    try {
      const errors: Array<{ lost: number }> = [];
      const writer = new AccessLogWriter(t.db, { error: (entry: { lost: number }) => void errors.push(entry) } as never, {
        enabled: true,
        intervalMs: 60_000,
        maxRows: 3,
      });
      const row = { actor_kind: 'system', kind: 'export', purpose: 'reporting', route: 'GET /bench' } as const;
      writer.record(row);
      writer.record(row);
      expect(await t.db.select().from(accessLogs)).toHaveLength(0);
      // The third row fills the batch: written without waiting for the interval.
      writer.record({ ...row, created_at: '2026-01-02T03:04:05.000Z' });
      await writer.flush();
      const written = await t.db.select().from(accessLogs);
      expect(written).toHaveLength(3);
      expect(written.map((r) => r.created_at).filter((at) => at.startsWith('2026-01-02'))).toHaveLength(1);
      // A batch the database refuses (a kind outside the vocabulary) fails twice: lost, counted, logged.
      writer.record({ ...row, kind: 'nonsense' as never });
      writer.record(row);
      await writer.flush();
      expect(errors.map((entry) => entry.lost)).toEqual([2]);
      writer.record(row);
      await writer.close();
      expect(await t.db.select().from(accessLogs)).toHaveLength(4);
    } finally {
      await t.close();
    }
  });

  it('drains its buffer on close (SIGTERM): rows recorded just before are written', async () => {
    const t = await createTestApp();
    try {
      expect((await t.call('/api/admin/prescription/index')).status).toBe(200);
      // Not flushed by hand: the app's onClose writes it; the database is still open.
      await t.app.close();
      expect((await t.db.select().from(accessLogs)).map((row) => row.route)).toEqual(['GET /api/admin/prescription/index']);
    } finally {
      await t.close();
    }
  });
});
