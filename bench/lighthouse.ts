/**
 * `npm run bench:lighthouse`: Lighthouse 13's mobile preset (simulated slow 4G, 4x CPU throttling) on the public
 * pages, against the real server serving the built `dist/` (built first when missing), in the system Chromium.
 * Every page on the AU and NZ hosts, `BENCH_RUNS` runs each (default 3; the median run by performance score is
 * reported). Prints a table and writes bench/results/lighthouse.json: performance and accessibility scores, FCP,
 * LCP, TBT and CLS per page and host, with the targets of issue 16 (performance >= 95, accessibility 100,
 * LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1) and the load average, since a busy machine moves every figure.
 *
 * Signed-in pages too (issue 36): a demo user signs in through the GraphQL `login` (the session cookie is sent with
 * every request of that page's runs) and the page is where the sign-in sends them: an application home, order
 * verification and a business-details step, on both hosts.
 *
 * Env: BENCH_RUNS (3), BENCH_PORT (9150), BENCH_PAGES (comma-separated paths, default all below),
 * BENCH_HOSTS (default au.localhost,nz.localhost), BENCH_SIGNED_IN (0 leaves the signed-in pages out), BENCH_LHR_DIR (when set, every run's whole Lighthouse report is
 * written there as JSON, for reading its diagnostics: main-thread work, long tasks, network requests).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startSiteServer } from './siteServer';

const ROOT = join(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 9150);
const PAGES = (process.env.BENCH_PAGES ?? '/calculator,/calculator/results,/calculator/shortlists,/calculator/enquire-now,/login,/reset-password').split(',');
const HOSTS = (process.env.BENCH_HOSTS ?? 'au.localhost,nz.localhost').split(',');
const LHR_DIR = process.env.BENCH_LHR_DIR;
/** Signed-in pages: a name, the demo user per host (their brand's), and the path under their landing page. */
const SIGNED_IN = process.env.BENCH_SIGNED_IN === '0' ? [] : [
  { name: 'home', users: { 'au.localhost': 'primary.approvals.au', 'nz.localhost': 'primary.approvals.nz' }, under: '' },
  { name: 'order-verification', users: { 'au.localhost': 'primary.orderverification.au', 'nz.localhost': 'primary.orderverification.nz' }, under: '/order-verification' },
  { name: 'business-details', users: { 'au.localhost': 'primary.businessdetails.au', 'nz.localhost': 'primary.businessdetails.nz' }, under: '/businessDetails' },
] satisfies { name: string; users: Record<string, string>; under: string }[];
const DEMO_PASSWORD = 'Fleetform-Demo-1';
const LOGIN = 'mutation Login($e: String!, $p: String!) { login(email: $e, password: $p) { success redirectTo } }';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TARGETS = { performance: 95, accessibility: 100, lcp_ms: 2500, tbt_ms: 200, cls: 0.1 };

interface Run { performance: number; accessibility: number; fcp_ms: number; lcp_ms: number; tbt_ms: number; cls: number; accessibilityFailures: string[] }

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** The server on dist/ (built first when missing). */
async function startServer(): Promise<() => Promise<void>> {
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    console.log('dist/ is not built: npm run build');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
  }
  return startSiteServer(ROOT, PORT);
}

/** POSTs JSON to the server with a Host header (fetch drops a `host` header, and Node does not resolve *.localhost). */
function postJson(host: string, path: string, body: unknown): Promise<{ body: string; setCookies: string[] }> {
  const data = JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, method: 'POST', headers: { host: `${host}:${PORT}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ body: Buffer.concat(chunks).toString('utf8'), setCookies: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', fail);
    req.end(data);
  });
}

/** Signs a demo user in on their brand's host: the session cookie and the path the sign-in sends them to. */
async function signIn(host: string, user: string): Promise<{ cookie: string; path: string }> {
  const response = await postJson(host, '/graphql', { query: LOGIN, variables: { e: `${user}@demo.example`, p: DEMO_PASSWORD } });
  const body = JSON.parse(response.body) as { data?: { login?: { success?: boolean; redirectTo?: string } } };
  const cookie = (response.setCookies[0] ?? '').split(';')[0];
  const path = body.data?.login?.redirectTo;
  if (!body.data?.login?.success || !cookie || !path) throw new Error(`sign-in of ${user} on ${host} failed: ${JSON.stringify(body)}`);
  return { cookie, path };
}

/** One Lighthouse run of a URL (mobile preset: the default config) in the already launched Chromium. */
async function audit(url: string, port: number, cookie?: string): Promise<Run> {
  const extraHeaders = cookie ? { cookie } : undefined;
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  if (LHR_DIR) {
    mkdirSync(LHR_DIR, { recursive: true });
    writeFileSync(join(LHR_DIR, `${url.replace(/^https?:\/\//, '').replace(/[^\w.-]+/g, '_')}-${Date.now()}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  const accessibilityFailures = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcp_ms: ms('first-contentful-paint'),
    lcp_ms: ms('largest-contentful-paint'),
    tbt_ms: ms('total-blocking-time'),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
    accessibilityFailures,
  };
}

/** The median run by performance score (runs sorted; the middle one). */
const median = (runs: Run[]): Run => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];

const meets = (r: Run) => r.performance >= TARGETS.performance && r.accessibility >= TARGETS.accessibility && r.lcp_ms <= TARGETS.lcp_ms && r.tbt_ms <= TARGETS.tbt_ms && r.cls <= TARGETS.cls;

async function main(): Promise<void> {
  console.log(`lighthouse (mobile preset), ${RUNS} runs per page, median by performance; load average ${load()} on ${cpus().length} cores`);
  const stop = await startServer();
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const pages: Record<string, Run & { runs: number[] }> = {};
  try {
    const measure = async (label: string, url: string, cookie?: string) => {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port, cookie));
      const m = median(runs);
      pages[label] = { ...m, runs: runs.map((r) => r.performance) };
      console.log(`${meets(m) ? 'ok  ' : 'MISS'} ${label.padEnd(46)} perf ${String(m.performance).padStart(3)} (${runs.map((r) => r.performance).join('/')})  a11y ${String(m.accessibility).padStart(3)}  FCP ${m.fcp_ms} ms  LCP ${m.lcp_ms} ms  TBT ${m.tbt_ms} ms  CLS ${m.cls}${m.accessibilityFailures.length ? `  a11y fails: ${m.accessibilityFailures.join(', ')}` : ''}`);
    };
    for (const host of HOSTS) {
      for (const path of PAGES) await measure(`${host}${path}`, `http://${host}:${PORT}${path}`);
      for (const page of SIGNED_IN) {
        const user = (page.users as Record<string, string>)[host];
        if (!user) continue;
        const { cookie, path } = await signIn(host, user);
        await measure(`${host} ${page.name} (signed in)`, `http://${host}:${PORT}${path}${page.under}`, cookie);
      }
    }
  } finally {
    chrome.kill();
    await stop();
  }
  const missed = Object.entries(pages).filter(([, r]) => !meets(r)).map(([page]) => page);
  console.log(`${Object.keys(pages).length - missed.length}/${Object.keys(pages).length} pages meet every target; load average after: ${load()}`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/lighthouse.json'), `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, loadAverage: load(), targets: TARGETS, pages, missed }, null, 2)}\n`);
  console.log('wrote bench/results/lighthouse.json');
}

await main();
