import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { baseURL, languages, unique, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { appText, appTextPattern } from './support/app-text';

const ar = (n: number) => new Intl.NumberFormat('ar-EG').format(n);
/** A plan's period as its card reads it: `weeks` weeks, in `lng`. */
const weeks = (lng: Lng, count: number) => appText(lng, 'subscription-plans:period.week', { count, n: lng === 'ar' ? ar(count) : count });
const perPeriod = (lng: Lng, count: number) => appText(lng, 'subscription-plans:pricePerPeriod', { period: weeks(lng, count) });

const texts = {
  en: {
    title: 'Subscription',
    addPlan: appText('en', 'subscription-plans:addPlan'),
    editTitle: appText('en', 'subscription-plans:editTitle'),
    submitAdd: appText('en', 'subscription-plans:submitAdd'),
    submitUpdate: appText('en', 'subscription-plans:submitUpdate'),
    nameAr: appText('en', 'subscription-plans:nameAr'),
    nameEn: appText('en', 'subscription-plans:nameEn'),
    price: appText('en', 'subscription-plans:price'),
    periodUnit: appText('en', 'subscription-plans:periodUnit'),
    periodLength: appText('en', 'subscription-plans:periodLength'),
    titleAr: appText('en', 'subscription-plans:featureTitleAr'),
    titleEn: appText('en', 'subscription-plans:featureTitleEn'),
    addFeature: appText('en', 'subscription-plans:addFeature'),
    removeFeature: (i: number) => appText('en', 'subscription-plans:removeFeature', { index: i }),
    week: appText('en', 'subscription-plans:units.week'),
    weekly: {
      name: demoFixtures.plans.weekly,
      price: '49',
      period: perPeriod('en', 1),
      perMember: appText('en', 'subscription-plans:perMember', { period: weeks('en', 1) }),
    },
    family: { name: demoFixtures.plans.withoutDateAndDescription },
    twoWeeks: { price: '120', period: perPeriod('en', 2) },
    currency: 'EGP',
    noDate: 'no date available',
    noDescription: 'no description available',
    availableFrom: appText('en', 'subscription-plans:availableFrom'),
    date: {
      day: appText('en', 'common:date.day'),
      month: appText('en', 'common:date.month'),
      year: appText('en', 'common:date.year'),
      clear: appText('en', 'common:date.clear'),
      march: 'March',
      invalid: appText('en', 'validation:dateInvalid'),
    },
    added: 'Plan added successfully!',
    updated: appText('en', 'subscription-plans:updated'),
    deleted: 'Plan Deleted',
    confirmDelete: 'Are You Sure You Want To Delete This',
    yesDelete: appText('en', 'common:confirmDialog.deleteConfirm'),
    cancel: appText('en', 'common:confirmDialog.cancel'),
    edit: appText('en', 'common:edit'),
    delete: appText('en', 'common:delete'),
    nameArRequired: 'Arabic name is required',
    nameEnRequired: 'English name is required',
    priceInvalid: appText('en', 'validation:priceInvalid'),
    featureRequired: appText('en', 'validation:featureTitleRequired'),
    subscriptions: 'User Subscription',
    subColumns: (['user', 'plan', 'pricePaid', 'start', 'end', 'status'] as const).map((key) => appText('en', `user-subscriptions:${key}`)),
    searchSubs: appText('en', 'user-subscriptions:searchPlaceholder'),
    noSubs: 'No subscriptions found',
    next: appText('en', 'common:pagination.next'),
    pageOf2: appTextPattern('en', 'common:pagination.pageOf', { page: 2 }),
  },
  ar: {
    title: 'باقات الاشتراك',
    addPlan: appText('ar', 'subscription-plans:addPlan'),
    editTitle: appText('ar', 'subscription-plans:editTitle'),
    submitAdd: appText('ar', 'subscription-plans:submitAdd'),
    submitUpdate: appText('ar', 'subscription-plans:submitUpdate'),
    nameAr: appText('ar', 'subscription-plans:nameAr'),
    nameEn: appText('ar', 'subscription-plans:nameEn'),
    price: appText('ar', 'subscription-plans:price'),
    periodUnit: appText('ar', 'subscription-plans:periodUnit'),
    periodLength: appText('ar', 'subscription-plans:periodLength'),
    titleAr: appText('ar', 'subscription-plans:featureTitleAr'),
    titleEn: appText('ar', 'subscription-plans:featureTitleEn'),
    addFeature: appText('ar', 'subscription-plans:addFeature'),
    removeFeature: (i: number) => appText('ar', 'subscription-plans:removeFeature', { index: i }),
    week: appText('ar', 'subscription-plans:units.week'),
    weekly: {
      name: 'الباقة الأسبوعية',
      price: ar(49),
      period: perPeriod('ar', 1),
      perMember: appText('ar', 'subscription-plans:perMember', { period: weeks('ar', 1) }),
    },
    family: { name: 'الباقة العائلية' },
    twoWeeks: { price: ar(120), period: perPeriod('ar', 2) },
    currency: 'ج.م',
    noDate: 'لا يوجد تاريخ متاح',
    noDescription: 'لا يوجد وصف متاح',
    availableFrom: appText('ar', 'subscription-plans:availableFrom'),
    date: {
      day: appText('ar', 'common:date.day'),
      month: appText('ar', 'common:date.month'),
      year: appText('ar', 'common:date.year'),
      clear: appText('ar', 'common:date.clear'),
      march: 'مارس',
      invalid: appText('ar', 'validation:dateInvalid'),
    },
    added: 'تمت إضافة الباقة بنجاح!',
    updated: appText('ar', 'subscription-plans:updated'),
    deleted: 'تم حذف الباقة',
    confirmDelete: 'هل أنت متأكد من الحذف؟',
    yesDelete: appText('ar', 'common:confirmDialog.deleteConfirm'),
    cancel: appText('ar', 'common:confirmDialog.cancel'),
    edit: appText('ar', 'common:edit'),
    delete: appText('ar', 'common:delete'),
    nameArRequired: 'الاسم بالعربية مطلوب',
    nameEnRequired: 'الاسم بالإنجليزية مطلوب',
    priceInvalid: appText('ar', 'validation:priceInvalid'),
    featureRequired: appText('ar', 'validation:featureTitleRequired'),
    subscriptions: 'اشتراكات المستخدمين',
    subColumns: (['user', 'plan', 'pricePaid', 'start', 'end', 'status'] as const).map((key) => appText('ar', `user-subscriptions:${key}`)),
    searchSubs: appText('ar', 'user-subscriptions:searchPlaceholder'),
    noSubs: 'لا توجد اشتراكات',
    next: appText('ar', 'common:pagination.next'),
    pageOf2: appTextPattern('ar', 'common:pagination.pageOf', { page: ar(2) }),
  },
} satisfies Record<Lng, Record<string, unknown>>;

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });

/** Creates a plan as the dashboard's form does (multipart, features[i][title_*]). */
async function createPlan(request: APIRequestContext, session: Session, name: string, features: string[]) {
  const multipart: Record<string, string> = {
    name_ar: `باقة ${name}`,
    name_en: name,
    price: '75',
    period_unit: 'months',
    period_length: '1',
  };
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
    test('shows the demo plans as cards with price, period, features, date and description; deletes one after confirmation', async ({
      page,
    }) => {
      const session = await sharedSession(page.request);
      const name = unique('Doomed');
      await createPlan(page.request, session, name, ['Only perk']);
      await gotoAs(page, lng, '/dashboard/subscription', session);
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
      await card(page, nameOf(name))
        .getByRole('link', { name: new RegExp(t.edit) })
        .click();
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
