/**
 * `npm run bench:uploads`: does one user's upload of bombs stall anybody else? Starts the real server
 * (`server/main.ts`, demo data on PGlite, no front end), signs in an attacker and a victim, and for
 * `BENCH_SECONDS` (default 30) per phase probes, each in its own loop: `/healthz` and the victim's
 * `getVehicleApplication` with a 100 ms pause between tries, and a small PNG upload (URL + PUT: the PUT's
 * time is its inspection's, queue included) once a second, by five other users in turn (so that none
 * meets the per-user inspection limits). Phase 1 is quiet; in phase 2 the attacker runs
 * `BENCH_ATTACKERS` (default 2, the per-user limit of inspections in flight) loops, each asking an upload
 * URL and PUTting the next bomb, waiting as Retry-After says when refused 429:
 *
 * - a 16-bit 6000 x 5000 PNG whose data inflates to 180 MB (the probe's was 319 MB), refused by its IHDR;
 * - a JPEG whose frame header says 6000 x 6000 (the probe's 985 KB JPEG), refused by its header;
 * - a PDF with a stream inflating to 200 MB (within the 256 MB budget, so inflated to the end, twice);
 * - a real 5000 x 5000 JPEG, the largest the limits take, decoded in full (the heaviest legal file).
 *
 * Prints p50 / p95 / max per probe and phase and what the attacker's PUTs were answered; writes
 * bench/results/uploads.json. Env: `BENCH_SECONDS`, `BENCH_ATTACKERS`, `BENCH_PORT` (default random).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { encode as encodeJpeg } from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { INSPECTION_POOL_SIZE } from '../server/files/inspect';
import { concat, deflatedZeros, makeJpeg, makePng, makePngBomb, withJpegSize } from '../tests/unit/files/sampleFiles';

const ROOT = join(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 20000 + Math.floor(Math.random() * 19000));
const BASE = `http://127.0.0.1:${PORT}`;
const HOST = 'au.localhost';
const PASSWORD = 'Fleetform-Demo-1';
const ATTACKER = 'primary.approvals.au@demo.example';
const VICTIM = 'primary.sign-wet.au@demo.example';
/** Users who upload a small file once a second between them (each at most 20 inspections a minute). */
const UPLOADERS = ['primary.sign-combined.au', 'primary.quote-created.au', 'primary.credit-refer.au', 'primary.credit-referred.au', 'primary.credit-declined.au'].map((k) => `${k}@demo.example`);
const SIGNED = 'mutation Signed($f: FileInput!) { getSignedUrl(file: $f, shouldUpload: false) { uuid signedUrl } }';
const VEHICLE_APP = 'query { getVehicleApplication { applicationId applicationStatus scoreboard { status primaryApplicant { firstName email } } } }';

/** Start the server and wait for its `listening` line. */
function startServer(dataDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NODE_ENV: 'development', DEMO: '1', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: '1', LOG_LEVEL: 'info' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/"msg":"listening"/.test(out)) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out.slice(-2000)}`)));
  });
}

/** A request to the server on the AU brand's host. */
const request = (path: string, init: RequestInit = {}) => fetch(`${BASE}${path}`, { ...init, headers: { host: HOST, ...(init.headers as Record<string, string>) } });

async function gql(query: string, variables: Record<string, unknown>, cookie = ''): Promise<Record<string, unknown>> {
  const res = await request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as Record<string, unknown>;
}

async function login(email: string): Promise<string> {
  const res = await request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ success } }', variables: { e: email, p: PASSWORD } }) });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${await res.text()}`);
  return cookie;
}

/**
 * Ask an upload URL and PUT `bytes` to it: the PUT's status (or the URL's refusal code), the PUT's
 * milliseconds and, when refused 429, the seconds Retry-After asks for.
 */
async function upload(cookie: string, bytes: Uint8Array, fileName: string, mimeType: string): Promise<{ outcome: string; putMs: number; retryAfter: number }> {
  const answer = (await gql(SIGNED, { f: { fileName, mimeType } }, cookie)) as { data?: { getSignedUrl?: { signedUrl: string } }; errors?: { extensions?: { code?: string } }[] };
  const url = answer.data?.getSignedUrl?.signedUrl;
  if (!url) return { outcome: answer.errors?.[0]?.extensions?.code ?? 'no url', putMs: 0, retryAfter: 0 };
  const u = new URL(url);
  const started = performance.now();
  const res = await request(`${u.pathname}${u.search}`, { method: 'PUT', headers: { 'content-type': mimeType }, body: bytes as Uint8Array<ArrayBuffer> });
  const body = (await res.json()) as { error?: string };
  return { outcome: `${res.status}${body.error ? ` ${body.error}` : ''}`, putMs: performance.now() - started, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
}

/** Figures of one probe over one phase. */
interface Figures { probe: string; phase: string; count: number; p50Ms: number; p95Ms: number; maxMs: number; failures: number }

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const round = (n: number) => Math.round(n * 10) / 10;

/** Run `probe` in a loop until `until`, `pauseMs` apart; answers its durations and failures. */
async function loop(until: number, probe: () => Promise<{ ms: number; ok: boolean }>, pauseMs: number): Promise<{ durations: number[]; failures: number }> {
  const durations: number[] = [];
  let failures = 0;
  while (performance.now() < until) {
    const { ms, ok } = await probe();
    durations.push(ms);
    if (!ok) failures++;
    await sleep(pauseMs);
  }
  return { durations, failures };
}

const timed = async (work: () => Promise<boolean>) => {
  const started = performance.now();
  const ok = await work();
  return { ms: performance.now() - started, ok };
};

/** One phase: the three probes (and, when given, the attacker's loops) for SECONDS. */
async function phase(name: string, victim: string, uploaders: string[], attack?: () => Promise<void>): Promise<Figures[]> {
  const until = performance.now() + SECONDS * 1000;
  const smallPng = makePng(64, 48);
  let turn = 0;
  const probes: [string, () => Promise<{ ms: number; ok: boolean }>, number][] = [
    ['/healthz', () => timed(async () => (await request('/healthz')).ok), 100],
    ["another user's getVehicleApplication", () => timed(async () => Boolean(((await gql(VEHICLE_APP, {}, victim)) as { data?: { getVehicleApplication?: unknown } }).data?.getVehicleApplication)), 100],
    ["other users' PNG upload (PUT)", async () => {
      const { outcome, putMs } = await upload(uploaders[turn++ % uploaders.length], smallPng, 'small.png', 'image/png');
      return { ms: putMs, ok: outcome === '200' };
    }, 1000],
  ];
  const attacking = attack ? Array.from({ length: ATTACKERS }, async () => { while (performance.now() < until) await attack(); }) : [];
  const results = await Promise.all(probes.map(async ([probe, run, pause]) => ({ probe, ...(await loop(until, run, pause)) })));
  await Promise.all(attacking);
  return results.map(({ probe, durations, failures }) => {
    const sorted = [...durations].sort((a, b) => a - b);
    const f = { probe, phase: name, count: sorted.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted[sorted.length - 1] ?? NaN), failures };
    console.log(`${name.padEnd(8)} ${probe.padEnd(40)} n ${String(f.count).padStart(4)}   p50 ${String(f.p50Ms).padStart(7)} ms   p95 ${String(f.p95Ms).padStart(7)} ms   max ${String(f.maxMs).padStart(7)} ms   failed ${failures}`);
    return f;
  });
}

/** The bombs, made here (nothing big is committed). */
async function bombs(): Promise<{ name: string; bytes: Uint8Array; fileName: string; mimeType: string }[]> {
  // A smooth 5000 x 5000 picture: 25 megapixels, the most a JPEG may have, small enough to upload.
  const side = 5000;
  const rgba = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) rgba.set([(x >> 4) & 0xff, (y >> 4) & 0xff, ((x + y) >> 5) & 0xff, 255], (y * side + x) * 4);
  const largest = new Uint8Array(encodeJpeg({ width: side, height: side, data: rgba }, 60).data);
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const text = Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1').replace(/%%EOF\s*$/, '');
  const flate = await deflatedZeros(200 * 1024 * 1024);
  const pdfBomb = concat(text, `99 0 obj\n<< /Length ${flate.length} /Filter /FlateDecode >>\nstream\n`, flate, '\nendstream\nendobj\n%%EOF\n');
  return [
    { name: 'PNG 16-bit 6000x5000 (180 MB inflated)', bytes: await makePngBomb(), fileName: 'bomb.png', mimeType: 'image/png' },
    { name: 'JPEG header 6000x6000', bytes: withJpegSize(makeJpeg(), 6000, 6000), fileName: 'bomb.jpg', mimeType: 'image/jpeg' },
    { name: 'PDF stream inflating to 200 MB', bytes: pdfBomb, fileName: 'bomb.pdf', mimeType: 'application/pdf' },
    { name: 'JPEG 5000x5000 (largest accepted)', bytes: largest, fileName: 'largest.jpg', mimeType: 'image/jpeg' },
  ];
}

async function main(): Promise<void> {
  console.log(`making the bombs (a 25-megapixel JPEG takes a while to encode)...`);
  const files = await bombs();
  for (const f of files) console.log(`  ${f.name}: ${f.bytes.byteLength} bytes`);
  const dataDir = mkdtempSync(join(tmpdir(), 'ff-bench-uploads-'));
  let server: ChildProcess | undefined;
  try {
    server = await startServer(dataDir);
    const attacker = await login(ATTACKER);
    const victim = await login(VICTIM);
    const uploaders = await Promise.all(UPLOADERS.map(login));
    // Warm-up: a first upload (the workers were started with the server).
    await upload(victim, makePng(), 'warm.png', 'image/png');
    const loadBefore = loadavg()[0];
    const quiet = await phase('quiet', victim, uploaders);
    const outcomes: Record<string, Record<string, number>> = {};
    let next = 0;
    const attack = async () => {
      const file = files[next++ % files.length];
      const { outcome, retryAfter } = await upload(attacker, file.bytes, file.fileName, file.mimeType);
      outcomes[file.name] ??= {};
      outcomes[file.name][outcome] = (outcomes[file.name][outcome] ?? 0) + 1;
      // Refused for its limits, the attacker waits as told (each unused URL holds a place for 15 minutes).
      if (retryAfter) await sleep(retryAfter * 1000);
      else if (outcome === 'FILE_LIMIT') await sleep(1000);
    };
    const bombed = await phase('bombs', victim, uploaders, attack);
    console.log(`attacker's answers (${ATTACKERS} loops, ${SECONDS} s): ${JSON.stringify(outcomes, null, 2)}`);
    console.log(`inspection workers: ${INSPECTION_POOL_SIZE} (cores ${availableParallelism()}), load average ${round(loadBefore)} before, ${round(loadavg()[0])} after`);
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench', 'results', 'uploads.json'),
      JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, attackers: ATTACKERS, workers: INSPECTION_POOL_SIZE, cores: availableParallelism(), loadAverage1m: [round(loadBefore), round(loadavg()[0])], files: files.map((f) => ({ name: f.name, bytes: f.bytes.byteLength })), figures: [...quiet, ...bombed], attackerOutcomes: outcomes }, null, 2),
    );
  } finally {
    server?.kill('SIGTERM');
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
