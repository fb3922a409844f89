/**
 * `npm run bench:memory`: what `npm start` costs in memory and time, on PGlite and on PostgreSQL in one run.
 *
 * For each database: `npm start` on a fresh data directory (PostgreSQL: a database this bench creates and drops),
 * timed to the first 200 of a page (migrate, seed; dist/ built); the server process's resident memory (VmRSS, and
 * its smaps_rollup split: anonymous vs file-backed) at idle 10 s after the first page; the same after a restart on
 * that data; then 60 s of mixed load (public calculator pages rendered on the server, sign-ins, application reads)
 * with the peak sampled every second and the figure 10 s after it ends; restarts to the first 200 (median of 3). Once, unless
 * BENCH_FIRST_START=0: the first-ever start of a fresh copy of the sources (`npm start` with nothing built: build,
 * migrate, seed). Targets (issue 40): idle <= 300 MB on PostgreSQL, <= 500 MB on PGlite; after the load <= 1.5x idle;
 * restart <= 3 s; first start <= 30 s. Figures in bench/results/memory.json; the write-up in bench/README.md.
 *
 * The server is found as the process under npm running dist-node/main.js; npm's own process is printed apart.
 * Env: BENCH_LOAD_SECONDS (60), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres, where the bench
 * creates its database; `none` skips PostgreSQL), BENCH_FIRST_START (1).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '..');
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HOST = 'au.localhost';
const PASSWORD = 'Fleetform-Demo-1';
const USERS = ['primary.approvals.au@demo.example', 'primary.orderverification.au@demo.example', 'primary.finished.au@demo.example', 'primary.businessdetails.au@demo.example'];
const LOGIN = 'mutation Login($e: String!, $p: String!) { login(email: $e, password: $p) { success } }';
const APPLICATION = `query GetVehicleApplication { getVehicleApplication { applicationId applicationStatus version roles
  scoreboard { status companyDetails { companyName abn } vehicleDetails { make model } leaseDetails { monthlyRentalNet terms }
    primaryApplicant { userId firstName lastName email } } } }`;
const PAGES = ['/calculator', '/calculator/results', '/calculator/shortlists', '/calculator/enquire-now', '/login'];

/** A running `npm start`: npm's process and the server's under it. */
interface Started {
  npm: ChildProcess;
  /** pid of the node process running dist-node/main.js. */
  server: number;
  /** ms from spawning npm to the first 200 of a page. */
  firstOkMs: number;
  /** CPU seconds the server process (all its threads) had used by then: what a busy machine does not inflate. */
  firstOkCpuS: number;
  output(): string;
}

/** Servers started and not yet stopped (stopped when the bench fails). */
const running = new Set<Started>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** pids of `pid`'s descendants (from /proc). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name), ...descendants(Number(name)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Resident memory of `pid` in MB: VmRSS, and smaps_rollup's anonymous and file-backed parts. */
function memory(pid: number): { rss: number; anon: number; file: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (text: string, key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) / 1024;
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const anon = kb(rollup, 'Anonymous');
  return { rss: kb(status, 'VmRSS'), anon, file: kb(rollup, 'Rss') - anon, threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 0) };
}

/** CPU seconds (user + system, all threads) `pid` has used. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function pageOk(port: number, path = '/calculator'): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}${path}`, { headers: { host: HOST } }).then(async (r) => (await r.arrayBuffer(), r.status === 200), () => false);
}

/** `npm start` in `cwd` with `env`; resolves at the first 200 of a page. */
async function npmStart(cwd: string, env: NodeJS.ProcessEnv, port: number, timeoutMs = 300_000): Promise<Started> {
  const started = performance.now();
  const npm = spawn('npm', ['start'], { cwd, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  npm.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
  npm.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  const output = () => chunks.join('').slice(-3000);
  while (performance.now() - started < timeoutMs) {
    if (npm.exitCode !== null) throw new Error(`npm start exited ${npm.exitCode}:\n${output()}`);
    if (await pageOk(port)) {
      const firstOkMs = performance.now() - started;
      const server = descendants(npm.pid!).find((p) => /(^|\/)node dist-node\/main\.js/.test(cmdline(p)));
      if (!server) throw new Error(`no dist-node/main.js process under npm (${descendants(npm.pid!).map(cmdline).join('; ')})`);
      const s = { npm, server, firstOkMs, firstOkCpuS: cpuSeconds(server), output };
      running.add(s);
      return s;
    }
    await sleep(100);
  }
  for (const p of descendants(npm.pid!).reverse()) process.kill(p, 'SIGTERM');
  throw new Error(`no 200 after ${timeoutMs} ms:\n${output()}`);
}

/** SIGTERM the server (npm exits with it) and wait for both. */
async function stop(s: Started): Promise<void> {
  running.delete(s);
  const exited = s.npm.exitCode === null ? new Promise((r) => s.npm.once('exit', r)) : Promise.resolve();
  try {
    process.kill(s.server, 'SIGTERM');
  } catch {
    // already gone
  }
  const timer = setTimeout(() => s.npm.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  while (existsSync(`/proc/${s.server}`)) await sleep(50);
}

async function signIn(port: number, email: string): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: HOST },
    body: JSON.stringify({ query: LOGIN, variables: { e: email, p: PASSWORD } }),
  });
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0];
  const body = await r.text();
  if (!body.includes('"success":true') || !cookie) throw new Error(`sign-in of ${email} failed: ${body.slice(0, 300)}`);
  return cookie;
}

/** `seconds` of mixed load: two page loops, one sign-in loop (one a second, under the rate limit), two application-read loops. */
async function mixedLoad(s: Started, port: number, seconds: number): Promise<{ requests: Record<string, number>; errors: number; peak: number }> {
  const end = performance.now() + seconds * 1000;
  const requests = { pages: 0, signIns: 0, applicationReads: 0 };
  let errors = 0;
  let peak = 0;
  const cookies = await Promise.all(USERS.map((u) => signIn(port, u)));
  const pages = async (offset: number) => {
    for (let i = offset; performance.now() < end; i += 2) {
      // Distinct queries fill the server's page cache (100 pages) as many visitors would.
      const path = `${PAGES[i % PAGES.length]}?utm_source=bench${i % 150}`;
      const ok = await pageOk(port, path);
      requests.pages++;
      if (!ok) errors++;
    }
  };
  const signIns = async () => {
    for (let i = 0; performance.now() < end; i++) {
      const next = performance.now() + 1000;
      await signIn(port, USERS[i % USERS.length]).then(() => requests.signIns++, () => errors++);
      await sleep(Math.max(0, next - performance.now()));
    }
  };
  const reads = async (offset: number) => {
    for (let i = offset; performance.now() < end; i += 2) {
      const r = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', host: HOST, cookie: cookies[i % cookies.length] }, body: JSON.stringify({ query: APPLICATION }) }).then(
        async (res) => (await res.text()).includes('"applicationId"'),
        () => false,
      );
      requests.applicationReads++;
      if (!r) errors++;
    }
  };
  const sampler = async () => {
    while (performance.now() < end) {
      peak = Math.max(peak, memory(s.server).rss);
      await sleep(1000);
    }
  };
  await Promise.all([pages(0), pages(1), signIns(), reads(0), reads(1), sampler()]);
  return { requests, errors, peak };
}

interface DatabaseFigures {
  database: string;
  firstStartMs: number;
  /** Idle after the first page, on the first start (migrations and seed ran in this process) and after a restart. */
  idleFirst: Idle;
  idleRestart: Idle;
  npmRss: number;
  load: { requests: Record<string, number>; errors: number; peakRss: number; after: ReturnType<typeof memory> };
  restartMs: number[];
  restartMedianMs: number;
  /** CPU seconds of the server to its first 200, per restart, their median, and on the first start. */
  restartCpuS: number[];
  restartMedianCpuS: number;
  firstStartCpuS: number;
}

type Idle = ReturnType<typeof memory> & { npmRss: number };

/** The server's memory 10 s after its first page (and npm's own). */
async function idle(s: Started, port: number, when: string): Promise<Idle> {
  await pageOk(port, '/');
  await sleep(10_000);
  const m = { ...memory(s.server), npmRss: memory(s.npm.pid!).rss };
  console.log(`  idle ${when}: ${m.rss.toFixed(0)} MB (anonymous ${m.anon.toFixed(0)}, file-backed ${m.file.toFixed(0)}; ${m.threads} threads); npm's own process ${m.npmRss.toFixed(0)} MB`);
  return m;
}

async function measure(database: 'pglite' | 'postgresql', env: NodeJS.ProcessEnv, port: number): Promise<DatabaseFigures> {
  console.log(`\n${database}: first start on a fresh data directory (migrate, seed)`);
  let s = await npmStart(ROOT, env, port);
  const firstStartMs = s.firstOkMs;
  const firstCpuS = s.firstOkCpuS;
  console.log(`  first 200 after ${(firstStartMs / 1000).toFixed(1)} s (server CPU ${s.firstOkCpuS.toFixed(1)} s)`);
  const idleFirst = await idle(s, port, 'after the first start');
  await stop(s);
  const restartMs: number[] = [];
  const restartCpuS: number[] = [];
  s = await npmStart(ROOT, env, port);
  restartMs.push(s.firstOkMs);
  restartCpuS.push(s.firstOkCpuS);
  const idleRestart = await idle(s, port, 'after a restart');
  console.log(`  ${LOAD_SECONDS} s of mixed load...`);
  const load = await mixedLoad(s, port, LOAD_SECONDS);
  await sleep(10_000);
  const after = memory(s.server);
  console.log(`  load: ${JSON.stringify(load.requests)}, ${load.errors} errors; peak ${load.peak.toFixed(0)} MB; 10 s after: ${after.rss.toFixed(0)} MB (${(after.rss / idleRestart.rss).toFixed(2)}x idle after the restart)`);
  await stop(s);
  for (let i = 0; i < 2; i++) {
    s = await npmStart(ROOT, env, port);
    restartMs.push(s.firstOkMs);
    restartCpuS.push(s.firstOkCpuS);
    await stop(s);
  }
  const restartMedianMs = [...restartMs].sort((a, b) => a - b)[1];
  const restartMedianCpuS = [...restartCpuS].sort((a, b) => a - b)[1];
  console.log(`  restart to the first 200: ${restartMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s (median ${(restartMedianMs / 1000).toFixed(2)} s); server CPU by then ${restartCpuS.map((c) => c.toFixed(2)).join(', ')} s`);
  return { database, firstStartMs, idleFirst, idleRestart, npmRss: idleRestart.npmRss, load: { requests: load.requests, errors: load.errors, peakRss: load.peak, after }, restartMs, restartMedianMs, restartCpuS, restartMedianCpuS, firstStartCpuS: firstCpuS };
}

/** The first-ever start of a copy of the sources with nothing built (node_modules linked): build, migrate, seed. */
async function firstEverStart(port: number): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'ff-bench-clone-'));
  const skip = new Set(['node_modules', 'dist', 'dist-server', 'dist-node', 'data', '.generated', 'test-results', 'playwright-report', '.studio', '.git', 'bench']);
  try {
    for (const name of readdirSync(ROOT)) if (!skip.has(name)) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const dataDir = join(copy, 'data');
    const s = await npmStart(copy, { DATA_DIR: dataDir, DATABASE_URL: '' }, port, 600_000);
    await stop(s);
    return s.firstOkMs;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`1-minute load average at the start: ${loadavg()[0].toFixed(2)} (${availableParallelism()} cores)`);
  if (!existsSync(join(ROOT, 'dist', 'index.html')) || !existsSync(join(ROOT, 'dist-node', 'main.js'))) throw new Error('run `npm run build` first');
  const port = 21000 + Math.floor(Math.random() * 9000);
  const results: DatabaseFigures[] = [];
  const pgliteDir = mkdtempSync(join(tmpdir(), 'ff-bench-memory-'));
  try {
    results.push(await measure('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '', SKIP_BUILD: '1' }, port));
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (ADMIN_URL !== 'none') {
    const name = `ff_bench_memory_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const filesDir = mkdtempSync(join(tmpdir(), 'ff-bench-memory-pg-'));
    try {
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      results.push(await measure('postgresql', { DATA_DIR: filesDir, DATABASE_URL: url.href, APP_SECRET: 'bench-memory-'.padEnd(40, 'x'), SKIP_BUILD: '1' }, port));
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  let firstEverMs: number | undefined;
  if (process.env.BENCH_FIRST_START !== '0') {
    console.log('\nfirst-ever start of a fresh copy of the sources (npm start: build, migrate, seed)...');
    firstEverMs = await firstEverStart(port);
    console.log(`  first 200 after ${(firstEverMs / 1000).toFixed(1)} s`);
  }
  const load = loadavg()[0];
  console.log('\n| database | idle, first start | idle, restarted | peak under load | 10 s after load | after / idle | restart (median of 3) | its server CPU | first start (data) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const target = r.database === 'pglite' ? 500 : 300;
    console.log(`| ${r.database} | ${r.idleFirst.rss.toFixed(0)} MB | ${r.idleRestart.rss.toFixed(0)} MB (target ${target}) | ${r.load.peakRss.toFixed(0)} MB | ${r.load.after.rss.toFixed(0)} MB | ${(r.load.after.rss / r.idleRestart.rss).toFixed(2)}x (target 1.5x) | ${(r.restartMedianMs / 1000).toFixed(2)} s (target 3) | ${r.restartMedianCpuS.toFixed(2)} s | ${(r.firstStartMs / 1000).toFixed(1)} s |`);
  }
  if (firstEverMs !== undefined) console.log(`first-ever start (build, migrate, seed on PGlite): ${(firstEverMs / 1000).toFixed(1)} s (target 30)`);
  console.log(`1-minute load average at the end: ${load.toFixed(2)} (${availableParallelism()} cores)`);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'memory.json'), `${JSON.stringify({ at: new Date().toISOString(), loadSeconds: LOAD_SECONDS, results, firstEverMs, loadAverage: load }, null, 2)}\n`);
}

try {
  await main();
} finally {
  for (const s of running) await stop(s);
}
