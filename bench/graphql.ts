/**
 * `npm run bench:graphql`: autocannon, 20 connections, against (1) a stock graphql-yoga hello server,
 * (2) this project's server with all hardening on (production mode: persisted operations, no
 * introspection, limits, CSRF, masked errors, logs), `{ __typename }`, and (3) a signed-in
 * `getVehicleApplication` on PGlite (reads session and application from the database every request).
 * Prints req/s and p99 and writes bench/results/graphql.json.
 *
 * `BENCH_BASELINE=<another checkout>` also starts that checkout's server (e.g. a worktree of main) and
 * runs its two lines in every round, so a change is compared with its baseline in the same run.
 * `BENCH_PROJECT=<checkout>` benches that checkout's server as the project (default: this one).
 * `BENCH_TRIVIAL_ONLY=1` runs the { __typename } lines only.
 * Ports: `BENCH_PORT` (default: random in 20000-39000) and the next two.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { addToManifest, buildManifest } from '../server/plugins/persistedManifest';

const ROOT = join(import.meta.dirname, '..');
const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TRIVIAL = '{ __typename }';
const VEHICLE_APP = `query GetVehicleApplication { getVehicleApplication { applicationId applicationStatus applicationType orgId orgUserId docusignStatus version roles
  scoreboard { status statusSecondary statusCreditCheck docusignStatus validMLADate reviewAndSignContractStatus
    currentUser { region orgName } quoteDetails { milesQuoteRef erpQuoteRef } companyDetails { companyName abn nzbn }
    vehicleDetails { make model vehicleImage } leaseDetails { monthlyRentalNet terms driveAwayPrice fiscalValue }
    primaryApplicant { userId firstName lastName email identityVerificationStatus applicationReviewStatus }
    secondaryApplicant { userId firstName lastName email identityVerificationStatus applicantType } } } }`;
const BASELINE = process.env.BENCH_BASELINE;
const PROJECT = process.env.BENCH_PROJECT ?? ROOT;
const PORT = Number(process.env.BENCH_PORT ?? 20000 + Math.floor(Math.random() * 19000));
const LOGIN = 'mutation Login($e: String!, $p: String!) { login(email: $e, password: $p) { success } }';

/** Start a child process and wait for a line matching `ready`. */
function start(args: string[], env: NodeJS.ProcessEnv, ready: RegExp, cwd = ROOT): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out.slice(-2000)}`)));
  });
}

/** Run a script of a checkout to its end; rejects unless it exits with status 0. */
function runToEnd(args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}: ${err.slice(-2000)}`))));
  });
}

interface Figures { name: string; requestsPerSec: number; p99Ms: number; p50Ms: number; errors: number; non2xx: number; serverCpuUsPerRequest: number | null; loadAverage1m: number }

/** CPU time (user + system, ms) a process has used so far, from /proc (null where there is none). */
function cpuMs(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

/**
 * One autocannon run. Besides req/s and latency it reports the server's CPU time per request: on a
 * shared 2-core machine throughput and tails swing with whatever else runs, the CPU cost much less.
 */
async function run(name: string, url: string, body: string, server: ChildProcess, headers: Record<string, string> = {}): Promise<Figures> {
  const before = cpuMs(server.pid);
  const result = await autocannon({
    url, connections: CONNECTIONS, duration: DURATION, method: 'POST', body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  const after = cpuMs(server.pid);
  const cpu = before !== null && after !== null && result.requests.total > 0 ? Math.round(((after - before) * 1000) / result.requests.total) : null;
  const f = { name, requestsPerSec: Math.round(result.requests.average), p99Ms: result.latency.p99, p50Ms: result.latency.p50, errors: result.errors, non2xx: result.non2xx, serverCpuUsPerRequest: cpu, loadAverage1m: Math.round(loadavg()[0] * 100) / 100 };
  console.log(`${name.padEnd(44)} ${String(f.requestsPerSec).padStart(6)} req/s   p50 ${f.p50Ms} ms   p99 ${f.p99Ms} ms   server cpu ${cpu ?? '?'} us/req   errors ${f.errors} non-2xx ${f.non2xx}   load ${f.loadAverage1m}`);
  return f;
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'ff-bench-'));
  const manifest = buildManifest(ROOT);
  for (const op of [TRIVIAL, VEHICLE_APP, LOGIN]) addToManifest(manifest, op);
  writeFileSync(join(data, 'manifest.json'), JSON.stringify(manifest));
  const children: ChildProcess[] = [];
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  try {
    const stockUrl = `http://127.0.0.1:${PORT}/graphql`;
    const stockServer = await start(['bench/stockYoga.ts', String(PORT)], {}, /ready/);
    children.push(stockServer);
    /** A project server (this checkout's, or the baseline's) with its own data directory, signed in. */
    const projectAt = async (port: number, cwd: string, name: string) => {
      const dataDir = join(data, name);
      mkdirSync(dataDir);
      // Production seeds no demo login (server/seed/seedAll.ts): the signed-in line's user and application are
      // seeded first in demo mode, as `npm run seed` does, into the directory the production server then opens.
      await runToEnd(['server/seed.ts'], { NODE_ENV: 'development', DEMO: '1', DATA_DIR: dataDir, SEED_RATEBOOK_ROWS: '2000', LOG_LEVEL: 'warn' }, cwd);
      const server = await start(['server/main.ts'], { NODE_ENV: 'production', DEMO: '0', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', PERSISTED_MANIFEST: join(data, 'manifest.json'), SEED_RATEBOOK_ROWS: '2000', LOG_LEVEL: 'info' }, /"msg":"listening"/, cwd);
      children.push(server);
      const url = `http://127.0.0.1:${port}/graphql`;
      const login = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', host: 'au.localhost' }, body: JSON.stringify({ query: LOGIN, variables: { e: 'primary.approvals.au@demo.example', p: 'Fleetform-Demo-1' } }) });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
      if (!cookie.startsWith('__Host-ff_session=')) throw new Error(`sign-in failed: ${await login.text()}`);
      const probe = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: VEHICLE_APP }) });
      const probeBody = (await probe.json()) as { data?: { getVehicleApplication?: { applicationId?: string } }; errors?: unknown };
      const vehicleOk = process.env.BENCH_TRIVIAL_ONLY !== '1' && Boolean(probeBody.data?.getVehicleApplication?.applicationId);
      if (!vehicleOk) console.log(`${name}: getVehicleApplication not answering yet: ${JSON.stringify(probeBody).slice(0, 300)}`);
      return { server, url, cookie, vehicleOk };
    };
    const { server: projectServer, url: project, cookie, vehicleOk } = await projectAt(PORT + 1, PROJECT, 'project');
    const baseline = BASELINE ? await projectAt(PORT + 2, BASELINE, 'baseline') : undefined;

    // Warm-up, then interleaved rounds so machine noise hits both sides alike.
    const warm = (url: string, query: string, headers: Record<string, string> = {}) =>
      autocannon({ url, connections: CONNECTIONS, duration: 5, method: 'POST', body: JSON.stringify({ query }), headers: { 'content-type': 'application/json', ...headers } });
    await warm(stockUrl, TRIVIAL);
    await warm(project, TRIVIAL);
    if (vehicleOk) await warm(project, VEHICLE_APP, { cookie });
    if (baseline) {
      await warm(baseline.url, TRIVIAL);
      if (baseline.vehicleOk) await warm(baseline.url, VEHICLE_APP, { cookie: baseline.cookie });
    }
    const rounds: Figures[][] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const round = [await run(`stock yoga { __typename } (round ${i + 1})`, stockUrl, JSON.stringify({ query: TRIVIAL }), stockServer)];
      const projectLines = async () => {
        round.push(await run(`project { __typename } (round ${i + 1})`, project, JSON.stringify({ query: TRIVIAL }), projectServer));
        if (vehicleOk) round.push(await run(`project getVehicleApplication (round ${i + 1})`, project, JSON.stringify({ query: VEHICLE_APP }), projectServer, { cookie }));
      };
      const baselineLines = async () => {
        if (!baseline) return;
        round.push(await run(`baseline { __typename } (round ${i + 1})`, baseline.url, JSON.stringify({ query: TRIVIAL }), baseline.server));
        if (baseline.vehicleOk) round.push(await run(`baseline getVehicleApplication (round ${i + 1})`, baseline.url, JSON.stringify({ query: VEHICLE_APP }), baseline.server, { cookie: baseline.cookie }));
      };
      // The project and the baseline take turns going first: the same checkout benched against itself
      // in a fixed order read ~19% more CPU per request in the first slot (2 cores, autocannon beside it).
      if (i % 2 === 0) {
        await projectLines();
        await baselineLines();
      } else {
        await baselineLines();
        await projectLines();
      }
      rounds.push(round);
    }
    const best = (prefix: string) => rounds.map((r) => r.find((f) => f.name.startsWith(prefix))).filter((f): f is Figures => Boolean(f)).sort((a, b) => b.requestsPerSec - a.requestsPerSec)[0];
    const stock = best('stock');
    const trivial = best('project {');
    const vehicle = best('project getVehicleApplication');
    // Per-round ratios (each round runs both sides back to back, so machine noise hits them alike).
    const trivialOf = (r: Figures[]) => r.find((f) => f.name.startsWith('project {')) as Figures;
    const ratios = rounds.map((r) => Math.round((trivialOf(r).requestsPerSec / r[0].requestsPerSec) * 100) / 100);
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    const cpu = (prefix: string) => rounds.map((r) => r.find((f) => f.name.startsWith(prefix))?.serverCpuUsPerRequest ?? null);
    // CPU per request moves least with the machine's load: stock's over the project's, per round (above 1: the project costs less).
    const cpuRatios = rounds.map((r) => (r[0].serverCpuUsPerRequest && trivialOf(r).serverCpuUsPerRequest ? Math.round((r[0].serverCpuUsPerRequest / (trivialOf(r).serverCpuUsPerRequest as number)) * 100) / 100 : null));
    // This checkout against the baseline, per line: the medians over the rounds of req/s and of CPU per request.
    const medianOf = (values: (number | null)[]) => {
      const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
      return v.length ? v[Math.floor(v.length / 2)] : null;
    };
    const perRound = (prefix: string, key: 'requestsPerSec' | 'serverCpuUsPerRequest') => rounds.map((r) => r.find((f) => f.name.startsWith(prefix))?.[key] ?? null);
    const versusBaseline = baseline
      ? Object.fromEntries(
          (['{ __typename }', 'getVehicleApplication'] as const).map((line) => {
            const reqs = [medianOf(perRound(`project ${line}`, 'requestsPerSec')), medianOf(perRound(`baseline ${line}`, 'requestsPerSec'))];
            const cpus = [medianOf(perRound(`project ${line}`, 'serverCpuUsPerRequest')), medianOf(perRound(`baseline ${line}`, 'serverCpuUsPerRequest'))];
            const ratio = (a: number | null, b: number | null) => (a !== null && b ? Math.round((a / b) * 1000) / 1000 : null);
            return [line, { medianReqPerSec: { project: reqs[0], baseline: reqs[1], ratio: ratio(reqs[0], reqs[1]) }, medianCpuUsPerRequest: { project: cpus[0], baseline: cpus[1], ratio: ratio(cpus[0], cpus[1]) } }];
          }),
        )
      : undefined;
    const summary = {
      ...(versusBaseline ? { baseline: BASELINE, versusBaseline } : {}),
      loadAverageBeforeAfter: [loadBefore, loadavg().map((l) => Math.round(l * 100) / 100)],
      serverCpuUsPerRequestPerRound: { stock: cpu('stock'), trivial: cpu('project {'), vehicle: cpu('project getVehicleApplication') },
      serverCpuStockToTrivialPerRound: cpuRatios,
      ratioTrivialToStockPerRound: ratios,
      ratioTrivialToStockMedian: median,
      ratioTrivialToStockBest: Math.round((trivial.requestsPerSec / stock.requestsPerSec) * 100) / 100,
      p99TrivialVsStockMs: [trivial.p99Ms, stock.p99Ms],
      targets: {
        trivialAtLeast0_9xStock: median >= 0.9,
        trivialP99NoWorse: trivial.p99Ms <= stock.p99Ms,
        vehicleAtLeast800: vehicle ? vehicle.requestsPerSec >= 800 : null,
        vehicleP99AtMost50: vehicle ? vehicle.p99Ms <= 50 : null,
      },
    };
    console.log(JSON.stringify(summary, null, 2));
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', 'graphql.json'), JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, durationSec: DURATION, rounds, best: { stock, trivial, vehicle: vehicle ?? null }, summary }, null, 2));
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
