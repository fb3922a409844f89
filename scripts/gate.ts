/**
 * `npm test`: the one gate. Runs each suite in order (typecheck, lint, the published snapshot, unit/contract/integration,
 * build, end-to-end), stops at the first failure, and prints each suite's duration so CI time stays visible,
 * and the path coverage line (steps, transitions, guard outcomes) of tests/integration/paths.
 * @example
 * npm test   # ... then "gate: typecheck 9.1 s, lint 21.3 s, ..., total 9 min 2 s"
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

/** In order; `defs:check` fails while definitions.lock.json is not what `npm run defs:publish` would write (a rename then meets its migration hint). */
const SUITES = ['typecheck', 'lint', 'defs:check', 'test:unit', 'build', 'test:e2e'] as const;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const seconds = (ms: number) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s` : `${(ms / 1000).toFixed(1)} s`);
const times: string[] = [];
const started = performance.now();
/** The path coverage summary the unit/contract/integration run wrote (tests/integration/paths), when this run wrote it. */
const PATH_COVERAGE = '.generated/path-coverage.txt';
let coverage = '';
const readCoverage = (since: number) => {
  if (!existsSync(PATH_COVERAGE) || statSync(PATH_COVERAGE).mtimeMs < since) return;
  coverage = readFileSync(PATH_COVERAGE, 'utf8').trim().split('\n').at(-1) ?? '';
  console.log(`[gate] ${coverage}`);
};
for (const suite of SUITES) {
  const t0 = performance.now();
  const wall = Date.now();
  const run = spawnSync(npm, ['run', suite], { stdio: 'inherit' });
  const took = performance.now() - t0;
  times.push(`${suite} ${seconds(took)}`);
  console.log(`\n[gate] ${suite}: ${run.status === 0 ? 'passed' : 'FAILED'} in ${seconds(took)}\n`);
  if (suite === 'test:unit') readCoverage(wall);
  if (run.status !== 0) {
    console.log(`[gate] ${times.join(', ')}; stopped at ${suite}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`[gate] ${times.join(', ')}; total ${seconds(performance.now() - started)}`);
if (coverage) console.log(`[gate] ${coverage}`);
