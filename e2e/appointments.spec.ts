import { expect, test, type Page } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { languages, type Lng } from './support/env';
import { gotoAs, sharedSession } from './support/session';
import { providerNamed } from './support/providers';
import { appointmentsPage, cards, expectedVisit, field, gridColumns } from './support/appointments';
import { appText } from './support/app-text';
import { audit } from './support/axe';

const texts = {
  en: {
    doctorTitle: appText('en', 'appointments:doctorTitle'),
    hospitalTitle: appText('en', 'appointments:hospitalTitle'),
    centerTitle: appText('en', 'appointments:medicalCenterTitle'),
    home: 'Home',
    doctors: 'Doctors',
    hospitals: 'Hospitals',
    appointments: 'Appointments',
    online: appText('en', 'appointments:online'),
    cash: appText('en', 'appointments:cash'),
    previous: appText('en', 'common:pagination.previous'),
    next: appText('en', 'common:pagination.next'),
    pageOf: (page: number, total: number) => appText('en', 'common:pagination.pageOf', { page, total }),
    empty: appText('en', 'appointments:empty'),
    doctorNotFound: 'Doctor not found.',
  },
  ar: {
    doctorTitle: appText('ar', 'appointments:doctorTitle'),
    hospitalTitle: appText('ar', 'appointments:hospitalTitle'),
    centerTitle: appText('ar', 'appointments:medicalCenterTitle'),
    home: 'الرئيسية',
    doctors: 'الأطباء',
    hospitals: 'المؤسسات الطبية',
    appointments: 'المواعيد',
    online: appText('ar', 'appointments:online'),
    cash: appText('ar', 'appointments:cash'),
    previous: appText('ar', 'common:pagination.previous'),
    next: appText('ar', 'common:pagination.next'),
    pageOf: (page: number, total: number) =>
      appText('ar', 'common:pagination.pageOf', {
        page: new Intl.NumberFormat('ar-EG').format(page),
        total: new Intl.NumberFormat('ar-EG').format(total),
      }),
    empty: appText('ar', 'appointments:empty'),
    doctorNotFound: 'الطبيب غير موجود.',
  },
} satisfies Record<Lng, Record<string, unknown>>;

const large = { width: 1280, height: 900 };
const small = { width: 800, height: 900 };

const breadcrumb = (page: Page, lng: Lng) => page.getByRole('navigation', { name: appText(lng, 'common:breadcrumb') });

async function expectBreadcrumb(page: Page, lng: Lng, middle: { label: string; path: string }) {
  const t = texts[lng];
  const crumbs = breadcrumb(page, lng);
  await expect(crumbs.getByRole('link', { name: t.home, exact: true })).toHaveAttribute('href', `/${lng}/dashboard/home`);
  await expect(crumbs.getByRole('link', { name: middle.label, exact: true })).toHaveAttribute('href', `/${lng}${middle.path}`);
  await expect(crumbs.getByText(t.appointments, { exact: true })).toHaveAttribute('aria-current', 'page');
}

/** Fields (labels, values, phones) that leave their card's content box, and how far the page scrolls sideways. */
const overflowingFields = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const card of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="appointment-card"]'))) {
      const box = card.getBoundingClientRect();
      const style = getComputedStyle(card);
      const [left, right] = [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)];
      for (const part of Array.from(card.querySelectorAll<HTMLElement>('dt, dd, [data-phone]'))) {
        const r = part.getBoundingClientRect();
        if (r.left < left - 0.5 || r.right > right + 0.5)
          out.push(`${part.closest<HTMLElement>('[data-field]')?.dataset.field}: ${part.textContent}`);
      }
    }
    return { out, sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`appointments (${lng})`, () => {
    test("shows a doctor's known demo appointments with every card field, 3 columns large and 2 small", async ({ page }) => {
      const session = await sharedSession(page.request);
      const doctor = await providerNamed(page.request, session, 'doctors', demoFixtures.firstDoctor.name_en);
      const fromApi = await appointmentsPage(page.request, session, 'doctor', doctor.id);
      await page.setViewportSize(large);
      const asked = page.waitForRequest((r) => r.url().includes(`/api/admin/appointments/doctor/${doctor.id}?per_page=8&page=1`));
      await gotoAs(page, lng, `/dashboard/doctor-appointment/${doctor.id}`, session);
      await asked;

      await expect(page.getByRole('heading', { level: 1, name: t.doctorTitle })).toBeVisible();
      await expectBreadcrumb(page, lng, { label: t.doctors, path: '/dashboard/doctors' });
      await expect(cards(page)).toHaveCount(8);

      // The three known appointments are the latest: newest visit first.
      const known = [...demoFixtures.firstDoctor.knownAppointments].reverse();
      for (const [index, fixture] of known.entries()) {
        const card = cards(page).nth(index);
        const apiRow = fromApi.data[index]!;
        expect(apiRow.user.name).toBe(fixture.patient);
        expect(apiRow.appointment_time.slice(11, 16)).toBe(
          `${String(fixture.hour).padStart(2, '0')}:${String(fixture.minute).padStart(2, '0')}`,
        );
        const visit = expectedVisit(apiRow.appointment_time, lng);
        await expect(field(card, 'patient')).toHaveText(fixture.patient);
        await expect(field(card, 'doctor')).toContainText(
          lng === 'en' ? demoFixtures.firstDoctor.name_en : demoFixtures.firstDoctor.name_ar,
        );
        await expect(field(card, 'patient-phone').locator('dd')).toHaveText(apiRow.user.phone!);
        await expect(field(card, 'visit-day').locator('dd')).toHaveText(visit.day);
        await expect(field(card, 'visit-time').locator('dd')).toHaveText(visit.time);
        await expect(field(card, 'payment').locator('dd')).toHaveText(fixture.type === 'website' ? t.online : t.cash);
      }
      // 5 PM, 12 PM (12:30, minutes not shown) and 10 AM, whatever the browser's time zone.
      expect(known.map((k) => expectedVisit(`2000-01-01 ${String(k.hour).padStart(2, '0')}:00:00`, 'en').time)).toEqual([
        '5 PM',
        '12 PM',
        '10 AM',
      ]);

      expect(await gridColumns(page)).toBe(3);
      await page.setViewportSize(small);
      await expect.poll(() => gridColumns(page)).toBe(2);

      // On a 390 px phone: one card per row, nothing scrolls sideways, no phone number broken over two lines.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => gridColumns(page)).toBe(1);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
      const phones = page.locator('[data-testid="appointment-card"] [data-phone]');
      expect(await phones.count()).toBeGreaterThan(0);
      for (const phone of await phones.all()) {
        const lines = await phone.evaluate((el) => el.getClientRects().length);
        expect(lines).toBe(1);
      }
    });

    test("pages through a doctor's appointments; previous and next are disabled at the ends", async ({ page }) => {
      const session = await sharedSession(page.request);
      const doctor = await providerNamed(page.request, session, 'doctors', demoFixtures.firstDoctor.name_en);
      const first = await appointmentsPage(page.request, session, 'doctor', doctor.id);
      expect(first.last_page).toBeGreaterThanOrEqual(3);
      const second = await appointmentsPage(page.request, session, 'doctor', doctor.id, 2);
      await gotoAs(page, lng, `/dashboard/doctor-appointment/${doctor.id}`, session);
      const previous = page.getByRole('button', { name: t.previous });
      const next = page.getByRole('button', { name: t.next });

      await expect(page.getByText(t.pageOf(1, first.last_page))).toBeVisible();
      await expect(previous).toBeDisabled();
      await expect(next).toBeEnabled();
      const asked = page.waitForRequest((r) => r.url().includes(`per_page=8&page=2`));
      await next.click();
      await asked;
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/doctor-appointment/${doctor.id}\\?page=2$`));
      await expect(page.getByText(t.pageOf(2, first.last_page))).toBeVisible();
      await expect(field(cards(page).first(), 'patient')).toHaveText(second.data[0]!.user.name);
      await expect(previous).toBeEnabled();

      await gotoAs(page, lng, `/dashboard/doctor-appointment/${doctor.id}?page=${first.last_page}`, session);
      await expect(page.getByText(t.pageOf(first.last_page, first.last_page))).toBeVisible();
      await expect(next).toBeDisabled();
      await expect(previous).toBeEnabled();
      await previous.click();
      await expect(page.getByText(t.pageOf(first.last_page - 1, first.last_page))).toBeVisible();
    });

    test("lists a hospital's appointments in 4 columns on large screens and 2 on small", async ({ page }) => {
      const session = await sharedSession(page.request);
      const hospital = await providerNamed(page.request, session, 'hospitals', demoFixtures.hospital.name_en);
      const fromApi = await appointmentsPage(page.request, session, 'hospital', hospital.id);
      expect(fromApi.total).toBeGreaterThan(8);
      await page.setViewportSize(large);
      await gotoAs(page, lng, `/dashboard/hospital-appointment/${hospital.id}`, session);
      await expect(page.getByRole('heading', { level: 1, name: t.hospitalTitle })).toBeVisible();
      await expectBreadcrumb(page, lng, { label: t.hospitals, path: '/dashboard/hospitals' });
      await expect(cards(page)).toHaveCount(8);
      const firstRow = fromApi.data[0]!;
      const card = cards(page).first();
      await expect(field(card, 'patient')).toHaveText(firstRow.user.name);
      await expect(field(card, 'doctor')).toContainText(lng === 'en' ? firstRow.appointable.name_en : firstRow.appointable.name_ar);
      await expect(field(card, 'visit-day').locator('dd')).toHaveText(expectedVisit(firstRow.appointment_time, lng).day);
      await expect(field(card, 'visit-time').locator('dd')).toHaveText(expectedVisit(firstRow.appointment_time, lng).time);
      expect(await gridColumns(page)).toBe(4);
      // Four narrow cards: a long phone goes under its label rather than out of the card.
      expect(await overflowingFields(page)).toEqual({ out: [], sideways: 0 });
      await page.setViewportSize(small);
      await expect.poll(() => gridColumns(page)).toBe(2);
      await page.getByRole('button', { name: t.next }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(page.getByRole('button', { name: t.previous })).toBeEnabled();
    });

    test('medical-center appointments are translated and their links keep the language', async ({ page }) => {
      const session = await sharedSession(page.request);
      const center = await providerNamed(page.request, session, 'medical-centers', demoFixtures.medicalCenter.name_en);
      const fromApi = await appointmentsPage(page.request, session, 'medical-center', center.id);
      await page.setViewportSize(large);
      await gotoAs(page, lng, `/dashboard/medicalCenter-appointment/${center.id}`, session);
      await expect(page.getByRole('heading', { level: 1, name: t.centerTitle })).toBeVisible();
      await expectBreadcrumb(page, lng, { label: t.hospitals, path: '/dashboard/hospitals' });
      await expect(cards(page)).toHaveCount(Math.min(8, fromApi.total));
      await expect(field(cards(page).first(), 'patient')).toHaveText(fromApi.data[0]!.user.name);
      expect(await gridColumns(page)).toBe(4);
      await breadcrumb(page, lng).getByRole('link', { name: t.home, exact: true }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/home`);
    });

    test("each card carries its appointment's status as a badge at the card's end edge, axe clean", async ({ page }) => {
      const session = await sharedSession(page.request);
      const doctor = await providerNamed(page.request, session, 'doctors', demoFixtures.firstDoctor.name_en);
      const first = await appointmentsPage(page.request, session, 'doctor', doctor.id);
      const last = await appointmentsPage(page.request, session, 'doctor', doctor.id, first.last_page);
      // The newest visits are booked; the oldest page holds past ones (completed, cancelled).
      expect(new Set([...first.data, ...last.data].map((row) => row.status)).size).toBeGreaterThanOrEqual(2);
      await page.setViewportSize(large);
      for (const [number, fromApi] of [
        [1, first],
        [first.last_page, last],
      ] as const) {
        await gotoAs(page, lng, `/dashboard/doctor-appointment/${doctor.id}?page=${number}`, session);
        await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
        await expect(cards(page)).toHaveCount(fromApi.data.length);
        for (const [index, row] of fromApi.data.entries()) {
          const status = field(cards(page).nth(index), 'status');
          await expect(status.locator('dt')).toHaveText(appText(lng, 'appointments:status'));
          await expect(status.locator('dd')).toHaveText(appText(lng, `appointments:statuses.${row.status}`));
        }
        // The badge sits at the end edge of its card: the right in English, the left in Arabic.
        const edges = await field(cards(page).first(), 'status')
          .locator('dd [data-tone]')
          .evaluate((badge) => {
            const card = badge.closest<HTMLElement>('[data-testid="appointment-card"]')!;
            const [b, c, style] = [badge.getBoundingClientRect(), card.getBoundingClientRect(), getComputedStyle(card)];
            const [startLeft, endRight] = [
              c.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
              c.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
            ];
            return { left: b.left - startLeft, right: endRight - b.right };
          });
        expect(Math.abs(lng === 'ar' ? edges.left : edges.right)).toBeLessThan(1);
        expect(await overflowingFields(page)).toEqual({ out: [], sideways: 0 });
        await audit(page, `${lng} doctor appointments page ${number} with statuses`);
      }
    });

    test("shows the empty state, and the response's message in a toast on error", async ({ page }) => {
      const session = await sharedSession(page.request);
      const pending = await providerNamed(page.request, session, 'doctors', demoFixtures.pendingDoctor.name_en);
      expect((await appointmentsPage(page.request, session, 'doctor', pending.id)).total).toBe(0);
      await gotoAs(page, lng, `/dashboard/doctor-appointment/${pending.id}`, session);
      await expect(page.getByText(t.empty)).toBeVisible();
      await expect(page.getByRole('button', { name: t.next })).toHaveCount(0);

      // A hospital's id on the doctor screen: the API answers 404 with its message.
      const hospital = await providerNamed(page.request, session, 'hospitals', demoFixtures.hospital.name_en);
      await page.goto(`/${lng}/dashboard/doctor-appointment/${hospital.id}`);
      await expect(page.locator('.Toastify').getByText(t.doctorNotFound)).toBeVisible();
    });
  });
}
