import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { baseURL, languages, unique, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';

const ar = (n: number) => new Intl.NumberFormat('ar-EG').format(n);

const texts = {
  en: {
    title: 'Subscription',
    addPlan: 'Add New Plan',
    editTitle: 'Edit Plan',
    submitAdd: 'Add Plan',
    submitUpdate: 'Update Plan',
    nameAr: 'Plan name (Arabic)',
    nameEn: 'Plan name (English)',
    price: 'Plan price',
    periodUnit: 'Period unit',
    periodLength: 'Period length',
    titleAr: 'Feature title (Arabic)',
    titleEn: 'Feature title (English)',
    addFeature: 'Add feature',
    removeFeature: (i: number) => `Remove feature ${i}`,
    week: 'Week',
    weekly: { name: demoFixtures.plans.weekly, price: '49', period: '/ week', perMember: 'per member, per week' },
    family: { name: demoFixtures.plans.withoutDateAndDescription },
    twoWeeks: { price: '120', period: '/ 2 weeks' },
    currency: 'EGP',
    noDate: 'no date available',
    noDescription: 'no description available',
    availableFrom: 'Available from',
    date: { day: 'Day', month: 'Month', year: 'Year', clear: 'Clear the date', march: 'March', invalid: 'Enter a valid date' },
    added: 'Plan added successfully!',
    updated: 'Plan updated successfully!',
    deleted: 'Plan Deleted',
    confirmDelete: 'Are You Sure You Want To Delete This',
    yesDelete: 'Yes, delete',
    cancel: 'Cancel',
    edit: 'Edit',
    delete: 'Delete',
    nameArRequired: 'Arabic name is required',
    nameEnRequired: 'English name is required',
    priceInvalid: 'Enter a price of 0 or more',
    featureRequired: 'Feature title is required',
    subscriptions: 'User Subscription',
    subColumns: ['User', 'Plan', 'Price paid', 'Start', 'End', 'Status'],
    searchSubs: 'Search by user name, email or phone…',
    noSubs: 'No subscriptions found',
    next: 'Next',
    pageOf2: /Page 2 of \d+/,
  },
  ar: {
    title: 'باقات الاشتراك',
    addPlan: 'إضافة باقة جديدة',
    editTitle: 'تعديل الباقة',
    submitAdd: 'إضافة الباقة',
    submitUpdate: 'تحديث الباقة',
    nameAr: 'اسم الباقة (بالعربية)',
    nameEn: 'اسم الباقة (بالإنجليزية)',
    price: 'سعر الباقة',
    periodUnit: 'وحدة المدة',
    periodLength: 'طول المدة',
    titleAr: 'عنوان الميزة (بالعربية)',
    titleEn: 'عنوان الميزة (بالإنجليزية)',
    addFeature: 'إضافة ميزة',
    removeFeature: (i: number) => `حذف الميزة ${i}`,
    week: 'أسبوع',
    weekly: { name: 'الباقة الأسبوعية', price: ar(49), period: '/ أسبوع', perMember: 'لكل فرد، لكل أسبوع' },
    family: { name: 'الباقة العائلية' },
    twoWeeks: { price: ar(120), period: '/ أسبوعين' },
    currency: 'ج.م',
    noDate: 'لا يوجد تاريخ متاح',
    noDescription: 'لا يوجد وصف متاح',
    availableFrom: 'متاحة من',
    date: { day: 'اليوم', month: 'الشهر', year: 'السنة', clear: 'مسح التاريخ', march: 'مارس', invalid: 'أدخل تاريخًا صحيحًا' },
    added: 'تمت إضافة الباقة بنجاح!',
    updated: 'تم تحديث الباقة بنجاح!',
    deleted: 'تم حذف الباقة',
    confirmDelete: 'هل أنت متأكد من الحذف؟',
    yesDelete: 'نعم، احذف',
    cancel: 'إلغاء',
    edit: 'تعديل',
    delete: 'حذف',
    nameArRequired: 'الاسم بالعربية مطلوب',
    nameEnRequired: 'الاسم بالإنجليزية مطلوب',
    priceInvalid: 'أدخل سعرًا يساوي 0 أو أكثر',
    featureRequired: 'عنوان الميزة مطلوب',
    subscriptions: 'اشتراكات المستخدمين',
    subColumns: ['المستخدم', 'الباقة', 'المبلغ المدفوع', 'البداية', 'النهاية', 'الحالة'],
    searchSubs: 'ابحث باسم المستخدم أو بريده أو هاتفه…',
    noSubs: 'لا توجد اشتراكات',
    next: 'التالي',
    pageOf2: /صفحة ٢ من/,
  },
} satisfies Record<Lng, Record<string, unknown>>;

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });

/** Creates a plan as the dashboard's form does (multipart, features[i][title_*]). */
async function createPlan(request: APIRequestContext, session: Session, name: string, features: string[]) {
  const multipart: Record<string, string> = { name_ar: `باقة ${name}`, name_en: name, price: '75', period_unit: 'months', period_length: '1' };
  features.forEach((f, i) => {
    multipart[`features[${i}][title_ar]`] = `ميزة ${f}`;
    multipart[`features[${i}][title_en]`] = f;
  });
  const response = await request.post(`${baseURL}/api/admin/plans/store`, { headers: auth(session), multipart });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data;
}

languages.forEach((lng) => {
  const t = texts[lng];
  const nameOf = (name: string) => (lng === 'ar' ? `باقة ${name}` : name);
  const featureOf = (f: string) => (lng === 'ar' ? `ميزة ${f}` : f);

  test.describe(`subscription plans (${lng})`, () => {
    test('shows the demo plans as cards with price, period, features, date and description', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/subscription');
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      const weekly = card(page, t.weekly.name);
      await expect(weekly).toContainText(t.weekly.price);
      await expect(weekly).toContainText(t.currency);
      await expect(weekly).toContainText(t.weekly.period);
      await expect(weekly).toContainText(t.weekly.perMember);
      await expect(weekly.getByRole('listitem')).toHaveCount(3);
      await expect(weekly).not.toContainText(t.noDate);
      const family = card(page, t.family.name);
      await expect(family).toContainText(t.noDate);
      await expect(family).toContainText(t.noDescription);
      await expect(family.getByRole('listitem')).toHaveCount(5);
    });

    test('adds a plan: field messages, three features added and one removed', async ({ page }) => {
      const name = unique('Plan');
      await gotoAs(page, lng, '/dashboard/subscription');
      await page.getByRole('link', { name: t.addPlan }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/subscription?mode=add`);
      await expect(page.getByRole('heading', { level: 1, name: t.addPlan })).toBeVisible();

      await page.getByRole('button', { name: t.submitAdd, exact: true }).click();
      await expect(page.getByText(t.nameArRequired)).toBeVisible();
      await expect(page.getByText(t.nameEnRequired)).toBeVisible();
      await expect(page.getByText(t.priceInvalid)).toBeVisible();
      await expect(page.getByText(t.featureRequired).first()).toBeVisible();

      await page.getByLabel(t.nameAr).fill(`باقة ${name}`);
      await page.getByLabel(t.nameEn).fill(name);
      await page.getByLabel(t.price).fill('120');
      await page.getByLabel(t.periodUnit).selectOption({ label: t.week });
      await page.getByLabel(t.periodLength).fill('2');
      await page.getByRole('button', { name: t.addFeature }).click();
      await page.getByRole('button', { name: t.addFeature }).click();
      const features = ['First perk', 'Second perk', 'Third perk'];
      for (const [i, feature] of features.entries()) {
        await page.getByLabel(t.titleAr).nth(i).fill(`ميزة ${feature}`);
        await page.getByLabel(t.titleEn).nth(i).fill(feature);
      }
      await page.getByRole('button', { name: t.removeFeature(2) }).click();
      await expect(page.getByLabel(t.titleEn)).toHaveCount(2);
      await page.getByRole('button', { name: t.submitAdd, exact: true }).click();

      await expect(toast(page, t.added)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/dashboard/subscription`);
      const added = card(page, nameOf(name));
      await expect(added).toContainText(t.twoWeeks.price);
      await expect(added).toContainText(t.twoWeeks.period);
      await expect(added.getByRole('listitem')).toHaveText([featureOf('First perk'), featureOf('Third perk')].map((f) => new RegExp(f)));
      await expect(added).toContainText(t.noDate);
      await expect(added).toContainText(t.noDescription);
    });

    test('edits a plan on the edit-plan screen', async ({ page }) => {
      const session = await sharedSession(page.request);
      const name = unique('Editable');
      const plan = await createPlan(page.request, session, name, ['Keep me', 'Drop me']);
      await gotoAs(page, lng, '/dashboard/subscription', session);
      await card(page, nameOf(name)).getByRole('link', { name: new RegExp(t.edit) }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/subscription?edit=${plan.id}`);
      await expect(page.getByRole('heading', { level: 1, name: t.editTitle })).toBeVisible();
      await expect(page.getByLabel(t.nameEn)).toHaveValue(name);
      await expect(page.getByLabel(t.price)).toHaveValue('75');
      await expect(page.getByLabel(t.titleEn)).toHaveCount(2);

      await page.getByLabel(t.nameAr).fill(`باقة ${name} 2`);
      await page.getByLabel(t.nameEn).fill(`${name} 2`);
      await page.getByRole('button', { name: t.removeFeature(2) }).click();
      await page.getByRole('button', { name: t.submitUpdate, exact: true }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/dashboard/subscription`);
      const edited = card(page, nameOf(`${name} 2`));
      await expect(edited.getByRole('listitem')).toHaveCount(1);
      await expect(edited).toContainText(featureOf('Keep me'));
    });

    test("chooses the availability date with the dashboard's own control, in the page's language", async ({ page }) => {
      const session = await sharedSession(page.request);
      const name = unique('Dated');
      const plan = await createPlan(page.request, session, name, ['Perk']);
      await gotoAs(page, lng, `/dashboard/subscription?edit=${plan.id}`, session);
      await expect(page.locator('input[type="date"]')).toHaveCount(0);
      const field = page.getByRole('group', { name: t.availableFrom });
      const locale = lng === 'ar' ? 'ar-EG' : 'en-US';
      const number = (n: number) => new Intl.NumberFormat(locale, { useGrouping: false }).format(n);

      // Half a date is refused with the field's message rather than saved as "no date".
      await field.getByLabel(t.date.month).selectOption({ label: t.date.march });
      await page.getByRole('button', { name: t.submitUpdate, exact: true }).click();
      await expect(field.getByText(t.date.invalid)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/dashboard/subscription?edit=${plan.id}`);

      await field.getByLabel(t.date.day).selectOption({ label: number(5) });
      await field.getByLabel(t.date.year).selectOption({ label: number(2027) });
      const day = Date.UTC(2027, 2, 5);
      await expect(field).toContainText(new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(day));
      await page.getByRole('button', { name: t.submitUpdate, exact: true }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      const shortDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(day);
      await expect(card(page, nameOf(name))).toContainText(shortDate);

      // Reopened, the date is chosen in the three lists; clearing it saves "no date".
      await gotoAs(page, lng, `/dashboard/subscription?edit=${plan.id}`, session);
      await expect(field.getByLabel(t.date.year)).toHaveValue('2027');
      await field.getByRole('button', { name: t.date.clear }).click();
      await expect(field.getByLabel(t.date.day)).toHaveValue('');
      await page.getByRole('button', { name: t.submitUpdate, exact: true }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      await expect(card(page, nameOf(name))).toContainText(t.noDate);
    });

    test('deletes a plan after confirmation', async ({ page }) => {
      const session = await sharedSession(page.request);
      const name = unique('Doomed');
      await createPlan(page.request, session, name, ['Only perk']);
      await gotoAs(page, lng, '/dashboard/subscription', session);
      const doomed = card(page, nameOf(name));
      await doomed.getByRole('button', { name: new RegExp(t.delete) }).click();
      const dialog = page.getByRole('alertdialog', { name: t.confirmDelete });
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(doomed).toBeVisible();
      await doomed.getByRole('button', { name: new RegExp(t.delete) }).click();
      await dialog.getByRole('button', { name: t.yesDelete }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(doomed).toHaveCount(0);
    });
  });

  test.describe(`user subscriptions (${lng})`, () => {
    test('pages through subscriptions and shows the empty state', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/user-subscription');
      await expect(page.getByRole('heading', { level: 1, name: t.subscriptions })).toBeVisible();
      for (const column of t.subColumns) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      const rows = page.getByRole('table').locator('tbody tr');
      await expect(rows).toHaveCount(10);
      await expect(rows.first()).toContainText(t.currency);
      const firstText = await rows.first().textContent();
      await page.getByRole('button', { name: t.next }).click();
      await expect(page.getByText(t.pageOf2)).toBeVisible();
      await expect(rows.first()).not.toHaveText(firstText ?? '');
      await page.getByPlaceholder(t.searchSubs).fill(unique('nobody'));
      await expect(page.getByText(t.noSubs)).toBeVisible();
    });
  });
});
