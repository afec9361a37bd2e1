import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { institutionTypes } from '../../src/db/schema/catalogs';
import { auditLogs } from '../../src/db/schema/audit';
import { createTestApp, type TestApp } from '../support/test-app';
import { pdf, png } from '../support/files';

type Paginated = {
  data: {
    current_page: number;
    data: Array<{ name_en: string }>;
    last_page: number;
    next_page_url: string | null;
    prev_page_url: string | null;
    total: number;
    per_page: number;
    from: number | null;
    to: number | null;
    links: Array<{ url: string | null; label: string; active: boolean }>;
    path: string;
    first_page_url: string;
    last_page_url: string;
  };
};

describe('Laravel conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(institutionTypes).values(
      Array.from({ length: 23 }, (_, i) => ({
        name_ar: `نوع رقم ${i + 1}`,
        name_en: `Type number ${i + 1}`,
        medical_under_instituted: i % 2 === 0,
      })),
    );
  });
  afterAll(() => t.close());

  it('pages lists as Laravel paginators', async () => {
    const body = (await (await t.call('/api/admin/hospitalies/types?page=2&per_page=10')).json()) as Paginated;
    const page = body.data;
    expect(Object.keys(page).sort()).toEqual(
      [
        'current_page',
        'data',
        'first_page_url',
        'from',
        'last_page',
        'last_page_url',
        'links',
        'next_page_url',
        'path',
        'per_page',
        'prev_page_url',
        'to',
        'total',
      ].sort(),
    );
    expect(page).toMatchObject({ current_page: 2, last_page: 3, per_page: 10, total: 23, from: 11, to: 20 });
    expect(page.data).toHaveLength(10);
    expect(page.path).toBe(`${t.baseUrl}/api/admin/hospitalies/types`);
    expect(page.next_page_url).toBe(`${t.baseUrl}/api/admin/hospitalies/types?page=3&per_page=10`);
    expect(page.prev_page_url).toBe(`${t.baseUrl}/api/admin/hospitalies/types?page=1&per_page=10`);
    expect(page.links.map((l) => l.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
    expect(page.links.find((l) => l.active)?.label).toBe('2');
  });

  it('has null neighbour urls at the ends and an empty page past the end', async () => {
    const first = ((await (await t.call('/api/admin/hospitalies/types?per_page=10')).json()) as Paginated).data;
    expect(first.prev_page_url).toBeNull();
    const beyond = ((await (await t.call('/api/admin/hospitalies/types?page=9&per_page=10')).json()) as Paginated).data;
    expect(beyond).toMatchObject({ data: [], from: null, to: null, next_page_url: null, total: 23 });
  });

  it('rejects bad paging with 422 and never 500', async () => {
    for (const query of ['page=0', 'page=abc', 'per_page=1000', 'per_page=-1', `search=${'x'.repeat(300)}`]) {
      const response = await t.call(`/api/admin/hospitalies/types?${query}`);
      expect(response.status, query).toBe(422);
      expect(((await response.json()) as { errors: object }).errors).toBeTypeOf('object');
    }
  });

  it('treats POST with _method (any case) as the overridden method, JSON or multipart', async () => {
    const [row] = await t.db.insert(institutionTypes).values({ name_ar: 'نوع للتجربة', name_en: 'Override me' }).returning();
    const viaForm = await t.call(`/api/admin/hospitalies/types/update/${row!.id}`, {
      method: 'POST',
      form: { name_ar: 'نوع معدل', name_en: 'Overridden', medical_under_instituted: true, _method: 'Patch' },
    });
    expect(viaForm.status).toBe(200);
    // The update happened: the row holds the new names (not just a 200).
    const [updated] = await t.db.select().from(institutionTypes).where(eq(institutionTypes.id, row!.id));
    expect(updated).toMatchObject({ name_ar: 'نوع معدل', name_en: 'Overridden', medical_under_instituted: true });
    const wrongMethod = await t.call(`/api/admin/hospitalies/types/update/${row!.id}`, {
      method: 'POST',
      json: { name_ar: 'نوع', name_en: 'Type', _method: 'PUT' },
    });
    expect(wrongMethod.status).toBe(405);
    const [untouched] = await t.db.select().from(institutionTypes).where(eq(institutionTypes.id, row!.id));
    expect(untouched!.name_en).toBe('Overridden');
    const viaJson = await t.call(`/api/admin/hospitalies/types/delete/${row!.id}`, { method: 'POST', json: { _method: 'delete' } });
    expect(viaJson.status).toBe(200);
    // The delete happened.
    expect(await t.db.select().from(institutionTypes).where(eq(institutionTypes.id, row!.id))).toEqual([]);
  });

  it('answers unknown routes, bad JSON and oversize bodies with a message', async () => {
    const before = await t.db.$count(institutionTypes);
    const missing = await t.call('/api/nothing-here', { token: null });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: expect.stringMatching(/\S/) });
    const badJson = await t.call('/api/admin/hospitalies/types/store', {
      method: 'POST',
      body: '{"name_ar":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ message: expect.stringMatching(/\S/) });
    const huge = await t.call('/api/admin/hospitalies/types/store', { method: 'POST', json: { name_ar: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: expect.stringMatching(/\S/) });
    // Nothing of either body was stored.
    expect(await t.db.$count(institutionTypes)).toBe(before);
  });

  it('sends security headers and no CORS grant to unknown origins', async () => {
    const response = await t.call('/api/health', { token: null, headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('publishes an OpenAPI document and a browsable reference', async () => {
    const doc = (await (await t.call('/api/docs/json', { token: null })).json()) as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/hospitalies/types/store', '/api/admin/hospitalies/types/update/{id}', '/api/auth/login']),
    );
    const reference = await t.call('/api/docs', { token: null });
    expect(reference.status).toBe(200);
    expect(reference.headers.get('content-type')).toContain('text/html');
  });

  it('serves public storage files and refuses escapes and unsigned private files', async () => {
    await t.storage.put('flags/eg.png', png(4, 3));
    await t.storage.put('prescriptions/p1.png', png(4, 3));
    const flag = await t.call('/storage/flags/eg.png', { token: null });
    expect(flag.status).toBe(200);
    expect(flag.headers.get('content-type')).toBe('image/png');
    for (const path of ['/storage/../package.json', '/storage/%2e%2e/%2e%2e/etc/passwd', '/storage/flags/..%2F..%2Fapp-key']) {
      expect([400, 403, 404], path).toContain((await t.call(path, { token: null })).status);
    }
    // Doubled slashes are merged before routing (as nginx does): the same public file, the same private refusal.
    expect((await t.call('/storage/flags//eg.png', { token: null })).status).toBe(200);
    expect((await t.call('/storage//prescriptions//p1.png', { token: null })).status).toBe(403);
    expect((await t.call('/storage/prescriptions/p1.png', { token: null })).status).toBe(403);
    // Signed but not saying whom it was issued to: refused, so every private file opened is attributable.
    expect((await t.call(`/storage/${t.signer.sign('prescriptions/p1.png')}`, { token: null })).status).toBe(403);
    const view = { by: t.adminId, as: 'admin', entity: 'prescription', id: 1, subject: 0 } as const;
    const signed = await t.call(`/storage/${t.signer.sign('prescriptions/p1.png', undefined, view)}`, { token: null });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toContain('no-store');
  });

  it('lets the dashboard frame stored files (PDF previews) while the API and the dashboard stay unframeable', async () => {
    await t.storage.put('attachments/framed.pdf', pdf());
    const view = { by: t.adminId, as: 'admin', entity: 'provider_attachment', id: 1, subject: 0 } as const;
    const file = await t.call(`/storage/${t.signer.sign('attachments/framed.pdf', undefined, view)}`, { token: null });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const filePolicy = file.headers.get('content-security-policy') ?? '';
    expect(filePolicy).toContain("frame-ancestors 'self'");
    expect(filePolicy).not.toContain("frame-ancestors 'none'");
    expect(filePolicy).toContain("default-src 'self'");
    expect(file.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    for (const path of ['/api/health', '/en/login', '/api/nothing-here']) {
      const response = await t.call(path, { token: null });
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('writes an audit row with before and after for every admin mutation', async () => {
    const created = (await (
      await t.call('/api/admin/hospitalies/types/store', {
        method: 'POST',
        form: { name_ar: 'نوع مدقق', name_en: 'Audited type', medical_under_instituted: false },
      })
    ).json()) as { data: { id: number } };
    await t.call(`/api/admin/hospitalies/types/status/${created.data.id}`, { method: 'PATCH', json: { is_active: 0 } });
    const rows = (await t.db.select().from(auditLogs)).filter(
      (r) => r.entity_id === String(created.data.id) && r.entity === 'institution_type',
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'status']);
    expect(rows[1]).toMatchObject({
      actor_id: t.adminId,
      before: expect.objectContaining({ is_active: true }),
      after: expect.objectContaining({ is_active: false }),
    });
  });
});
