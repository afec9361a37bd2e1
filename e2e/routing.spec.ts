import { expect, test } from '@playwright/test';
import { languages } from './support/env';
import { gotoAs } from './support/session';
import { texts } from './support/texts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spec §2: every dashboard child, with sample parameters, and the name its placeholder shows. */
const dashboardRoutes = [
  { path: 'home', screen: 'home', en: 'Welcome, ', ar: 'مرحبًا، ', title: { en: 'Home', ar: 'الرئيسية' } },
  { path: 'users', screen: 'users', en: 'All Users', ar: 'جميع المستخدمين' },
  { path: 'users/deactivated', screen: 'deactivatedUsers', en: 'Deactivated Users', ar: 'المستخدمون غير المفعّلين' },
  { path: 'doctors', screen: 'doctors', en: 'Doctors', ar: 'الأطباء' },
  { path: 'company', screen: 'companies', en: 'Company', ar: 'الشركات' },
  { path: 'locations', screen: 'locations', en: 'Locations', ar: 'المواقع' },
  { path: 'specialities', screen: 'specialities', en: 'Specialities', ar: 'التخصصات' },
  { path: 'categories', screen: 'categories', en: 'Categories', ar: 'الفئات' },
  { path: 'prescription', screen: 'prescriptions', en: 'Prescriptions', ar: 'الوصفات الطبية' },
  { path: 'addCountery', screen: 'addCountry', en: 'Add Country', ar: 'إضافة دولة' },
  { path: 'addHomeAd', screen: 'addHomeAd', en: 'Add Home Ad', ar: 'إضافة إعلان للصفحة الرئيسية' },
  { path: 'addCategory', screen: 'addCategory', en: 'Add Category', ar: 'إضافة فئة' },
  { path: 'addCity', screen: 'addCity', en: 'Add City', ar: 'إضافة مدينة' },
  { path: 'addType', screen: 'addType', en: 'Add Type', ar: 'إضافة نوع' },
  { path: 'addSpeciality', screen: 'addSpeciality', en: 'Add Speciality', ar: 'إضافة تخصص' },
  { path: 'addState', screen: 'addState', en: 'Add State', ar: 'إضافة منطقة' },
  { path: 'pharmacies', screen: 'pharmacies', en: 'Pharmacies', ar: 'الصيدليات' },
  { path: 'home-ads', screen: 'homeAds', en: 'Home Ads', ar: 'إعلانات الصفحة الرئيسية' },
  { path: 'requests', screen: 'requests', en: 'Requests', ar: 'طلبات التعديل' },
  { path: 'medical-center', screen: 'medicalCenters', en: 'Medical Center', ar: 'المراكز الطبية' },
  { path: 'hospitals', screen: 'hospitals', en: 'Medical Institutions', ar: 'المؤسسات الطبية' },
  { path: 'license', screen: 'license', en: 'License', ar: 'التراخيص' },
  { path: 'subscription', screen: 'subscription', en: 'Subscription', ar: 'باقات الاشتراك' },
  { path: 'user-subscription', screen: 'userSubscription', en: 'User Subscription', ar: 'اشتراكات المستخدمين' },
  { path: 'pharmacy/1', screen: 'pharmacyBranches', en: 'Pharmacy Branches', ar: 'فروع الصيدلية' },
  { path: 'medical-center-clinics/1', screen: 'medicalCenterClinics', en: 'Medical Center Clinics', ar: 'عيادات المركز الطبي' },
  { path: 'medical-center-ads/1', screen: 'medicalCenterAds', en: 'Medical Center Ads', ar: 'إعلانات المركز الطبي' },
  { path: 'doctor-ads/1', screen: 'doctorAds', en: 'Doctor Ads', ar: 'إعلانات الطبيب' },
  { path: 'doctor-appointment/1', screen: 'doctorAppointments', en: 'Doctor Appointments', ar: 'مواعيد الطبيب' },
  { path: 'medicalCenter-appointment/1', screen: 'medicalCenterAppointments', en: 'Medical Center Appointments', ar: 'مواعيد المركز الطبي' },
  { path: 'hospital-appointment/1', screen: 'hospitalAppointments', en: 'Medical Institution Appointments', ar: 'مواعيد المؤسسة الطبية' },
  { path: 'hospital-ads/1', screen: 'hospitalAds', en: 'Medical Institution Ads', ar: 'إعلانات المؤسسة الطبية' },
  { path: 'hospital-doctors/1/2', screen: 'hospitalDoctors', en: 'Department Doctors', ar: 'أطباء القسم' },
  { path: 'medical-center-doctors/1/3', screen: 'medicalCenterDoctors', en: 'Clinic Doctors', ar: 'أطباء العيادة' },
  { path: 'hospital-department/1', screen: 'hospitalDepartments', en: 'Medical Institution Departments', ar: 'أقسام المؤسسة الطبية' },
  { path: 'company-ads/1', screen: 'companyAds', en: 'Company Ads', ar: 'إعلانات الشركة' },
  { path: 'medicine/1', screen: 'medicines', en: 'Medicines', ar: 'الأدوية' },] as const;

test.describe('redirects', () => {
  test('/ goes to /en/login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/en/login');
  });

  test('an unknown path goes to /en/login', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL('/en/login');
    await page.goto('/ar/dashboard/nothing-here');
    await expect(page).toHaveURL('/en/login');
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

    test('every route of the table renders its named screen', async ({ page }) => {
      test.setTimeout(120_000);
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
