import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider, type MadeProvider } from '../../support/providers';

type Listed = { data: { total: number; data: Array<{ id: number; email: string; role: string }> } };

describe('deactivate all companies, unfiltered', () => {
  let t: TestApp;
  let companies: MadeProvider[];
  let doctor: MadeProvider;
  beforeAll(async () => {
    t = await createTestApp();
    companies = [];
    for (const status of ['pending', 'approved', 'rejected', 'onHold'] as const)
      companies.push(await makeProvider(t.db, 'company', { status }));
    doctor = await makeProvider(t.db, 'doctor', { status: 'approved' });
  });
  afterAll(() => t.close());

  it('deactivates every listed company in any status, leaves other kinds, and lists them among the deactivated users', async () => {
    const response = await t.call('/api/admin/providers/companies/deactivate-all', { method: 'POST', json: { all: true } });
    expect(await response.json()).toEqual({ message: 'Companies Deactivated Successfully !', data: { count: 4 } });

    const listed = (await (await t.call('/api/admin/providers/companies')).json()) as Listed;
    expect(listed.data.total).toBe(0);
    const doctors = (await (await t.call('/api/admin/providers/doctors')).json()) as Listed;
    expect(doctors.data.data.map((d) => d.id)).toEqual([doctor.id]);

    const deactivated = (await (await t.call('/api/admin/users/deactivated?per_page=100')).json()) as Listed;
    expect(deactivated.data.data.map((u) => u.email).sort()).toEqual(companies.map((c) => c.email).sort());
    expect(new Set(deactivated.data.data.map((u) => u.role))).toEqual(new Set(['company']));

    const again = await t.call('/api/admin/providers/companies/deactivate-all', { method: 'POST', json: { all: true } });
    expect(((await again.json()) as { data: { count: number } }).data.count).toBe(0);
  });
});
