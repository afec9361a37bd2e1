import { axeBuilder } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { languages, type Lng } from './support/env';
import { gotoAs, sharedSession } from './support/session';
import { resolveScreen, settled } from './support/screens';
import { appText, appTextPattern } from './support/app-text';

const texts = {
  en: {
    menu: appTextPattern('en', 'common:accountMenu'),
    dark: appText('en', 'common:theme.dark'),
    light: appText('en', 'common:theme.light'),
    system: appText('en', 'common:theme.system'),
  },
  ar: {
    menu: appTextPattern('ar', 'common:accountMenu'),
    dark: appText('ar', 'common:theme.dark'),
    light: appText('ar', 'common:theme.light'),
    system: appText('ar', 'common:theme.system'),
  },
} satisfies Record<Lng, Record<string, string | RegExp>>;

/** The page's background lightness, 0 (black) to 1 (white), from the body's computed colour. */
const backgroundLightness = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });

async function audit(page: Page, label: string) {
  const results = await axeBuilder(page).analyze();
  expect
    .soft(
      results.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      ),
      label,
    )
    .toEqual([]);
}

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`dark mode (${lng})`, () => {
    test('follows a dark system, passes axe (contrast included) on the main screens', async ({ page }) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`/${lng}/login`);
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await backgroundLightness(page)).toBeLessThan(0.2);
      await audit(page, `${lng} login`);
      const session = await sharedSession(page.request);
      for (const screen of [
        'home',
        'users',
        'doctors',
        'requests',
        'license',
        'subscription',
        'addSpeciality',
        'doctor-appointment/:doctor',
      ]) {
        const path = await resolveScreen(page.request, session, screen);
        await gotoAs(page, lng, `/dashboard/${path}`, session);
        await settled(page);
        await audit(page, `${lng} ${path}`);
      }
    });

    test('a choice in the header menu overrides the system and survives a reload; "system" follows it again', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await gotoAs(page, lng, '/dashboard/home');
      await settled(page);
      const html = page.locator('html');
      await expect(html).toHaveClass(/\bdark\b/);
      const menu = page.getByTestId('user-menu-button');
      await menu.click();
      await page.getByRole('menuitemradio', { name: t.light }).click();
      await expect(html).not.toHaveClass(/\bdark\b/);
      expect(await backgroundLightness(page)).toBeGreaterThan(0.8);
      await page.reload();
      await settled(page);
      await expect(html).not.toHaveClass(/\bdark\b/);
      await menu.click();
      await expect(page.getByRole('menuitemradio', { name: t.light })).toHaveAttribute('aria-checked', 'true');
      await page.getByRole('menuitemradio', { name: t.system }).click();
      await expect(html).toHaveClass(/\bdark\b/);
      // Following the system: it turns light, so does the page.
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(html).not.toHaveClass(/\bdark\b/);
      await menu.click();
      await page.getByRole('menuitemradio', { name: t.dark }).click();
      await expect(html).toHaveClass(/\bdark\b/);
    });
  });
}
