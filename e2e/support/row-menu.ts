import type { Locator } from '@playwright/test';

/**
 * A row's action from its "⋯" menu: opens the row's menu button and answers the item (a button
 * or a link with the menuitem role), ready to click or to check its href.
 */
export async function rowAction(row: Locator, name: string | RegExp): Promise<Locator> {
  await row.locator('[data-row-actions][aria-expanded="false"]').click();
  return row.getByRole('menu').getByRole('menuitem', { name });
}
