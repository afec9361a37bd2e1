import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demoFixtures } from '../../apps/api/src/seed/demo-fixtures';
import { baseURL } from './env';
import { listProviders, providerNamed } from './providers';
import type { Session } from './session';

/** `:name` parameters of a screen's path (`doctor-appointment/:doctor`) are demo records; the screens themselves: apps/web/src/config/paths.ts. */
let ids: Promise<Record<string, number>> | undefined;

/** The demo records behind the parameters, looked up once per worker. */
async function demoIds(request: APIRequestContext, session: Session): Promise<Record<string, number>> {
  const headers = { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
  const firstUnit = async (facilityId: number) => {
    const response = await request.get(`${baseURL}/api/admin/providers/units/${facilityId}`, { headers });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { data: Array<{ id: number }> } }).data.data[0]!.id;
  };
  const doctor = await providerNamed(request, session, 'doctors', demoFixtures.firstDoctor.name_en);
  const hospital = await providerNamed(request, session, 'hospitals', demoFixtures.hospital.name_en);
  const center = await providerNamed(request, session, 'medical-centers', demoFixtures.medicalCenter.name_en);
  const pharmacy = await providerNamed(request, session, 'pharmacies', demoFixtures.pharmacy.name_en);
  const company = (await listProviders(request, session, 'companies'))[0]!;
  return {
    doctor: doctor.id,
    hospital: hospital.id,
    center: center.id,
    pharmacy: pharmacy.id,
    company: company.id,
    department: await firstUnit(hospital.id),
    clinic: await firstUnit(center.id),
  };
}

/** A screen's path with its parameters filled in. */
export async function resolveScreen(request: APIRequestContext, session: Session, screen: string): Promise<string> {
  if (!screen.includes(':')) return screen;
  ids ??= demoIds(request, session);
  const known = await ids;
  return screen.replace(/:(\w+)/g, (_, name: string) => String(known[name]));
}

/** Waits until the screen has its data: no progress bar, spinner or busy region left, and the network quiet. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('main [data-screen]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('route-progress')).toHaveCount(0);
  await expect(page.locator('main .animate-spin, main [aria-busy="true"]')).toHaveCount(0, { timeout: 40_000 });
}
