import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { languages } from './support/env';
import { dashboardScreens, resolveScreen, settled } from './support/screens';
import { gotoAs, sharedSession } from './support/session';
import { appText } from './support/app-text';

/**
 * axe-core on every screen in both languages, every rule it runs by default (WCAG 2.x A/AA, colour contrast
 * included, and best practices). Nothing is excluded: the dashboard embeds no third-party widget on these screens.
 */
async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  console.log(`[axe] ${label}: ${results.violations.length} violation(s)${summary.length ? `\n  ${summary.join('\n  ')}` : ''}`);
  expect.soft(summary, `${label}: axe violations`).toEqual([]);
}

for (const lng of languages) {
  test.describe(`accessibility (${lng})`, () => {
    test('login', async ({ page }) => {
      await page.goto(`/${lng}/login`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await audit(page, `${lng} login`);
    });

    // Screens in groups of about ten per test: one browser context walks a group, so the run pays for a
    // context and a sign-in per group instead of per screen, while the groups still spread over the workers.
    const groups = Array.from({ length: Math.ceil(dashboardScreens.length / 10) }, (_, i) => dashboardScreens.slice(i * 10, i * 10 + 10));
    for (const group of groups) {
      test(`${group[0]} … ${group[group.length - 1]}`, async ({ page }) => {
        test.setTimeout(60_000 + group.length * 30_000);
        const session = await sharedSession(page.request);
        for (const screen of group) {
          await test.step(screen, async () => {
            const path = await resolveScreen(page.request, session, screen);
            await gotoAs(page, lng, `/dashboard/${path}`, session);
            await settled(page);
            // The home screen's revenue chart is a chunk of its own, loaded after the cards: audit it too.
            if (screen === 'home')
              await expect(page.getByRole('region', { name: appText(lng, 'home:revenues') }).getByRole('img')).toBeVisible();
            await audit(page, `${lng} ${path}`);
          });
        }
      });
    }
  });
}
