import type { RetentionSettings } from '../modules/retention/settings';
import { dataInventory, readers, tablesWithoutPersonalData, type Keeping } from './inventory';

/** One category as `npm run privacy:report -- --json` prints it: the declaration with its live periods. */
export type ReportedCategory = {
  id: string;
  name: string;
  sensitive: boolean;
  stored: { tables: Record<string, readonly string[]>; folders: readonly string[] };
  purpose: string;
  read_by: readonly string[];
  kept: Array<{ what: string; days?: number; variable?: string; after?: string; rule?: string }>;
};

const keptAs = (keeping: Keeping, settings: RetentionSettings): ReportedCategory['kept'][number] =>
  'period' in keeping
    ? { what: keeping.what, days: keeping.period.days(settings), variable: keeping.period.variable, after: keeping.period.after }
    : { what: keeping.what, rule: keeping.rule };

/** The inventory with the periods the configuration sets now. */
export function privacyReport(settings: RetentionSettings) {
  return {
    categories: dataInventory.map((category): ReportedCategory => ({
      id: category.id,
      name: category.name,
      sensitive: category.sensitive,
      stored: { tables: category.tables, folders: category.folders ?? [] },
      purpose: category.purpose,
      read_by: category.readBy,
      kept: category.kept.map((keeping) => keptAs(keeping, settings)),
    })),
    readers,
    tables_without_personal_data: tablesWithoutPersonalData,
  };
}
export type PrivacyReport = ReturnType<typeof privacyReport>;

const tableText = (table: string, columns: readonly string[]) => (columns.length === 0 ? table : `${table} (${columns.join(', ')})`);

/** The report for a terminal: one block per category, then the readers and the tables without personal data. */
export function reportText(report: PrivacyReport): string {
  const lines = ['Sehha: personal data inventory', ''];
  for (const category of report.categories) {
    lines.push(`${category.name}${category.sensitive ? '  [sensitive]' : ''}`);
    lines.push(
      `  Stored in:  ${Object.entries(category.stored.tables)
        .map(([table, columns]) => tableText(table, columns))
        .join('; ')}`,
    );
    if (category.stored.folders.length > 0) lines.push(`  Files:      ${category.stored.folders.join('; ')}`);
    lines.push(`  Purpose:    ${category.purpose}`);
    lines.push(`  Read by:    ${category.read_by.join(', ')}`);
    for (const [index, kept] of category.kept.entries()) {
      const how = kept.days === undefined ? kept.rule : `${kept.days} days after ${kept.after} (${kept.variable})`;
      lines.push(`  ${index === 0 ? 'Kept:      ' : '           '} ${kept.what}: ${how}`);
    }
    lines.push('');
  }
  lines.push('Readers');
  for (const [reader, who] of Object.entries(report.readers)) lines.push(`  ${reader.padEnd(12)}${who}`);
  lines.push('', 'Tables without personal data');
  for (const [table, why] of Object.entries(report.tables_without_personal_data)) lines.push(`  ${table.padEnd(22)}${why}`);
  return `${lines.join('\n')}\n`;
}
