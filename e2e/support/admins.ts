import { expect, type APIRequestContext } from '@playwright/test';
import { baseURL, unique } from './env';
import { sharedSession, type Session } from './session';

export type AdminRole = 'super_admin' | 'reviewer' | 'viewer';
export type MadeAdmin = { id: number; name: string; email: string; password: string; session: Session };

/** An admin of this role, created through the admins API by the e2e super admin, and signed in through the API. */
export async function makeAdmin(request: APIRequestContext, role: AdminRole): Promise<MadeAdmin> {
  const owner = await sharedSession(request);
  const name = unique(`e2e ${role}`);
  const email = `${unique(role)}@sehha.test`.toLowerCase();
  const created = await request.post(`${baseURL}/api/admin/admins`, {
    data: { name, email, admin_role: role },
    headers: { Authorization: `Bearer ${owner.token}`, Accept: 'application/json' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, temporary_password: password } = ((await created.json()) as { data: { id: number; temporary_password: string } }).data;
  const login = await request.post(`${baseURL}/api/auth/login`, { data: { email, password }, headers: { Accept: 'application/json' } });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as { data: { token: string; role: string } };
  return { id, name, email, password, session: { token: body.data.token, role: body.data.role } };
}
