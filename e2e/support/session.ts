import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { admin, baseURL, type Lng } from './env';

export type Session = { token: string; role: string };

/** Logs the admin in through the API (no UI). */
export async function apiLogin(request: APIRequestContext): Promise<Session> {
  const response = await request.post(`${baseURL}/api/auth/login`, { data: admin, headers: { Accept: 'application/json' } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { token: string; role: string } };
  return { token: body.data.token, role: body.data.role };
}

let shared: Session | undefined;

/** One token per worker, reused while it still works (logins are throttled on failures only, but cheap is better). */
export async function sharedSession(request: APIRequestContext): Promise<Session> {
  if (shared) {
    const me = await request.get(`${baseURL}/api/auth/me`, {
      headers: { Authorization: `Bearer ${shared.token}`, Accept: 'application/json' },
    });
    if (me.ok()) return shared;
  }
  shared = await apiLogin(request);
  return shared;
}

/**
 * Puts a session into localStorage before the app's first script runs, once per tab: a later
 * logout in the same tab stays logged out.
 */
export async function seedSession(page: Page, session: Session): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-session-seeded')) return;
    sessionStorage.setItem('e2e-session-seeded', '1');
    localStorage.setItem('token', value.token);
    localStorage.setItem('role', value.role);
  }, session);
}

/** Opens `/{lng}{path}` as the logged-in admin; `path` starts with `/dashboard`. */
export async function gotoAs(page: Page, lng: Lng, path: string, session?: Session): Promise<Session> {
  const used = session ?? (await sharedSession(page.request));
  await seedSession(page, used);
  await page.goto(`/${lng}${path}`);
  return used;
}

export const storedSession = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), role: localStorage.getItem('role') }));
