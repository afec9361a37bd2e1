import { expect, test, type Page } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { languages, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { failList, settled } from './support/resources';
import { gotoAs, sharedSession } from './support/session';
import { adsOf, listProviders, providerNamed } from './support/providers';
import { appText } from './support/app-text';

/** What the user reads, per language: the spec's texts (English to the letter, and their Arabic) as literals, the rest from the dashboard's bundles. */
const texts = {
  en: {
    doctors: 'Doctors',
    pharmacies: 'Pharmacies',
    categories: 'Categories',
    hospitals: 'Medical Institutions',
    companies: 'Company',
    types: 'Types',
    searchDoctors: appText('en', 'providers:kinds.doctors.searchPlaceholder'),
    searchPharmacies: appText('en', 'providers:kinds.pharmacies.searchPlaceholder'),
    searchHospitals: appText('en', 'providers:kinds.hospitals.searchPlaceholder'),
    searchCompanies: appText('en', 'providers:kinds.companies.searchPlaceholder'),
    searchCenters: appText('en', 'providers:kinds.medical-centers.searchPlaceholder'),
    accept: appText('en', 'providers:transition.approved'),
    reject: appText('en', 'providers:transition.rejected'),
    approved: appText('en', 'providers:status.approved'),
    rejected: appText('en', 'providers:status.rejected'),
    noCountry: appText('en', 'providers:noCountry'),
    attachments: appText('en', 'providers:links.attachments'),
    attachmentsDescription: 'You can view and download Medical Institution Attachments from here',
    unsupported: 'Unsupported File Format',
    download: appText('en', 'common:attachments.download'),
    close: appText('en', 'common:close'),
    deactivateAllCompanies: appText('en', 'providers:kinds.companies.deactivateAll'),
    oneCompanyListed: appText('en', 'providers:kinds.companies.deactivateAllDetails_one'),
    confirmDeactivate: 'Are You Sure You Want To Deactivate This',
    yesDeactivate: appText('en', 'common:confirmDialog.deactivateConfirm'),
    companiesDeactivated: appText('en', 'providers:kinds.companies.deactivatedAll'),
    deactivate: appText('en', 'providers:deactivate'),
    emptyCompanies: appText('en', 'providers:kinds.companies.empty'),
    ads: appText('en', 'providers:links.ads'),
    appointments: 'Appointments',
    doctorAds: appText('en', 'screens:doctorAds'),
    companyAds: appText('en', 'screens:companyAds'),
    hospitalAds: appText('en', 'screens:hospitalAds'),
    centerAds: appText('en', 'screens:medicalCenterAds'),
    adDeleted: 'Ad Deleted',
    delete: appText('en', 'common:delete'),
    yesDelete: appText('en', 'common:confirmDialog.deleteConfirm'),
    branches: appText('en', 'providers:links.branches'),
    branchesTitle: appText('en', 'screens:pharmacyBranches'),
    medicines: appText('en', 'providers:links.medicines'),
    departments: appText('en', 'providers:links.departments'),
    departmentsTitle: appText('en', 'screens:hospitalDepartments'),
    departmentDoctors: appText('en', 'screens:hospitalDoctors'),
    clinics: appText('en', 'providers:links.clinics'),
    clinicsTitle: appText('en', 'screens:medicalCenterClinics'),
    clinicDoctors: appText('en', 'screens:medicalCenterDoctors'),
    viewDoctors: appText('en', 'providers:units.viewDoctors'),
    home: 'Home',
    next: appText('en', 'common:pagination.next'),
    license: appText('en', 'providers:licenses.title'),
    expired: appText('en', 'providers:licenses.expired'),
    onlyExpired: appText('en', 'providers:licenses.onlyExpired'),
    fetchDoctorsError: 'Error fetching Doctors.',
    notFound: appText('en', 'providers:notFound'),
    hold: appText('en', 'providers:transition.onHold'),
    onHold: appText('en', 'providers:status.onHold'),
    acceptTitle: appText('en', 'providers:decision.title.account.approved'),
    rejectTitle: appText('en', 'providers:decision.title.account.rejected'),
    holdTitle: appText('en', 'providers:decision.title.account.onHold'),
    yesAccept: appText('en', 'providers:decision.confirm.approved'),
    yesReject: appText('en', 'providers:decision.confirm.rejected'),
    yesHold: appText('en', 'providers:decision.confirm.onHold'),
    cancel: appText('en', 'common:confirmDialog.cancel'),
  },
  ar: {
    doctors: 'الأطباء',
    pharmacies: 'الصيدليات',
    categories: 'الفئات',
    hospitals: 'المؤسسات الطبية',
    companies: 'الشركات',
    types: 'الأنواع',
    searchDoctors: appText('ar', 'providers:kinds.doctors.searchPlaceholder'),
    searchPharmacies: appText('ar', 'providers:kinds.pharmacies.searchPlaceholder'),
    searchHospitals: appText('ar', 'providers:kinds.hospitals.searchPlaceholder'),
    searchCompanies: appText('ar', 'providers:kinds.companies.searchPlaceholder'),
    searchCenters: appText('ar', 'providers:kinds.medical-centers.searchPlaceholder'),
    accept: appText('ar', 'providers:transition.approved'),
    reject: appText('ar', 'providers:transition.rejected'),
    approved: appText('ar', 'providers:status.approved'),
    rejected: appText('ar', 'providers:status.rejected'),
    noCountry: appText('ar', 'providers:noCountry'),
    attachments: appText('ar', 'providers:links.attachments'),
    attachmentsDescription: 'يمكنك عرض وتنزيل مرفقات المؤسسة الطبية من هنا',
    unsupported: 'صيغة الملف غير مدعومة',
    download: appText('ar', 'common:attachments.download'),
    close: appText('ar', 'common:close'),
    deactivateAllCompanies: appText('ar', 'providers:kinds.companies.deactivateAll'),
    oneCompanyListed: appText('ar', 'providers:kinds.companies.deactivateAllDetails_one'),
    confirmDeactivate: 'هل أنت متأكد من إلغاء التفعيل؟',
    yesDeactivate: appText('ar', 'common:confirmDialog.deactivateConfirm'),
    companiesDeactivated: appText('ar', 'providers:kinds.companies.deactivatedAll'),
    deactivate: appText('ar', 'providers:deactivate'),
    emptyCompanies: appText('ar', 'providers:kinds.companies.empty'),
    ads: appText('ar', 'providers:links.ads'),
    appointments: 'المواعيد',
    doctorAds: appText('ar', 'screens:doctorAds'),
    companyAds: appText('ar', 'screens:companyAds'),
    hospitalAds: appText('ar', 'screens:hospitalAds'),
    centerAds: appText('ar', 'screens:medicalCenterAds'),
    adDeleted: 'تم حذف الإعلان',
    delete: appText('ar', 'common:delete'),
    yesDelete: appText('ar', 'common:confirmDialog.deleteConfirm'),
    branches: appText('ar', 'providers:links.branches'),
    branchesTitle: appText('ar', 'screens:pharmacyBranches'),
    medicines: appText('ar', 'providers:links.medicines'),
    departments: appText('ar', 'providers:links.departments'),
    departmentsTitle: appText('ar', 'screens:hospitalDepartments'),
    departmentDoctors: appText('ar', 'screens:hospitalDoctors'),
    clinics: appText('ar', 'providers:links.clinics'),
    clinicsTitle: appText('ar', 'screens:medicalCenterClinics'),
    clinicDoctors: appText('ar', 'screens:medicalCenterDoctors'),
    viewDoctors: appText('ar', 'providers:units.viewDoctors'),
    home: 'الرئيسية',
    next: appText('ar', 'common:pagination.next'),
    license: appText('ar', 'providers:licenses.title'),
    expired: appText('ar', 'providers:licenses.expired'),
    onlyExpired: appText('ar', 'providers:licenses.onlyExpired'),
    fetchDoctorsError: 'تعذّر تحميل الأطباء.',
    notFound: appText('ar', 'providers:notFound'),
    hold: appText('ar', 'providers:transition.onHold'),
    onHold: appText('ar', 'providers:status.onHold'),
    acceptTitle: appText('ar', 'providers:decision.title.account.approved'),
    rejectTitle: appText('ar', 'providers:decision.title.account.rejected'),
    holdTitle: appText('ar', 'providers:decision.title.account.onHold'),
    yesAccept: appText('ar', 'providers:decision.confirm.approved'),
    yesReject: appText('ar', 'providers:decision.confirm.rejected'),
    yesHold: appText('ar', 'providers:decision.confirm.onHold'),
    cancel: appText('ar', 'common:confirmDialog.cancel'),
  },
} satisfies Record<Lng, Record<string, string>>;

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });
const nameIn = (lng: Lng, p: { name_en: string; name_ar: string }) => (lng === 'ar' ? p.name_ar : p.name_en);

async function search(page: Page, placeholder: string, text: string) {
  // The list's answer to this search, not only its URL: a row whose menu is opened before the answer is
  // rendered under the click, and its menu closes with it (each term is searched once per test).
  const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('search') === text);
  await page.getByPlaceholder(placeholder).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(%20|\\+)')}`));
  await answered;
  await settled(page);
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
      const count = Number(
        (await row.locator('td[data-column="appointments"]').innerText()).replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))),
      );
      expect(count).toBeGreaterThanOrEqual(doctor.minAppointments);
      await expect(await rowAction(row, t.appointments)).toHaveAttribute('href', new RegExp(`/${lng}/dashboard/doctor-appointment/\\d+$`));
      // The menu is still open from the line above.
      await row.getByRole('menu').getByRole('menuitem', { name: t.ads }).click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/doctor-ads/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: t.doctorAds })).toBeVisible();
      await expect(rows(page)).toHaveCount(doctor.ads);
      await expect(rows(page).first().getByRole('img')).toBeVisible();
      await page
        .getByRole('navigation', { name: appText(lng, 'common:breadcrumb') })
        .getByRole('link', { name: nameIn(lng, doctor) })
        .click();
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
      await expect(
        toast(page, appText(lng, 'providers:decided.approved', { name: lng === 'ar' ? pending.name_ar : pending.name_en })),
      ).toBeVisible();
      // Still filtered on pending: the approved doctor leaves the list; without the filter it shows as approved.
      await expect(row).toHaveCount(0);
      await page.getByLabel(appText(lng, 'providers:statusFilter')).selectOption('');
      await expect(rowOf(page, pending.email)).toContainText(t.approved);
      await expect(rowOf(page, pending.email).getByRole('button', { name: new RegExp(`^${t.accept}`) })).toHaveCount(0);
    });

    test('an admin rejects a pharmacy; the tab switch leads to categories', async ({ page }) => {
      const session = await sharedSession(page.request);
      const pending = (await listProviders(page.request, session, 'pharmacies', { status: 'pending' }))[index]!;
      await gotoAs(page, lng, '/dashboard/pharmacies', session);
      await expect(page.getByRole('tab', { name: t.pharmacies })).toHaveAttribute('aria-selected', 'true');
      await search(page, t.searchPharmacies, pending.email);
      await rowOf(page, pending.email)
        .getByRole('button', { name: new RegExp(`^${t.reject}`) })
        .click();
      // A rejection says why (e2e/decision-reasons.spec.ts covers the dialog itself).
      const dialog = page.getByRole('dialog', { name: t.rejectTitle });
      await expect(dialog).toContainText(pending.email);
      await dialog.getByRole('checkbox', { name: appText(lng, 'providers:reasons.documents_unreadable') }).check();
      await dialog.getByRole('button', { name: t.yesReject }).click();
      await expect(
        toast(page, appText(lng, 'providers:decided.rejected', { name: lng === 'ar' ? pending.name_ar : pending.name_en })),
      ).toBeVisible();
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
      // A hold names what is missing.
      const dialog = page.getByRole('dialog', { name: t.holdTitle });
      await expect(dialog).toContainText(pending.email);
      await expect(dialog).toContainText(lng === 'ar' ? pending.name_ar : pending.name_en);
      await expect(dialog).toContainText(t.onHold);
      await dialog.getByRole('checkbox', { name: appText(lng, 'providers:documents.syndicate_card') }).check();
      await dialog.getByRole('button', { name: t.yesHold }).click();
      await expect(
        toast(page, appText(lng, 'providers:decided.onHold', { name: lng === 'ar' ? pending.name_ar : pending.name_en })),
      ).toBeVisible();
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
      await expect(dialog.locator('[data-format="unsupported"]').filter({ hasText: hospital.attachments.unsupported })).toContainText(
        t.unsupported,
      );
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

    test('deactivates all listed companies (the filter is the confirm’s scope) and finds them among the deactivated users', async ({
      page,
    }) => {
      const session = await sharedSession(page.request);
      const company = lng === 'en' ? demoFixtures.companyWithoutCountry : demoFixtures.company;
      const row = await providerNamed(page.request, session, 'companies', company.name_en);
      await gotoAs(page, lng, '/dashboard/company', session);
      await search(page, t.searchCompanies, company.name_en);
      if (lng === 'en') await expect(rowOf(page, company.name_en)).toContainText(t.noCountry);
      await page.getByRole('button', { name: t.deactivateAllCompanies }).click();
      const confirm = page.getByRole('alertdialog', { name: t.deactivateAllCompanies });
      await expect(confirm).toContainText(company.name_en);
      // One row listed: the singular sentence, and the search term isolated from the sentence's direction.
      await expect(confirm).toContainText(t.oneCompanyListed);
      await expect(confirm.locator('bdi', { hasText: company.name_en })).toHaveCount(1);
      // The count is typed before the button works (feedback.spec.ts covers the dialog itself).
      await confirm.getByRole('textbox').fill(lng === 'ar' ? '١' : '1');
      await confirm.getByRole('button', { name: t.yesDeactivate }).click();
      await expect(toast(page, t.companiesDeactivated)).toBeVisible();
      await expect(page.getByText(t.emptyCompanies)).toBeVisible();
      await page.getByRole('link', { name: appText(lng, 'users:deactivatedOf.company') }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/users/deactivated?role=company`);
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
      await expect(
        toast(page, appText(lng, 'providers:deactivatedNamed', { name: lng === 'ar' ? doctor.name_ar : doctor.name_en })),
      ).toBeVisible();
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
        await expect(page.getByRole('navigation', { name: appText(lng, 'common:breadcrumb') })).toContainText(nameIn(lng, provider));
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
      await search(page, appText(lng, 'providers:ads.searchPlaceholder'), title);
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
      await page
        .getByRole('navigation', { name: appText(lng, 'common:breadcrumb') })
        .getByRole('link', { name: t.pharmacies })
        .click();
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
      await rows(page)
        .first()
        .getByRole('link', { name: new RegExp(`^${t.viewDoctors}`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/hospital-doctors/${hospital.id}/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: t.departmentDoctors })).toBeVisible();
      await expect(rows(page).first()).toContainText('@');
      await page
        .getByRole('navigation', { name: appText(lng, 'common:breadcrumb') })
        .getByRole('link', { name: t.departmentsTitle })
        .click();
      await expect(page).toHaveURL(`/${lng}/dashboard/hospital-department/${hospital.id}`);

      const center = await providerNamed(page.request, session, 'medical-centers', demoFixtures.medicalCenter.name_en);
      await gotoAs(page, lng, `/dashboard/medical-center-clinics/${center.id}`, session);
      await expect(page.getByRole('heading', { level: 1, name: t.clinicsTitle })).toBeVisible();
      await expect(rows(page)).toHaveCount(demoFixtures.medicalCenter.clinics.length);
      await search(page, appText(lng, 'providers:units.clinicsSearch'), 'Dermatology');
      await expect(rows(page)).toHaveCount(1);
      await rows(page)
        .first()
        .getByRole('link', { name: new RegExp(`^${t.viewDoctors}`) })
        .click();
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

    test('license queue: newest first, expired ones highlighted, documents in the viewer', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/license');
      await expect(page.getByRole('heading', { level: 1, name: t.license })).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
      await page.getByLabel(appText(lng, 'providers:licenses.expiryFilter')).selectOption('1');
      await expect(page).toHaveURL(/expired=1/);
      const first = rows(page).first();
      await expect(first).toContainText(t.expired);
      await expect(first).toHaveClass(/bg-red-50/);
      await first.locator('td[data-column="document"]').getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('link', { name: t.download })).toHaveAttribute('href', /signature=.*&download=/);
      await expect(dialog.locator('[data-format]')).toHaveCount(1);
    });
  });
}

test('a failed fetch shows the spec text', async ({ page }) => {
  // The page's clock skips the retries' 1 + 2 + 4 s waits instead of sitting them out.
  const failing = await failList(page, '/api/admin/providers/doctors');
  await gotoAs(page, 'en', '/dashboard/doctors');
  await failing.untilShown(page.getByRole('alert').filter({ hasText: texts.en.fetchDoctorsError }).first());
});
