import type { AdminRole } from '@sehha/contract/status-codes';
import type { TestApp } from './test-app';

let serial = 0;

export type MadeAdmin = { id: number; email: string; password: string; token: string };

/** An admin of this role, created through the admins API by the test's super admin, and signed in. */
export async function makeAdmin(t: TestApp, adminRole: AdminRole, name = `Admin ${adminRole}`): Promise<MadeAdmin> {
  serial += 1;
  const email = `${adminRole}-${serial}-${Date.now()}@sehha.test`;
  const created = await t.call('/api/admin/admins', { method: 'POST', json: { name, email, admin_role: adminRole } });
  if (created.status !== 201) throw new Error(`creating a ${adminRole} answered ${created.status}: ${await created.text()}`);
  const { data } = (await created.json()) as { data: { id: number; temporary_password: string } };
  const login = await t.login(email, data.temporary_password);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return { id: data.id, email, password: data.temporary_password, token };
}
