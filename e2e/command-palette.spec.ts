import { axeBuilder } from './support/axe';
import { expect, test } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { languages, type Lng } from './support/env';
import { gotoAs } from './support/session';
import { settled } from './support/screens';
import { appText } from './support/app-text';

/** The palette is beyond the specification: its texts come from the dashboard's bundles; the nav entry Doctors is the spec's. */
const texts = {
  en: {
    title: appText('en', 'palette:title'),
    open: appText('en', 'palette:open'),
    doctors: 'Doctors',
    screens: appText('en', 'palette:screens'),
    otherDoctors: 'الأطباء',
    typeMore: appText('en', 'palette:typeMore'),
  },
  ar: {
    title: appText('ar', 'palette:title'),
    open: appText('ar', 'palette:open'),
    doctors: 'الأطباء',
    screens: appText('ar', 'palette:screens'),
    otherDoctors: 'Doctors',
    typeMore: appText('ar', 'palette:typeMore'),
  },
} satisfies Record<Lng, Record<string, string>>;

const doctor = demoFixtures.firstDoctor;

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`command palette (${lng})`, () => {
    test('Ctrl+K, a doctor typed by name (Arabic without hamza), Enter opens the doctor in the directory', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/home');
      await settled(page);
      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: t.title });
      await expect(dialog).toBeVisible();
      const box = dialog.getByRole('combobox', { name: t.title });
      await expect(box).toBeFocused();
      await expect(dialog.getByRole('status')).toHaveText(t.typeMore);

      // احمد finds أحمد, as the lists' search does.
      const typed = lng === 'ar' ? 'احمد محمود الشافعي' : 'ahmed mahmoud el shafei';
      await box.fill(typed);
      const group = dialog.getByRole('group', { name: t.doctors });
      const hit = group.getByRole('option', { name: new RegExp(lng === 'ar' ? doctor.name_ar : doctor.name_en.replace('.', '\\.')) });
      await expect(hit).toBeVisible();
      await expect(hit).toContainText(doctor.email);
      const axe = await axeBuilder(page).include('[role="dialog"]').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);

      // The doctor is the first option (no screen is named like him): Enter opens it.
      await expect(hit).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(
        new RegExp(`/${lng}/dashboard/doctors\\?search=${encodeURIComponent(doctor.email).replace('.', '\\.')}`),
      );
      await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
      await expect(page.getByRole('table').locator('tbody tr')).toContainText(lng === 'ar' ? doctor.name_ar : doctor.name_en);
    });

    test('screens match their names in both languages; arrows move, Escape closes and gives the focus back', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/home');
      await settled(page);
      const opener = page.getByRole('button', { name: t.open, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: t.title });
      const box = dialog.getByRole('combobox');
      // The other language's name of the screen finds it too (and, 200 ms later, asks for records by that name).
      const recordsAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/search');
      await box.fill(t.otherDoctors);
      await recordsAnswered;
      const screens = dialog.getByRole('group', { name: t.screens });
      await expect(screens.getByRole('option')).toHaveText([t.doctors]);
      await box.fill('');
      const options = screens.getByRole('option');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      await box.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      // The cleared box's term settling 200 ms later (the earlier term's records leave) does not take the choice back.
      await page.waitForTimeout(600);
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await box.press('ArrowUp');
      await box.press('ArrowUp');
      await expect(options.last()).toHaveAttribute('aria-selected', 'true');
      // A pointer moving over an option picks it; the arrows go on from there.
      await options.nth(2).hover({ position: { x: 8, y: 6 } });
      await options.nth(2).hover({ position: { x: 16, y: 8 } });
      await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
      await box.press('ArrowDown');
      await expect(options.nth(3)).toHaveAttribute('aria-selected', 'true');
      await box.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    });
  });
}
