import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { languages } from './support/env';
import { gotoAs } from './support/session';
import { texts } from './support/texts';
import { appText } from './support/app-text';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spec §2: every dashboard child, with sample parameters, and the name its screen shows (the spec's navigation entries as literals). */
const dashboardRoutes = [
  {
    path: 'home',
    screen: 'home',
    en: appText('en', 'home:welcome', { name: '' }),
    ar: appText('ar', 'home:welcome', { name: '' }),
    title: { en: 'Home', ar: 'الرئيسية' },
  },
  { path: 'users', screen: 'users', en: 'All Users', ar: 'جميع المستخدمين' },
  {
    path: 'users/deactivated',
    screen: 'deactivatedUsers',
    en: appText('en', 'screens:deactivatedUsers'),
    ar: appText('ar', 'screens:deactivatedUsers'),
  },
  { path: 'doctors', screen: 'doctors', en: 'Doctors', ar: 'الأطباء' },
  { path: 'company', screen: 'companies', en: 'Company', ar: 'الشركات' },
  { path: 'locations', screen: 'locations', en: 'Locations', ar: 'المواقع' },
  { path: 'specialities', screen: 'specialities', en: 'Specialities', ar: 'التخصصات' },
  { path: 'categories', screen: 'categories', en: 'Categories', ar: 'الفئات' },
  { path: 'prescription', screen: 'prescriptions', en: 'Prescriptions', ar: 'الوصفات الطبية' },
  { path: 'addCountery', screen: 'addCountry', en: appText('en', 'screens:addCountry'), ar: appText('ar', 'screens:addCountry') },
  { path: 'addHomeAd', screen: 'addHomeAd', en: appText('en', 'screens:addHomeAd'), ar: appText('ar', 'screens:addHomeAd') },
  { path: 'addCategory', screen: 'addCategory', en: appText('en', 'screens:addCategory'), ar: appText('ar', 'screens:addCategory') },
  { path: 'addCity', screen: 'addCity', en: appText('en', 'screens:addCity'), ar: appText('ar', 'screens:addCity') },
  { path: 'addType', screen: 'addType', en: appText('en', 'screens:addType'), ar: appText('ar', 'screens:addType') },
  {
    path: 'addSpeciality',
    screen: 'addSpeciality',
    en: appText('en', 'screens:addSpeciality'),
    ar: appText('ar', 'screens:addSpeciality'),
  },
  { path: 'addState', screen: 'addState', en: appText('en', 'screens:addState'), ar: appText('ar', 'screens:addState') },
  { path: 'pharmacies', screen: 'pharmacies', en: 'Pharmacies', ar: 'الصيدليات' },
  { path: 'home-ads', screen: 'homeAds', en: 'Home Ads', ar: 'إعلانات الصفحة الرئيسية' },
  { path: 'requests', screen: 'requests', en: 'Requests', ar: 'طلبات التعديل' },
  { path: 'medical-center', screen: 'medicalCenters', en: 'Medical Center', ar: 'المراكز الطبية' },
  { path: 'hospitals', screen: 'hospitals', en: 'Medical Institutions', ar: 'المؤسسات الطبية' },
  { path: 'license', screen: 'license', en: appText('en', 'screens:license'), ar: appText('ar', 'screens:license') },
  { path: 'subscription', screen: 'subscription', en: 'Subscription', ar: 'باقات الاشتراك' },
  { path: 'user-subscription', screen: 'userSubscription', en: 'User Subscription', ar: 'اشتراكات المستخدمين' },
  {
    path: 'pharmacy/1',
    screen: 'pharmacyBranches',
    en: appText('en', 'screens:pharmacyBranches'),
    ar: appText('ar', 'screens:pharmacyBranches'),
  },
  {
    path: 'medical-center-clinics/1',
    screen: 'medicalCenterClinics',
    en: appText('en', 'screens:medicalCenterClinics'),
    ar: appText('ar', 'screens:medicalCenterClinics'),
  },
  {
    path: 'medical-center-ads/1',
    screen: 'medicalCenterAds',
    en: appText('en', 'screens:medicalCenterAds'),
    ar: appText('ar', 'screens:medicalCenterAds'),
  },
  { path: 'doctor-ads/1', screen: 'doctorAds', en: appText('en', 'screens:doctorAds'), ar: appText('ar', 'screens:doctorAds') },
  {
    path: 'doctor-appointment/1',
    screen: 'doctorAppointments',
    en: appText('en', 'screens:doctorAppointments'),
    ar: appText('ar', 'screens:doctorAppointments'),
  },
  {
    path: 'medicalCenter-appointment/1',
    screen: 'medicalCenterAppointments',
    en: appText('en', 'screens:medicalCenterAppointments'),
    ar: appText('ar', 'screens:medicalCenterAppointments'),
  },
  {
    path: 'hospital-appointment/1',
    screen: 'hospitalAppointments',
    en: appText('en', 'screens:hospitalAppointments'),
    ar: appText('ar', 'screens:hospitalAppointments'),
  },
  { path: 'hospital-ads/1', screen: 'hospitalAds', en: appText('en', 'screens:hospitalAds'), ar: appText('ar', 'screens:hospitalAds') },
  {
    path: 'hospital-doctors/1/2',
    screen: 'hospitalDoctors',
    en: appText('en', 'screens:hospitalDoctors'),
    ar: appText('ar', 'screens:hospitalDoctors'),
  },
  {
    path: 'medical-center-doctors/1/3',
    screen: 'medicalCenterDoctors',
    en: appText('en', 'screens:medicalCenterDoctors'),
    ar: appText('ar', 'screens:medicalCenterDoctors'),
  },
  {
    path: 'hospital-department/1',
    screen: 'hospitalDepartments',
    en: appText('en', 'screens:hospitalDepartments'),
    ar: appText('ar', 'screens:hospitalDepartments'),
  },
  { path: 'company-ads/1', screen: 'companyAds', en: appText('en', 'screens:companyAds'), ar: appText('ar', 'screens:companyAds') },
  { path: 'medicine/1', screen: 'medicines', en: appText('en', 'screens:medicines'), ar: appText('ar', 'screens:medicines') },
] as const;

test.describe('redirects', () => {
  test('/ goes to /en/login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/en/login');
  });

  test('an unknown path goes to /en/login', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL('/en/login');
    // Signed out, a dashboard address asks for a session in its own language.
    await page.goto('/ar/dashboard/nothing-here');
    await expect(page).toHaveURL('/ar/login');
  });

  test('an unsupported language falls back to en on the same path', async ({ page }) => {
    await page.goto('/fr/login');
    await expect(page).toHaveURL('/en/login');
    await gotoAs(page, 'en', '/dashboard/home');
    await page.goto('/de/dashboard/hospitals?tab=types');
    await expect(page).toHaveURL('/en/dashboard/hospitals?tab=types');
    await expect(page.getByRole('tab', { name: texts.en.typesTab })).toHaveAttribute('aria-selected', 'true');
  });
});

for (const lng of languages) {
  test.describe(`routing (${lng})`, () => {
    test('html lang and dir follow the language', async ({ page }) => {
      await page.goto(`/${lng}/login`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { name: texts[lng].loginWelcome })).toBeVisible();
      // Text starts on the language's side: a field's label hugs the right edge of its field in Arabic.
      const label = (await page.getByText(texts[lng].email, { exact: true }).boundingBox())!;
      const field = (await page.getByLabel(texts[lng].email).boundingBox())!;
      if (lng === 'ar') expect(Math.abs(label.x + label.width - (field.x + field.width))).toBeLessThan(4);
      else expect(Math.abs(label.x - field.x)).toBeLessThan(4);
    });

    test('the dashboard index redirects to home', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard');
      await expect(page).toHaveURL(`/${lng}/dashboard/home`);
    });

    test('the language switch keeps the path and query', async ({ page }) => {
      const other = lng === 'en' ? 'ar' : 'en';
      await gotoAs(page, lng, '/dashboard/hospitals?tab=types');
      await page.getByRole('link', { name: new RegExp(texts[lng].switchLanguage) }).click();
      await expect(page).toHaveURL(`/${other}/dashboard/hospitals?tab=types`);
      await expect(page.locator('html')).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('tab', { name: texts[other].typesTab })).toHaveAttribute('aria-selected', 'true');
      // The layout follows, not only the attribute: the navigation is on the start side of the new language,
      // and so is the first tab.
      await page.setViewportSize({ width: 1280, height: 900 });
      const nav = (await page.locator('#sidebar').boundingBox())!;
      const main = (await page.locator('main').boundingBox())!;
      expect(other === 'ar' ? nav.x > main.x : nav.x < main.x).toBe(true);
      const tabs = page.getByRole('tab');
      const [first, second] = [(await tabs.nth(0).boundingBox())!, (await tabs.nth(1).boundingBox())!];
      expect(other === 'ar' ? first.x > second.x : first.x < second.x).toBe(true);
    });

    test("a signed-in admin's mistyped address says so inside the shell, with the way back", async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/licenses');
      const heading = page.getByRole('heading', { level: 1, name: appText(lng, 'screens:notFound') });
      await expect(heading).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/dashboard/licenses`);
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(appText(lng, 'screens:notFound'))}`));
      await expect(page.getByText(appText(lng, 'auth:adminsOnly'))).toHaveCount(0);
      // The heading starts on the language's side of the content area.
      await page.setViewportSize({ width: 1280, height: 900 });
      const main = (await page.locator('main').boundingBox())!;
      const box = (await heading.boundingBox())!;
      if (lng === 'ar') expect(main.x + main.width - (box.x + box.width)).toBeLessThan(64);
      else expect(box.x - main.x).toBeLessThan(64);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      await page.getByRole('link', { name: appText(lng, 'error.backHome') }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/home`);
    });

    test('every route of the table renders its named screen', async ({ page }) => {
      // Every screen of the route table, one after another: 96–120 s on a slow day of the 2-core CI machine.
      test.setTimeout(480_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await gotoAs(page, lng, '/dashboard/home');
      for (const route of dashboardRoutes) {
        await test.step(route.path, async () => {
          await page.goto(`/${lng}/dashboard/${route.path}`);
          await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/${route.path}$`));
          // Some screen is mounted (placeholders mark themselves with data-screen="<key>"; built screens keep a data-screen).
          await expect(page.locator('main [data-screen]').first()).toBeVisible();
          const heading = page.getByRole('heading', { level: 1 });
          await expect(heading).toHaveText(/\S/);
          await expect(heading).not.toHaveText(/^[\w-]+[:.][\w.-]+$/); // never a raw i18n key
          // The screen's own name: the heading starts with it (appointment screens add whose they are), and so does
          // the document title ("Doctors · Sehha").
          await expect(heading).toHaveText(new RegExp(`^${escapeRegExp(route[lng])}`));
          const title = 'title' in route ? route.title[lng] : route[lng];
          await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(title)}`));
          await expect(page.getByText(texts[lng].unexpected)).toHaveCount(0);
          // The shell is there too: the sidebar's last entry.
          await expect(page.getByRole('button', { name: texts[lng].logout })).toBeVisible();
        });
      }
      expect(errors).toEqual([]);
    });
  });
}
