import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/audit';
import { postgresError } from '../../../src/db/errors';
import { createTestApp, type TestApp } from '../../support/test-app';

type Entry = {
  id: number;
  actor: { id: number; name: string; email: string } | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
};
type Page = { data: { data: Entry[]; total: number; current_page: number; per_page: number } };

/** Today's date in the platform's time zone, as the filters take it. */
const cairoDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(new Date(Date.now() + offsetDays * 86_400_000));

describe('audit log (GET /api/admin/audit-logs)', () => {
  let t: TestApp;
  let specialityId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const created = (await (
      await t.call('/api/admin/specialities/store', { method: 'POST', json: { name_ar: 'تخصص للتدقيق', name_en: 'Audited speciality' } })
    ).json()) as { data: { id: number } };
    specialityId = created.data.id;
    await t.call(`/api/admin/specialities/update/${specialityId}`, {
      method: 'POST',
      json: { name_ar: 'تخصص معدل', name_en: 'Audited speciality 2', _method: 'PATCH' },
    });
    await t.call('/api/admin/specialities/store', { method: 'POST', json: { name_ar: 'تخصص آخر', name_en: 'Another speciality' } });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.call(`/api/admin/audit-logs?${query}`);
    return { status: response.status, body: (await response.json()) as Page & { errors?: Record<string, string[]> } };
  };

  it('lists every change newest first, with the admin who made it, as a Laravel paginator', async () => {
    const { status, body } = await list('entity=speciality');
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    expect(body.data.data.map((entry) => entry.action)).toEqual(['create', 'update', 'create']);
    const update = body.data.data[1]!;
    expect(update).toMatchObject({ entity: 'speciality', entity_id: String(specialityId), actor: { email: 'admin@sehha.test' } });
    expect(update.before).toMatchObject({ name_en: 'Audited speciality' });
    expect(update.after).toMatchObject({ name_en: 'Audited speciality 2' });
  });

  it('filters by action, admin and day range (days of the platform time zone, both ends included)', async () => {
    expect((await list('entity=speciality&action=update')).body.data.total).toBe(1);
    const actor = (await list('entity=speciality')).body.data.data[0]!.actor!.id;
    expect((await list(`entity=speciality&actor_id=${actor}`)).body.data.total).toBe(3);
    expect((await list(`entity=speciality&actor_id=${actor + 1000}`)).body.data.total).toBe(0);
    expect((await list(`entity=speciality&from=${cairoDay()}&to=${cairoDay()}`)).body.data.total).toBe(3);
    expect((await list(`entity=speciality&to=${cairoDay(-1)}`)).body.data.total).toBe(0);
    expect((await list(`entity=speciality&from=${cairoDay(1)}`)).body.data.total).toBe(0);
  });

  it("gives one record's history, newest first", async () => {
    const response = await t.call(`/api/admin/audit-logs/speciality/${specialityId}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Page;
    expect(body.data.data.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(body.data.data.every((entry) => entry.entity_id === String(specialityId))).toBe(true);
  });

  it('refuses unknown kinds, actions and dates, and an end before the start, with the field named', async () => {
    expect((await list('entity=patients')).status).toBe(422);
    expect((await list('action=drop')).status).toBe(422);
    expect((await list('from=2026-02-30')).body.errors).toHaveProperty('from');
    const reversed = await list('from=2026-05-02&to=2026-05-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ to: ['The end date must not be before the start date'] });
    expect((await t.call('/api/admin/audit-logs/patients/1')).status).toBe(422);
    const anonymous = await t.call('/api/admin/audit-logs', { token: null });
    expect(anonymous.status).toBe(401);
  });
});

describe('the audit table is append-only in the database itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.call('/api/admin/specialities/store', { method: 'POST', json: { name_ar: 'تخصص محفوظ', name_en: 'Kept in history' } });
  });
  afterAll(() => t.close());

  /** The SQLSTATE the database answered a statement with, or 'ok'. */
  const outcome = async (statement: string) => {
    try {
      await t.db.execute(sql.raw(statement));
      return 'ok';
    } catch (error) {
      return postgresError(error)?.code ?? String(error);
    }
  };

  it('refuses UPDATE, DELETE and TRUNCATE of its rows, whoever asks', async () => {
    const [entry] = await t.db.select().from(auditLogs).limit(1);
    expect(entry).toBeDefined();
    expect(await outcome(`update audit_logs set action = 'nothing' where id = ${entry!.id}`)).toBe('42501');
    expect(await outcome(`delete from audit_logs where id = ${entry!.id}`)).toBe('42501');
    expect(await outcome('truncate audit_logs')).toBe('42501');
    const [still] = await t.db.select().from(auditLogs).where(eq(auditLogs.id, entry!.id));
    expect(still).toEqual(entry);
  });

  it('keeps adding rows, and an admin with a history cannot be deleted (deactivate instead)', async () => {
    const before = await t.db.$count(auditLogs);
    await t.call('/api/admin/specialities/store', { method: 'POST', json: { name_ar: 'تخصص ثان', name_en: 'Second in history' } });
    expect(await t.db.$count(auditLogs)).toBe(before + 1);
    const [entry] = await t.db.select().from(auditLogs).limit(1);
    expect(await outcome(`delete from users where id = ${entry!.actor_id}`)).toBe('23503');
  });
});
