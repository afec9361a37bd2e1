import { expect, test, type Page, type Request } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { appText } from './support/app-text';

const texts = {
  en: {
    welcome: (name: string) => appText('en', 'home:welcome', { name }),
    cards: {
      total_users: appText('en', 'home:totalUsers'),
      new_users: appText('en', 'home:newUsers'),
      total_revenue: appText('en', 'home:totalRevenue'),
      subscriptions: appText('en', 'home:subscriptions'),
    },
    currency: 'EGP',
    fromYesterday: 'from yesterday',
    revenues: appText('en', 'home:revenues'),
    monthly: appText('en', 'home:monthly'),
    daily: appText('en', 'home:daily'),
    locale: 'en-US',
  },
  ar: {
    welcome: (name: string) => appText('ar', 'home:welcome', { name }),
    cards: {
      total_users: appText('ar', 'home:totalUsers'),
      new_users: appText('ar', 'home:newUsers'),
      total_revenue: appText('ar', 'home:totalRevenue'),
      subscriptions: appText('ar', 'home:subscriptions'),
    },
    currency: 'ج.م',
    fromYesterday: 'مقارنةً بالأمس',
    revenues: appText('ar', 'home:revenues'),
    monthly: appText('ar', 'home:monthly'),
    daily: appText('ar', 'home:daily'),
    locale: 'ar-EG',
  },
} satisfies Record<Lng, Record<string, unknown>>;

type Figure = { value: number; trend: { direction: 'up' | 'down' | 'flat' } };
type Stats = { admin_name: string; total_users: Figure; new_users: Figure; total_revenue: Figure; subscriptions: Figure };

async function stats(page: Page, session: Session): Promise<Stats> {
  const response = await page.request.get(`${baseURL}/api/admin/home/stats`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Stats }).data;
}

const card = (page: Page, label: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { name: label, exact: true }) });

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`home (${lng})`, () => {
    test('welcomes the admin and shows the four cards with their trend from yesterday', async ({ page }) => {
      const session = await sharedSession(page.request);
      const expected = await stats(page, session);
      await gotoAs(page, lng, '/dashboard/home', session);
      await expect(page.getByRole('heading', { level: 1, name: t.welcome(expected.admin_name) })).toBeVisible();

      const number = new Intl.NumberFormat(t.locale);
      for (const key of ['total_users', 'new_users', 'subscriptions'] as const) {
        await expect(card(page, t.cards[key])).toContainText(number.format(expected[key].value));
      }
      const revenue = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 }).format(expected.total_revenue.value);
      // Money reads `EGP 149` in English and `١٤٩ ج.م` in Arabic, a no-break space between.
      await expect(card(page, t.cards.total_revenue)).toContainText(
        lng === 'ar' ? `${revenue}\u00a0${t.currency}` : `${t.currency}\u00a0${revenue}`,
      );
      for (const key of Object.keys(t.cards) as Array<keyof typeof t.cards>) {
        await expect(card(page, t.cards[key])).toContainText(t.fromYesterday);
        await expect(card(page, t.cards[key])).toHaveAttribute('data-trend', expected[key].trend.direction);
      }
      // Demo: 7 users joined today against 4 yesterday.
      expect(expected.new_users.value).toBe(demoFixtures.users.joinedToday);
      await expect(card(page, t.cards.new_users)).toHaveAttribute('data-trend', 'up');
      if (lng === 'ar') {
        // Arabic numbers in the Arabic dashboard.
        for (const key of Object.keys(t.cards) as Array<keyof typeof t.cards>)
          expect(await card(page, t.cards[key]).innerText()).not.toMatch(/[0-9]/);
      }
      // At 1280 px, four cards side by side: each figure stays on one line, inside its card.
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const key of Object.keys(t.cards) as Array<keyof typeof t.cards>) {
        const figure = card(page, t.cards[key]).locator('p').first();
        const [lines, fits] = await figure.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const rects = Array.from(range.getClientRects());
          const card = el.closest('article')!.getBoundingClientRect();
          return [new Set(rects.map((r) => Math.round(r.top))).size, rects.every((r) => r.left >= card.left && r.right <= card.right)];
        });
        expect(lines, key).toBe(1);
        expect(fits, key).toBe(true);
      }
    });

    test('loads the revenue chart after the cards, daily then monthly', async ({ page }) => {
      const session = await sharedSession(page.request);
      const order: string[] = [];
      page.on('requestfinished', (request: Request) => {
        const url = request.url();
        if (url.includes('/api/admin/home/stats')) order.push('stats done');
        if (url.includes('/api/admin/home/revenue')) order.push(`revenue ${new URL(url).searchParams.get('period')}`);
      });
      page.on('request', (request: Request) => {
        if (request.url().includes('/api/admin/home/revenue')) order.push('revenue asked');
        if (/revenue-chart-[\w-]+\.js$/.test(request.url())) order.push('chart code asked');
      });
      await gotoAs(page, lng, '/dashboard/home', session);
      const section = page.getByRole('region', { name: t.revenues });
      await expect(section.getByRole('img')).toBeVisible();
      await expect(section.locator('[data-chart] svg')).toBeVisible();
      expect(order.indexOf('stats done')).toBeGreaterThanOrEqual(0);
      expect(order.indexOf('stats done')).toBeLessThan(order.indexOf('revenue asked'));
      expect(order.indexOf('stats done')).toBeLessThan(order.indexOf('chart code asked'));
      await expect(section.getByRole('button', { name: t.daily })).toHaveAttribute('aria-pressed', 'true');

      const monthly = page.waitForRequest((r) => r.url().includes('/api/admin/home/revenue?period=monthly'));
      await section.getByRole('button', { name: t.monthly }).click();
      await monthly;
      await expect(section.getByRole('button', { name: t.monthly })).toHaveAttribute('aria-pressed', 'true');
      await expect(section.locator('[data-chart] svg')).toBeVisible();
      if (lng === 'ar') {
        // Arabic numbers and dates: headings, axis ticks and the chart's text alternative.
        expect(await section.getByRole('img').getAttribute('aria-label')).not.toMatch(/[0-9]/);
        expect(await section.innerText()).not.toMatch(/[0-9]/);
      }
    });
  });
}
