import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on the page as it is, every rule it runs by default (WCAG 2.x A/AA, colour contrast included, and best
 * practices). Nothing is excluded: the dashboard embeds no third-party widget. A soft failure, so one visit reports
 * its other checks too; the violations are logged with their first five targets.
 */
export async function audit(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
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
