import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from './env';
import type { Session } from './session';

/** A real PNG of the given size, drawn by the browser (about:blank is enough). */
export async function png(page: Page, width: number, height: number): Promise<Buffer> {
  const url = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0d9488';
      context.fillRect(0, 0, w!, h!);
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(url.split(',')[1]!, 'base64');
}

export const pngFile = async (page: Page, width: number, height: number, name = 'image.png') => ({
  name,
  mimeType: 'image/png',
  buffer: await png(page, width, height),
});

/** Creates a record through the API as the dashboard does (multipart); returns `data`. */
export async function apiStore<T>(
  request: APIRequestContext,
  session: Session,
  path: string,
  multipart: Record<string, string | number | { name: string; mimeType: string; buffer: Buffer }>,
): Promise<T> {
  const response = await request.post(`${baseURL}${path}`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
    multipart: Object.fromEntries(
      Object.entries(multipart).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
    ),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

/** A toast (not the table's inline error, which is an alert too). */
export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });
export const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
export const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** Types into a list's search box and waits for the URL to carry it. */
export async function searchFor(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  const query = new URLSearchParams({ search: text }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`[?&]${query}(&|$)`));
  await settled(page);
}

/**
 * Waits until no list is fetching (the table's aria-busy): a row acted on while the search's answer is on
 * its way is re-rendered under the click, and its menu closes with it.
 */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Makes every GET of a list fail with a 500 (the dashboard retries 3 times before its toast). */
export async function failList(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.continue()),
  );
}

/** The retries take 1 + 2 + 4 seconds. */
export const afterRetries = { timeout: 45_000 };
