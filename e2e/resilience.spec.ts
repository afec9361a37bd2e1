import { expect, test, type Locator, type Page } from '@playwright/test';
import { audit } from './support/axe';
import { appText } from './support/app-text';
import { languages, unique } from './support/env';
import { createType } from './support/institution-types';
import { rowOf, settled, toast } from './support/resources';
import { gotoAs, sharedSession } from './support/session';
import { texts } from './support/texts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

// Values longer than any column: a Latin name and email for the Arabic layout, an Arabic name for the English one.
const latinName = 'Mohamed Kamal El Desouky Abdelrahman Elsayed';
const latinEmail = 'mohamed.kamal.eldesouky.abdelrahman@example.com';
const arabicName = 'عبدالرحمن محمد كمال الدسوقي السيد الشافعي';

/**
 * Where the first and the last letters of a value are drawn, against the box that cuts it: a value cut at the end of
 * its own direction keeps its first letter inside the box and loses its last one.
 */
const firstAndLastShown = (value: Locator) =>
  value.evaluate((element) => {
    const node = Array.from(element.childNodes)
      .flatMap((child) => (child.nodeType === Node.TEXT_NODE ? [child] : Array.from(child.childNodes)))
      .find((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim());
    if (!node?.textContent) return null;
    const box = element.getBoundingClientRect();
    const inside = (offset: number) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      const letter = range.getBoundingClientRect();
      return letter.left >= box.left - 0.5 && letter.right <= box.right + 0.5;
    };
    const text = node.textContent;
    return { first: inside(text.search(/\S/)), last: inside(text.trimEnd().length - 1) };
  });

/** The sign of an element's drawn horizontal scale (its own and its ancestors' `scale` and `transform`): −1 when mirrored. */
const horizontalSign = (element: Locator) =>
  element.evaluate((start) => {
    let sign = 1;
    for (let el: Element | null = start; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.scale && style.scale !== 'none') sign *= Math.sign(parseFloat(style.scale.split(' ')[0] ?? '1'));
      if (style.transform && style.transform !== 'none') sign *= Math.sign(new DOMMatrix(style.transform).a);
    }
    return sign;
  });

test('a value cut short keeps its start in the other script and shows whole on hover and focus; chevrons point along the reading', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  for (const lng of languages) {
    // The first user of the list gets values longer than its columns (the demo's are short).
    const name = lng === 'ar' ? latinName : arabicName;
    await page.unrouteAll();
    await page.route(
      (url) => url.pathname === '/api/admin/users',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { data: { name: string; email: string }[] } };
        Object.assign(body.data.data[0]!, { name, email: latinEmail });
        await route.fulfill({ response, json: body });
      },
    );
    await gotoAs(page, lng, '/dashboard/users');
    await settled(page);
    const row = page.getByRole('table').locator('tbody tr').first();
    const shownName = row.locator('td[data-column="name"] [data-truncated]');
    const shownEmail = row.locator('td[data-column="email"] [data-truncated]');

    // Cut at their own end: the Arabic name keeps its first word in English, the email its start in Arabic.
    for (const [value, label] of [
      [shownName, 'name'],
      [shownEmail, 'email'],
    ] as const) {
      await expect(value, `${lng} ${label}`).toBeVisible();
      expect(await firstAndLastShown(value), `${lng} ${label}: first letter shown, last one cut`).toEqual({ first: true, last: false });
    }
    // Still at the column's start edge (the right one in Arabic), whatever the value's own direction.
    const cell = (await row.locator('td[data-column="email"]').boundingBox())!;
    const email = (await shownEmail.boundingBox())!;
    if (lng === 'ar') expect(cell.x + cell.width - (email.x + email.width)).toBeLessThan(16);
    else expect(email.x - cell.x).toBeLessThan(16);

    // The whole value beside it, on hover and on keyboard focus, inside the window.
    const whole = page.locator('[data-full-text]');
    await shownName.hover();
    await expect(whole).toHaveText(name);
    await page.mouse.move(1, 1);
    await expect(whole).toHaveCount(0);
    await shownEmail.focus();
    await expect(shownEmail).toBeFocused();
    await expect(whole).toHaveText(latinEmail);
    const tip = (await whole.boundingBox())!;
    expect(tip.x).toBeGreaterThanOrEqual(0);
    expect(tip.x + tip.width).toBeLessThanOrEqual(desktop.width);
    await page.keyboard.press('Escape');
    await expect(whole).toHaveCount(0);

    // Pager: "Next" lies toward the end of the reading (left in Arabic) and its chevron points there; same for the
    // breadcrumbs' separators.
    const pager = page.getByRole('navigation', { name: appText(lng, 'common:pagination.label') });
    const previous = pager.getByRole('button', { name: appText(lng, 'common:pagination.previous') });
    const next = pager.getByRole('button', { name: appText(lng, 'common:pagination.next') });
    const [previousBox, nextBox] = [(await previous.boundingBox())!, (await next.boundingBox())!];
    expect(lng === 'ar' ? nextBox.x < previousBox.x : nextBox.x > previousBox.x, `${lng}: next after previous`).toBe(true);
    const mirrored = lng === 'ar' ? -1 : 1;
    for (const icon of [
      next.locator('svg'),
      previous.locator('svg'),
      pager.getByRole('button', { name: appText(lng, 'common:pagination.first') }).locator('svg'),
      pager.getByRole('button', { name: appText(lng, 'common:pagination.last') }).locator('svg'),
      page
        .getByRole('navigation', { name: appText(lng, 'common:breadcrumb') })
        .locator('svg')
        .first(),
    ])
      expect(await horizontalSign(icon), `${lng}: ${await icon.evaluate((svg) => svg.getAttribute('class'))}`).toBe(mirrored);
    await audit(page, `users list with cut values (${lng})`);

    // On a phone the row is a card, and a long value wraps whole instead of being cut (issue 29's phone item).
    await page.setViewportSize(phone);
    const cardEmail = page.getByRole('table').locator('tbody tr').first().locator('td[data-column="email"]');
    await expect(cardEmail).toContainText(latinEmail);
    const card = (await cardEmail.boundingBox())!;
    expect(card.x, `${lng} phone email inside the screen`).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(phone.width);
    await page.setViewportSize(desktop);
  }
});

test('an action the server never got says nothing was saved and is retried; a failed refresh keeps the rows with a notice; switches say their state', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  const session = await sharedSession(page.request);
  for (const lng of languages) {
    const name = unique('Resilient');
    await createType(page.request, session, { name_ar: `نوع ${name}`, name_en: name });
    await gotoAs(page, lng, `/dashboard/hospitals?tab=types&search=${name}`, session);
    const row = rowOf(page, name);
    const toggle = row.getByRole('switch');
    const state = row.locator('[data-switch-state]');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // The state in words beside the switch, on its end side.
    await expect(state).toHaveText(appText(lng, 'common:switchState.active'));
    const [knob, word] = [(await toggle.boundingBox())!, (await state.boundingBox())!];
    expect(Math.abs(knob.y + knob.height / 2 - (word.y + word.height / 2))).toBeLessThan(6);
    expect(lng === 'ar' ? word.x + word.width <= knob.x : word.x >= knob.x + knob.width).toBe(true);

    // The server cannot be reached: the switch goes back, and the page says nothing was saved and offers to retry.
    const status = (url: URL) => url.pathname.startsWith('/api/admin/hospitalies/types/status/');
    await page.route(status, (route) => route.abort('connectionfailed'));
    await toggle.click();
    const notice = page.locator('[data-unsaved-action]');
    await expect(notice).toContainText(appText(lng, 'common:unsaved.message'));
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(state).toHaveText(appText(lng, 'common:switchState.active'));
    // The specification's failure toast stays beside the notice; axe once it has finished sliding in.
    const failed = toast(page, texts[lng].statusFailed);
    await expect(failed).toBeVisible();
    await expect.poll(() => failed.evaluate((el) => el.getAnimations().length)).toBe(0);
    await audit(page, `unsaved action notice (${lng})`);

    // Back online, "Try again" sends the same change.
    await page.unroute(status);
    await notice.getByRole('button', { name: appText(lng, 'common:retry') }).click();
    await expect(toast(page, texts[lng].typeStatus)).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(state).toHaveText(appText(lng, 'common:switchState.inactive'));

    // The list's refresh after the next change fails: the rows stay, said to be older, until a refresh succeeds.
    const list = (url: URL) => url.pathname === '/api/admin/hospitalies/types';
    await page.route(list, (route) => route.abort('connectionfailed'));
    await toggle.click();
    const stale = page.locator('[data-stale-rows]');
    await expect(stale).toHaveText(appText(lng, 'common:staleData'));
    await expect(row).toBeVisible();
    await page.unroute(list);
    await expect(stale).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
  }
});

/** Counts the page's document loads (a reload is one) from now on. */
function documentLoads(page: Page) {
  let count = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) count += 1;
  });
  return () => count;
}

test('a slow API shows the shell skeleton; a screen chunk gone after a deploy reloads once, and an error screen speaks the page language', async ({
  page,
}) => {
  await page.setViewportSize(desktop);
  const session = await sharedSession(page.request);
  for (const lng of languages) {
    await page.unrouteAll();
    // The signed-in admin is slow to come: the shell's shape shows meanwhile, not a blank page.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/auth/me',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await gotoAs(page, lng, '/dashboard', session);
    const skeleton = page.locator('[data-shell-skeleton]');
    await expect(skeleton).toBeVisible();
    // The page's HTML paints the frame, the router's start and then the shell show the same: polled, as one gives way
    // to the next.
    await expect.poll(async () => (await skeleton.boundingBox())?.width).toBe(desktop.width);
    await expect(page.locator('#sidebar')).toBeHidden();
    release();
    await expect(skeleton).toHaveCount(0);
    await expect(page.locator('#sidebar')).toBeVisible();
    await page.unrouteAll();
    // The home's own lazy chunk (the revenue chart) is in before the deploy: else it is the one found missing, and its
    // reload of the home races the click below (CI: the click was undone by that reload).
    await expect(page.getByRole('region', { name: appText(lng, 'home:revenues') }).getByRole('img')).toBeVisible();
    await settled(page);

    // Deploys replace the screens' chunks: the first one a screen asks for is missing until the page reloads.
    const loads = documentLoads(page);
    let missing: string | undefined;
    let healed = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) healed = true;
    });
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      (route) => {
        const url = route.request().url();
        if (healed || (missing && missing !== url)) return route.continue();
        missing = url;
        return route.abort('failed');
      },
    );
    const nav = page.getByRole('navigation', { name: appText(lng, 'nav:label') });
    await nav.getByRole('link', { name: appText(lng, 'nav:specialities'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/specialities`));
    await expect(page.locator('[data-screen]').first()).toBeVisible();
    await settled(page);
    expect(missing, 'a chunk was missing').toBeDefined();
    expect(loads(), 'reloaded once').toBe(1);
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
    await expect(page.locator('[data-route-error]')).toHaveCount(0);

    // A chunk that stays missing: one reload, then the error screen in the page's language, not a reload loop.
    await page.unrouteAll();
    const stuck = documentLoads(page);
    let gone: string | undefined;
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      (route) => {
        const url = route.request().url();
        if (gone && gone !== url) return route.continue();
        gone = url;
        return route.abort('failed');
      },
    );
    await nav.getByRole('link', { name: appText(lng, 'nav:auditLog'), exact: true }).click();
    const error = page.locator('[data-route-error]');
    await expect(error.getByRole('heading', { level: 1 })).toHaveText(appText(lng, 'common:error.unexpected'));
    await expect(error).toContainText(appText(lng, 'common:error.newVersion'));
    await expect(error.getByRole('button', { name: appText(lng, 'common:error.reload') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    expect(stuck(), 'one reload, no loop').toBe(1);
    await audit(page, `error screen (${lng})`);
    await page.unrouteAll();
  }
});
