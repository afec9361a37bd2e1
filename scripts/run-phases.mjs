// `npm test`: the npm scripts named on the command line, one after another and stopping at the first that fails
// (as `a && b && …` would), then, also after a failure or an interruption, a table of each phase's wall time and
// outcome, so that a change which slows the suite shows in the next run. Plain JavaScript: it runs on any Node.
import { spawn } from 'node:child_process';

const phases = process.argv.slice(2);
if (phases.length === 0) {
  console.error('Usage: node scripts/run-phases.mjs <npm script>…');
  process.exit(2);
}

/** @type {Array<{ phase: string, seconds?: number, outcome: string }>} */
const results = phases.map((phase) => ({ phase, outcome: 'not run' }));
/** @type {import('node:child_process').ChildProcess | undefined} */
let running;
/** @type {NodeJS.Signals | undefined} */
let interrupted;

// Ctrl-C reaches the phase's processes too (same process group); a signal sent to this process alone is passed
// on. Either way the phase ends first, then the table is printed.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    interrupted = signal;
    running?.kill(signal);
  });
}

/** @param {string} phase @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
function run(phase) {
  return new Promise((resolve) => {
    // Through the shell, as npm runs a script: `npm` and `node` are the ones first on PATH (npm puts the project's
    // node_modules/.bin there, with the Node that package.json pins).
    running = spawn(`npm run ${phase}`, { stdio: 'inherit', shell: true });
    running.on('error', () => resolve({ code: 127, signal: null }));
    running.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

const started = performance.now();
let exitCode = 0;
for (const result of results) {
  if (interrupted) break;
  const phaseStarted = performance.now();
  const { code, signal } = await run(result.phase);
  running = undefined;
  result.seconds = (performance.now() - phaseStarted) / 1000;
  if (code === 0 && !interrupted) {
    result.outcome = 'passed';
    continue;
  }
  const cause = signal ?? interrupted;
  result.outcome = cause ? `stopped (${cause})` : `failed (exit code ${code})`;
  exitCode = code || 1;
  if (cause) exitCode = cause === 'SIGINT' ? 130 : cause === 'SIGHUP' ? 129 : 143;
  break;
}
const total = (performance.now() - started) / 1000;

/** m:ss, or h:mm:ss from an hour. @param {number} seconds */
function clock(seconds) {
  const whole = Math.round(seconds);
  const [hours, minutes, secs] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const mm = hours ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours ? `${hours}:` : ''}${mm}:${String(secs).padStart(2, '0')}`;
}

const stopped = results.find((result) => result.outcome !== 'passed' && result.outcome !== 'not run');
const rows = [
  ['phase', 'time', 'share', 'outcome'],
  ...results.map((result) => [
    result.phase,
    result.seconds === undefined ? '-' : clock(result.seconds),
    result.seconds === undefined ? '' : `${Math.round((100 * result.seconds) / total)}%`,
    result.outcome,
  ]),
  ['total', clock(total), '', stopped ? `${stopped.outcome.split(' ')[0]} at ${stopped.phase}` : 'every phase passed'],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
const line = (/** @type {string[]} */ row) =>
  `  ${row[0].padEnd(widths[0])}  ${row[1].padStart(widths[1])}  ${row[2].padStart(widths[2])}  ${row[3]}`.trimEnd();
console.log(`\nnpm test by phase, on Node ${process.version}:`);
for (const row of rows) console.log(line(row));
process.exitCode = exitCode;
