import { expect, test, type Page } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { languages, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { gotoAs, sharedSession } from './support/session';
import { adsOf, listProviders, providerNamed } from './support/providers';

/** What the user reads, per language (spec texts in English to the letter, and their Arabic). */
const texts = {
  en: {
    doctors: 'Doctors',
    pharmacies: 'Pharmacies',
    categories: 'Categories',
    hospitals: 'Medical Institutions',
    companies: 'Company',
    types: 'Types',
    searchDoctors: 'Search doctors…',
    searchPharmacies: 'Search pharmacies…',
    searchHospitals: 'Search medical institutions…',
    searchCompanies: 'Search companies…',
    searchCenters: 'Search medical centers…',
    accept: 'Accept',
    reject: 'Reject',
    approved: 'Approved',
    rejected: 'Rejected',
    statusChanged: 'Status Changed Successfully',
    noCountry: 'No country',
    attachments: 'Attachments',
    attachmentsDescription: 'You can view and download Medical Institution Attachments from here',
    unsupported: 'Unsupported File Format',
    download: 'Download',
    close: 'Close',
    deactivateAllCompanies: 'Deactivate all companies',
    oneCompanyListed: 'The company listed here will be deactivated and signed out.',
    confirmDeactivate: 'Are You Sure You Want To Deactivate This',
    yesDeactivate: 'Yes, deactivate',
    companiesDeactivated: 'Companies Deactivated Successfully !',
    doctorDeactivated: 'Doctor Deactivated Successfully !',
    deactivate: 'Deactivate',
    deactivatedUsers: 'Deactivated users',
    emptyCompanies: 'No companies found',
    ads: 'Ads',
    appointments: 'Appointments',
    doctorAds: 'Doctor Ads',
    companyAds: 'Company Ads',
    hospitalAds: 'Medical Institution Ads',
    centerAds: 'Medical Center Ads',
    adDeleted: 'Ad Deleted',
    delete: 'Delete',
    yesDelete: 'Yes, delete',
    branches: 'Branches',
    branchesTitle: 'Pharmacy Branches',
    medicines: 'Medicines',
    departments: 'Departments',
    departmentsTitle: 'Medical Institution Departments',
    departmentDoctors: 'Department Doctors',
    clinics: 'Clinics',
    clinicsTitle: 'Medical Center Clinics',
    clinicDoctors: 'Clinic Doctors',
    viewDoctors: 'View doctors',
    home: 'Home',
    next: 'Next',
    license: 'License',
    expired: 'Expired',
    onlyExpired: 'Expired only',
    fetchDoctorsError: 'Error fetching Doctors.',
    notFound: 'This provider could not be found.',
    hold: 'Hold',
    onHold: 'On hold',
    acceptTitle: 'Accept this account?',
    rejectTitle: 'Reject this account?',
    holdTitle: 'Put this account on hold?',
    yesAccept: 'Yes, accept',
    yesReject: 'Yes, reject',
    yesHold: 'Yes, put on hold',
    cancel: 'Cancel',
  },
  ar: {
    doctors: 'الأطباء',
    pharmacies: 'الصيدليات',
    categories: 'الفئات',
    hospitals: 'المؤسسات الطبية',
    companies: 'الشركات',
    types: 'الأنواع',
    searchDoctors: 'ابحث في الأطباء…',
    searchPharmacies: 'ابحث في الصيدليات…',
    searchHospitals: 'ابحث في المؤسسات الطبية…',
    searchCompanies: 'ابحث في الشركات…',
    searchCenters: 'ابحث في المراكز الطبية…',
    accept: 'قبول',
    reject: 'رفض',
    approved: 'مقبول',
    rejected: 'مرفوض',
    statusChanged: 'تم تغيير الحالة بنجاح',
    noCountry: 'بدون دولة',
    attachments: 'المرفقات',
    attachmentsDescription: 'يمكنك عرض وتنزيل مرفقات المؤسسة الطبية من هنا',
    unsupported: 'صيغة الملف غير مدعومة',
    download: 'تنزيل',
    close: 'إغلاق',
    deactivateAllCompanies: 'إلغاء تفعيل جميع الشركات',
    oneCompanyListed: 'سيُلغى تفعيل الشركة المعروضة هنا ويُسجَّل خروجها.',
    confirmDeactivate: 'هل أنت متأكد من إلغاء التفعيل؟',
    yesDeactivate: 'نعم، ألغِ التفعيل',
    companiesDeactivated: 'تم إلغاء تفعيل الشركات بنجاح!',
    doctorDeactivated: 'تم إلغاء تفعيل الطبيب بنجاح!',
    deactivate: 'إلغاء التفعيل',
    deactivatedUsers: 'المستخدمون غير المفعّلين',
    emptyCompanies: 'لا توجد شركات',
    ads: 'الإعلانات',
    appointments: 'المواعيد',
    doctorAds: 'إعلانات الطبيب',
    companyAds: 'إعلانات الشركة',
    hospitalAds: 'إعلانات المؤسسة الطبية',
    centerAds: 'إعلانات المركز الطبي',
    adDeleted: 'تم حذف الإعلان',
    delete: 'حذف',
    yesDelete: 'نعم، احذف',
    branches: 'الفروع',
    branchesTitle: 'فروع الصيدلية',
    medicines: 'الأدوية',
    departments: 'الأقسام',
    departmentsTitle: 'أقسام المؤسسة الطبية',
    departmentDoctors: 'أطباء القسم',
    clinics: 'العيادات',
    clinicsTitle: 'عيادات المركز الطبي',
    clinicDoctors: 'أطباء العيادة',
    viewDoctors: 'عرض الأطباء',
    home: 'الرئيسية',
    next: 'التالي',
    license: 'التراخيص',
    expired: 'منتهي',
    onlyExpired: 'المنتهية فقط',
    fetchDoctorsError: 'تعذّر تحميل الأطباء.',
    notFound: 'تعذّر العثور على مقدم الخدمة.',
    hold: 'تعليق مؤقت',
    onHold: 'معلّق مؤقتًا',
    acceptTitle: 'هل تريد قبول هذا الحساب؟',
    rejectTitle: 'هل تريد رفض هذا الحساب؟',
    holdTitle: 'هل تريد تعليق هذا الحساب مؤقتًا؟',
    yesAccept: 'نعم، اقبل',
    yesReject: 'نعم، ارفض',
    yesHold: 'نعم، علِّق مؤقتًا',
    cancel: 'إلغاء',
  },
} satisfies Record<Lng, Record<string, string>>;

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });
const nameIn = (lng: Lng, p: { name_en: string; name_ar: string }) => (lng === 'ar' ? p.name_ar : p.name_en);

async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(%20|\\+)')}`));
}

for (const [index, lng] of languages.entries()) {
  const t = texts[lng];

  test.describe(`provider directories (${lng})`, () => {
    test('doctors list: columns, appointment count, links to ads and appointments', async ({ page }) => {
      const doctor = demoFixtures.firstDoctor;
      await gotoAs(page, lng, '/dashboard/doctors');
      await expect(page.getByRole('heading', { level: 1, name: t.doctors })).toBeVisible();
      await search(page, t.searchDoctors, doctor.name_en);
      const row = rowOf(page, nameIn(lng, doctor));
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(doctor.email);
      const count = Number((await row.locator('td[data-column="appointments"]').innerText()).replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))));
      expect(count).toBeGreaterThanOrEqual(doctor.minAppointments);
      await expect((await rowAction(row, t.appointments))).toHaveAttribute('href', new RegExp(`/${lng}/dashboard/doctor-appointment/\\d+$`));
      // The menu is still open from the line above.
      await row.getByRole('menu').getByRole('menuitem', { name: t.ads }).click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/doctor-ads/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: t.doctorAds })).toBeVisible();
      await expect(rows(page)).toHaveCount(doctor.ads);
      await expect(rows(page).first().getByRole('img')).toBeVisible();
      await page.getByRole('navigation', { name: /breadcrumb|مسار/i }).getByRole('link', { name: nameIn(lng, doctor) }).click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/doctors\\?search=`));
      await expect(rowOf(page, nameIn(lng, doctor))).toHaveCount(1);
    });

    test('an admin approves a pending doctor', async ({ page }) => {
      const session = await sharedSession(page.request);
      const pending = (await listProviders(page.request, session, 'doctors', { status: 'pending' }))[index]!;
      await gotoAs(page, lng, '/dashboard/doctors?status=pending', session);
      await search(page, t.searchDoctors, pending.email);
      const row = rowOf(page, pending.email);
      // The decision waits for a confirmation naming the account and the decision.
      await row.getByRole('button', { name: new RegExp(`^${t.accept}`) }).click();
      const dialog = page.getByRole('alertdialog', { name: t.acceptTitle });
      await expect(dialog).toContainText(pending.email);
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(1);
      expect((await listProviders(page.request, session, 'doctors', { status: 'pending' })).some((p) => p.id === pending.id)).toBe(true);
      await row.getByRole('button', { name: new RegExp(`^${t.accept}`) }).click();
      await dialog.getByRole('button', { name: t.yesAccept }).click();
      await expect(toast(page, t.statusChanged)).toBeVisible();
      // Still filtered on pending: the approved doctor leaves the list; without the filter it shows as approved.
      await expect(row).toHaveCount(0);
      await page.getByLabel(/status|الحالة/i).selectOption('');
      await expect(rowOf(page, pending.email)).toContainText(t.approved);
      await expect(rowOf(page, pending.email).getByRole('button', { name: new RegExp(`^${t.accept}`) })).toHaveCount(0);
    });

    test('an admin rejects a pharmacy; the tab switch leads to categories', async ({ page }) => {
      const session = await sharedSession(page.request);
      const pending = (await listProviders(page.request, session, 'pharmacies', { status: 'pending' }))[index]!;
      await gotoAs(page, lng, '/dashboard/pharmacies', session);
      await expect(page.getByRole('tab', { name: t.pharmacies })).toHaveAttribute('aria-selected', 'true');
      await search(page, t.searchPharmacies, pending.email);
      await rowOf(page, pending.email).getByRole('button', { name: new RegExp(`^${t.reject}`) }).click();
      const dialog = page.getByRole('alertdialog', { name: t.rejectTitle });
      await expect(dialog).toContainText(pending.email);
      await dialog.getByRole('button', { name: t.yesReject }).click();
      await expect(toast(page, t.statusChanged)).toBeVisible();
      await expect(rowOf(page, pending.email)).toContainText(t.rejected);
      await page.getByRole('tab', { name: t.categories }).click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/pharmacies\\?tab=categories$`));
      await expect(page.getByRole('tab', { name: t.categories })).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('[data-screen="pharmacies-list"]')).toHaveCount(0);
      await expect(page.getByRole('table')).toBeVisible();
    });

    test('an admin puts a pending doctor on hold after confirming; the row stays until the list reloads', async ({ page }) => {
      const session = await sharedSession(page.request);
      // The first pending doctors are approved by the test above (one per language): take them from the end.
      const all = await listProviders(page.request, session, 'doctors', { status: 'pending' });
      expect(all.length, 'four pending demo doctors').toBeGreaterThanOrEqual(4);
      const pending = all.at(-1 - index)!;
      await gotoAs(page, lng, '/dashboard/doctors', session);
      await search(page, t.searchDoctors, pending.email);
      const row = rowOf(page, pending.email);
      await row.getByRole('button', { name: new RegExp(`^${t.hold}`) }).click();
      const dialog = page.getByRole('alertdialog', { name: t.holdTitle });
      await expect(dialog).toContainText(pending.email);
      await expect(dialog).toContainText(lng === 'ar' ? pending.name_ar : pending.name_en);
      await expect(dialog).toContainText(t.onHold);
      await dialog.getByRole('button', { name: t.yesHold }).click();
      await expect(toast(page, t.statusChanged)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(t.onHold);
      const after = (await listProviders(page.request, session, 'doctors', { search: pending.email })).find((p) => p.id === pending.id)!;
      expect(after.status).toBe('onHold');
    });

    test("reads a hospital's attachments: image, PDF and an unsupported file, each downloadable", async ({ page }) => {
      const hospital = demoFixtures.hospital;
      await gotoAs(page, lng, '/dashboard/hospitals');
      await expect(page.getByRole('tab', { name: t.types })).toBeVisible();
      await search(page, t.searchHospitals, hospital.name_en);
      await (await rowAction(rowOf(page, nameIn(lng, hospital)), t.attachments)).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(t.attachmentsDescription)).toBeVisible();
      const image = dialog.getByRole('img', { name: hospital.attachments.image });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(dialog.getByTitle(hospital.attachments.pdf)).toHaveJSProperty('tagName', 'IFRAME');
      await expect(dialog.locator('[data-format="unsupported"]').filter({ hasText: hospital.attachments.unsupported })).toContainText(t.unsupported);
      const links = dialog.getByRole('link', { name: t.download });
      await expect(links).toHaveCount(await dialog.locator('li').count());
      const href = await dialog.locator('[data-format="pdf"]').getByRole('link', { name: t.download }).getAttribute('href');
      expect(href).toMatch(/signature=.*&download=hospital-license\.pdf$/);
      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-disposition']).toContain('filename="hospital-license.pdf"');
      await dialog.getByRole('button', { name: t.close }).click();
      await expect(dialog).toHaveCount(0);
    });

    test('deactivates all listed companies (the filter is the confirm’s scope) and finds them among the deactivated users', async ({ page }) => {
      const session = await sharedSession(page.request);
      const company = lng === 'en' ? demoFixtures.companyWithoutCountry : demoFixtures.company;
      const row = await providerNamed(page.request, session, 'companies', company.name_en);
      await gotoAs(page, lng, '/dashboard/company', session);
      await search(page, t.searchCompanies, company.name_en);
      if (lng === 'en') await expect(rowOf(page, company.name_en)).toContainText(t.noCountry);
      await page.getByRole('button', { name: t.deactivateAllCompanies }).click();
      const confirm = page.getByRole('alertdialog', { name: t.confirmDeactivate });
      await expect(confirm).toContainText(company.name_en);
      // One row listed: the singular sentence, and the search term isolated from the sentence's direction.
      await expect(confirm).toContainText(t.oneCompanyListed);
      await expect(confirm.locator('bdi', { hasText: company.name_en })).toHaveCount(1);
      await confirm.getByRole('button', { name: t.yesDeactivate }).click();
      await expect(toast(page, t.companiesDeactivated)).toBeVisible();
      await expect(page.getByText(t.emptyCompanies)).toBeVisible();
      await page.getByRole('link', { name: t.deactivatedUsers }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/users/deactivated`);
      await page.getByRole('searchbox').fill(row.email);
      await expect(rows(page).filter({ hasText: row.email })).toHaveCount(1);
    });

    test('deactivates one doctor behind the confirm dialog', async ({ page }) => {
      const session = await sharedSession(page.request);
      const doctor = (await listProviders(page.request, session, 'doctors', { status: 'rejected' }))[index]!;
      await gotoAs(page, lng, '/dashboard/doctors', session);
      await search(page, t.searchDoctors, doctor.email);
      await (await rowAction(rowOf(page, doctor.email), t.deactivate)).click();
      await page.getByRole('alertdialog', { name: t.confirmDeactivate }).getByRole('button', { name: t.yesDeactivate }).click();
      await expect(toast(page, t.doctorDeactivated)).toBeVisible();
      await expect(rowOf(page, doctor.email)).toHaveCount(0);
    });

    test('ads of a hospital, a medical center and a company; deleting one', async ({ page }) => {
      const session = await sharedSession(page.request);
      const hospital = await providerNamed(page.request, session, 'hospitals', demoFixtures.hospital.name_en);
      const center = await providerNamed(page.request, session, 'medical-centers', demoFixtures.medicalCenter.name_en);
      for (const [path, title, provider] of [
        [`hospital-ads/${hospital.id}`, t.hospitalAds, hospital],
        [`medical-center-ads/${center.id}`, t.centerAds, center],
      ] as const) {
        await gotoAs(page, lng, `/dashboard/${path}`, session);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('navigation', { name: /breadcrumb|مسار/i })).toContainText(nameIn(lng, provider));
        await expect(rows(page).first().getByRole('img')).toBeVisible();
      }
      // Delete an ad of a company that is not a fixture (en and ar pick different companies).
      const companies = await listProviders(page.request, session, 'companies');
      const candidates = [];
      for (const company of companies) {
        if (company.name_en === demoFixtures.company.name_en) continue;
        const ads = await adsOf(page.request, session, company.id);
        if (ads.length > 0) candidates.push({ company, ad: ads[0]! });
      }
      expect(candidates.length).toBeGreaterThan(0);
      const { company, ad } = candidates[index === 0 ? 0 : candidates.length - 1]!;
      await gotoAs(page, lng, `/dashboard/company-ads/${company.id}`, session);
      await expect(page.getByRole('heading', { level: 1, name: t.companyAds })).toBeVisible();
      const title = lng === 'ar' ? ad.title_ar : ad.title_en;
      await search(page, lng === 'ar' ? 'ابحث في الإعلانات…' : 'Search ads…', title);
      await (await rowAction(rowOf(page, title), t.delete)).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.yesDelete }).click();
      await expect(toast(page, t.adDeleted)).toBeVisible();
      await expect(rowOf(page, title)).toHaveCount(0);
    });

    test('pharmacy branches and medicines, with paging and breadcrumbs', async ({ page }) => {
      const session = await sharedSession(page.request);
      const pharmacy = await providerNamed(page.request, session, 'pharmacies', demoFixtures.pharmacy.name_en);
      await gotoAs(page, lng, '/dashboard/pharmacies', session);
      await search(page, t.searchPharmacies, pharmacy.email);
      await (await rowAction(rowOf(page, pharmacy.email), t.branches)).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/pharmacy/${pharmacy.id}`);
      await expect(page.getByRole('heading', { level: 1, name: t.branchesTitle })).toBeVisible();
      if (lng === 'en') for (const branch of demoFixtures.pharmacy.branches) await expect(rowOf(page, branch)).toHaveCount(1);
      else await expect(rows(page)).toHaveCount(demoFixtures.pharmacy.branches.length);

      await gotoAs(page, lng, `/dashboard/medicine/${pharmacy.id}`, session);
      await expect(page.getByRole('heading', { level: 1, name: t.medicines })).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
      await page.getByRole('button', { name: t.next }).click();
      await expect(rows(page)).toHaveCount(demoFixtures.pharmacy.medicines - 10);
      await page.getByRole('navigation', { name: /breadcrumb|مسار/i }).getByRole('link', { name: t.pharmacies }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/pharmacies`);
    });

    test('institution departments and their doctors; medical-center clinics and theirs', async ({ page }) => {
      const session = await sharedSession(page.request);
      const hospital = await providerNamed(page.request, session, 'hospitals', demoFixtures.hospital.name_en);
      await gotoAs(page, lng, '/dashboard/hospitals', session);
      await search(page, t.searchHospitals, hospital.email);
      await (await rowAction(rowOf(page, hospital.email), t.departments)).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/hospital-department/${hospital.id}`);
      await expect(page.getByRole('heading', { level: 1, name: t.departmentsTitle })).toBeVisible();
      await expect(rows(page)).toHaveCount(demoFixtures.hospital.departments.length);
      await rows(page).first().getByRole('link', { name: new RegExp(`^${t.viewDoctors}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/hospital-doctors/${hospital.id}/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: t.departmentDoctors })).toBeVisible();
      await expect(rows(page).first()).toContainText('@');
      await page.getByRole('navigation', { name: /breadcrumb|مسار/i }).getByRole('link', { name: t.departmentsTitle }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/hospital-department/${hospital.id}`);

      const center = await providerNamed(page.request, session, 'medical-centers', demoFixtures.medicalCenter.name_en);
      await gotoAs(page, lng, `/dashboard/medical-center-clinics/${center.id}`, session);
      await expect(page.getByRole('heading', { level: 1, name: t.clinicsTitle })).toBeVisible();
      await expect(rows(page)).toHaveCount(demoFixtures.medicalCenter.clinics.length);
      if (lng === 'en') await search(page, 'Search clinics…', 'Dermatology');
      else await search(page, 'ابحث في العيادات…', 'Dermatology');
      await expect(rows(page)).toHaveCount(1);
      await rows(page).first().getByRole('link', { name: new RegExp(`^${t.viewDoctors}`) }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.clinicDoctors })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/medical-center-doctors/${center.id}/\\d+$`));
    });

    test('medical centers list and an unknown provider id', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/medical-center');
      await search(page, t.searchCenters, demoFixtures.medicalCenter.name_en);
      await expect(rowOf(page, nameIn(lng, demoFixtures.medicalCenter))).toHaveCount(1);
      await gotoAs(page, lng, '/dashboard/doctor-ads/99999999');
      await expect(page.getByText(t.notFound)).toBeVisible();
    });

    test('licence queue: newest first, expired ones highlighted, documents in the viewer', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/license');
      await expect(page.getByRole('heading', { level: 1, name: t.license })).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
      await page.getByLabel(/expiry|الانتهاء/i).selectOption('1');
      await expect(page).toHaveURL(/expired=1/);
      const first = rows(page).first();
      await expect(first).toContainText(t.expired);
      await expect(first).toHaveClass(/bg-red-50/);
      await first.locator('td').nth(3).getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('link', { name: t.download })).toHaveAttribute('href', /signature=.*&download=/);
      await expect(dialog.locator('[data-format]')).toHaveCount(1);
    });
  });
}

test('a failed fetch shows the spec text', async ({ page }) => {
  await page.route('**/api/admin/providers/doctors?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }));
  await gotoAs(page, 'en', '/dashboard/doctors');
  await expect(page.getByRole('alert').filter({ hasText: texts.en.fetchDoctorsError }).first()).toBeVisible({ timeout: 20_000 });
});
