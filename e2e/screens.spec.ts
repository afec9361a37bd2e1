import { expect, test as base, type Page } from '@playwright/test';
import { paths, sampleHref, type RouteRecord, type ScreenName } from '../apps/web/src/config/paths';
import { apiLogin, seedSession, type Session } from './support/session';
import { resolveScreen, settled } from './support/screens';
import { baseURL, languages, type Lng } from './support/env';
import { texts } from './support/texts';
import { appText } from './support/app-text';
import { audit, axeBuilder } from './support/axe';

/**
 * Every screen of the route table (apps/web/src/config/paths.ts) once per language, and on that one visit all that is
 * checked of a screen: it renders inside the shell under its own name and document title, in the language's
 * direction, with no page error, and axe finds nothing. Then the routing rules around the screens: redirects, the
 * language fallback and switch, the dashboard index, a mistyped address. The admin signs in once per worker.
 */
const test = base.extend<object, { session: Session }>({
  session: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext();
      await use(await apiLogin(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ session }, use) =>
    use({
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'token', value: session.token },
            { name: 'role', value: session.role },
          ],
        },
      ],
    }),
});
const signedOut = { cookies: [], origins: [] };

test.use({ viewport: { width: 1280, height: 900 } });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The spec's navigation entries (§2), independent literal copies: these screens are named so. */
const specNames: Partial<Record<ScreenName, Record<Lng, string>>> = {
  users: { en: 'All Users', ar: 'جميع المستخدمين' },
  doctors: { en: 'Doctors', ar: 'الأطباء' },
  companies: { en: 'Company', ar: 'الشركات' },
  locations: { en: 'Locations', ar: 'الدول والمدن' },
  specialities: { en: 'Specialities', ar: 'التخصصات' },
  categories: { en: 'Categories', ar: 'الفئات' },
  prescriptions: { en: 'Prescriptions', ar: 'الوصفات الطبية' },
  pharmacies: { en: 'Pharmacies', ar: 'الصيدليات' },
  homeAds: { en: 'Home Ads', ar: 'إعلانات الصفحة الرئيسية' },
  requests: { en: 'Requests', ar: 'طلبات التعديل' },
  medicalCenters: { en: 'Medical Center', ar: 'المراكز الطبية' },
  hospitals: { en: 'Medical Institutions', ar: 'المؤسسات الطبية' },
  subscription: { en: 'Subscription', ar: 'باقات الاشتراك' },
  userSubscription: { en: 'User Subscription', ar: 'اشتراكات المستخدمين' },
};
const homeTitle = { en: 'Home', ar: 'الرئيسية' };

/** What a screen's heading and document title start with (appointment screens add whose they are). */
function expectedNames(lng: Lng, screen: ScreenName): { heading: string; title: string } {
  if (screen === 'home') return { heading: appText(lng, 'home:welcome', { name: '' }), title: homeTitle[lng] };
  const name = specNames[screen]?.[lng] ?? appText(lng, `screens:${screen}`);
  // The signed-in admin's own sessions (no `?admin_id=`) are headed as theirs.
  return { heading: screen === 'sessions' ? appText(lng, 'screens:mySessions') : name, title: name };
}

/** The demo record each kind of route parameter opens (support/screens.ts looks them up once per worker). */
const demoAlias: Record<RouteRecord, string> = {
  doctor: 'doctor',
  pharmacy: 'pharmacy',
  hospital: 'hospital',
  medicalCenter: 'center',
  company: 'company',
  department: 'department',
  clinic: 'clinic',
};
async function demoRecords(page: Page, session: Session): Promise<Record<RouteRecord, string>> {
  const entries = await Promise.all(
    (Object.keys(demoAlias) as RouteRecord[]).map(
      async (record) => [record, await resolveScreen(page.request, session, `:${demoAlias[record]}`)] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<RouteRecord, string>;
}

/** The start edge of a box in the language's direction, and the distance of `inner`'s start from `outer`'s. */
type Box = { x: number; width: number };
const startGap = (lng: Lng, outer: Box, inner: Box) => (lng === 'ar' ? outer.x + outer.width - (inner.x + inner.width) : inner.x - outer.x);

/** The shell's navigation sits on the language's start side of the content. */
async function expectShellDirection(page: Page, lng: Lng) {
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
  const nav = (await page.locator('#sidebar').boundingBox())!;
  const main = (await page.locator('main').boundingBox())!;
  expect(lng === 'ar' ? nav.x > main.x : nav.x < main.x).toBe(true);
}

const screens = Object.keys(paths) as ScreenName[];
const groupSize = 7;
const groups = Array.from({ length: Math.ceil(screens.length / groupSize) }, (_, i) => screens.slice(i * groupSize, (i + 1) * groupSize));

/** Everything checked of one screen, opened at `href`. */
async function expectScreen(page: Page, lng: Lng, screen: ScreenName, href: string) {
  // Renders where it was asked, inside the shell (the sidebar's last entry), a screen mounted (data-screen).
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`));
  await expect(page.locator('main [data-screen]').first()).toBeVisible();
  await expect(page.locator('#sidebar').getByRole('button', { name: texts[lng].logout, exact: true })).toBeVisible();
  // Its own name: the heading starts with it, so does the document title ("Doctors · Sehha"); never a raw key.
  const names = expectedNames(lng, screen);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/\S/);
  await expect(heading).not.toHaveText(/^[\w-]+[:.][\w.-]+$/);
  await expect(heading).toHaveText(new RegExp(`^${escapeRegExp(names.heading)}`));
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(names.title)}`));
  await expect(page.getByText(texts[lng].unexpected)).toHaveCount(0);
  // The language's direction: the attributes, the navigation on the start side, the heading at the content's start.
  await expectShellDirection(page, lng);
  const main = (await page.locator('main').boundingBox())!;
  expect(startGap(lng, main, (await heading.boundingBox())!)).toBeLessThan(64);
  // With its data in (the home screen's revenue chart is a chunk of its own, loaded after the cards), axe.
  await test.step('settled', () => settled(page));
  if (screen === 'home') await expect(page.getByRole('region', { name: appText(lng, 'home:revenues') }).getByRole('img')).toBeVisible();
  await test.step('axe', () => audit(page, `${lng} ${href}`));
}

for (const lng of languages) {
  test.describe(`screens (${lng})`, () => {
    // Screens in groups: one page walks a group (its HTTP cache warm after the first screen, so each visit pays for
    // the screen, not the dashboard's chunks again), while the groups spread over the workers.
    for (const group of groups) {
      test(`${group[0]} … ${group[group.length - 1]}`, async ({ page, session }) => {
        test.setTimeout(60_000 + group.length * 30_000);
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
        const records = await demoRecords(page, session);
        for (const screen of group) {
          await test.step(`${screen}: ${paths[screen].path}`, async () => {
            const href = sampleHref(lng, screen, records);
            await test.step('goto', () => page.goto(href));
            await expectScreen(page, lng, screen, href);
          });
        }
        expect(errors).toEqual([]);
      });
    }

    test('dashboard index redirects to home', async ({ page }) => {
      await page.goto(`/${lng}/dashboard`);
      await expect(page).toHaveURL(paths.home.getHref(lng));
    });

    test('the language switch keeps the path and query, and the layout follows', async ({ page }) => {
      const other = lng === 'en' ? 'ar' : 'en';
      await page.goto(paths.hospitals.getHref(lng, { tab: 'types' }));
      await page.getByRole('link', { name: new RegExp(texts[lng].switchLanguage) }).click();
      await expect(page).toHaveURL(paths.hospitals.getHref(other, { tab: 'types' }));
      await expect(page.getByRole('tab', { name: texts[other].typesTab })).toHaveAttribute('aria-selected', 'true');
      // Not only the attribute: the navigation moves to the new start side, and so does the first tab.
      await expectShellDirection(page, other);
      const tabs = page.getByRole('tab');
      const [first, second] = [(await tabs.nth(0).boundingBox())!, (await tabs.nth(1).boundingBox())!];
      expect(other === 'ar' ? first.x > second.x : first.x < second.x).toBe(true);
    });

    test("a signed-in admin's mistyped address says so inside the shell, with the way back", async ({ page }) => {
      await page.goto(`/${lng}/dashboard/licenses`);
      const heading = page.getByRole('heading', { level: 1, name: appText(lng, 'screens:notFound') });
      await expect(heading).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/dashboard/licenses`);
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(appText(lng, 'screens:notFound'))}`));
      await expect(page.getByText(appText(lng, 'auth:adminsOnly'))).toHaveCount(0);
      const main = (await page.locator('main').boundingBox())!;
      expect(startGap(lng, main, (await heading.boundingBox())!)).toBeLessThan(64);
      const results = await axeBuilder(page).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      await page.getByRole('link', { name: appText(lng, 'error.backHome') }).click();
      await expect(page).toHaveURL(paths.home.getHref(lng));
    });

    test.describe('signed out', () => {
      test.use({ storageState: signedOut });

      test('login: lang and dir follow the language, text starts on its side, axe', async ({ page }) => {
        await page.goto(`/${lng}/login`);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1, name: texts[lng].loginWelcome })).toBeVisible();
        // A field's label hugs the start edge of its field: the right edge in Arabic.
        const label = (await page.getByText(texts[lng].email, { exact: true }).boundingBox())!;
        const field = (await page.getByLabel(texts[lng].email).boundingBox())!;
        expect(Math.abs(startGap(lng, field, label))).toBeLessThan(4);
        await audit(page, `${lng} login`);
      });
    });
  });
}

test.describe('redirects', () => {
  test.use({ storageState: signedOut });

  test('/ goes to /en/login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/en/login');
  });

  test('an unknown path goes to /en/login; signed out, a dashboard address asks for a session in its language', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL('/en/login');
    await page.goto('/ar/dashboard/nothing-here');
    await expect(page).toHaveURL('/ar/login');
  });

  test('an unsupported language falls back to en on the same path and query', async ({ page, session }) => {
    await page.goto('/fr/login');
    await expect(page).toHaveURL('/en/login');
    await seedSession(page, session);
    await page.goto('/de/dashboard/hospitals?tab=types');
    await expect(page).toHaveURL(paths.hospitals.getHref('en', { tab: 'types' }));
    await expect(page.getByRole('tab', { name: texts.en.typesTab })).toHaveAttribute('aria-selected', 'true');
  });
});
