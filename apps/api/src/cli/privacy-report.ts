import { parseArgs } from 'node:util';
import { loadConfig, retentionSettingsOf } from '../config';
import { privacyReport, reportText } from '../privacy/report';

/** npm run privacy:report [-- --json]: the data inventory with the retention periods this configuration sets. */
function main() {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const report = privacyReport(retentionSettingsOf(loadConfig()));
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report));
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
