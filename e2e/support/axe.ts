import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core for `page`, as every spec builds it. Two settings that change its cost, not its findings: `axe.run` in the
 * page (legacy mode) instead of a partial run per frame finished in a blank page opened for it (a tab, a second copy
 * of axe and the whole result sent over for each audit; the dashboard has no cross-origin frame), and a unique
 * selector built for the violations' nodes only (`resultTypes`: the passes, thousands of cells on a list, report one
 * node each). On a list screen that was most of the audit's 10–20 s under CI load.
 */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/**
 * axe-core on the page as it is, every rule it runs by default (WCAG 2.x A/AA, colour contrast included, and best
 * practices). Nothing is excluded: the dashboard embeds no third-party widget. A soft failure, so one visit reports
 * its other checks too; the violations are logged with their first five targets.
 */
export async function audit(page: Page, label: string): Promise<void> {
  const results = await axeBuilder(page).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  if (summary.length) console.log(`[axe] ${label}: ${summary.length} violation(s)\n  ${summary.join('\n  ')}`);
  expect.soft(summary, `${label}: axe violations`).toEqual([]);
}
