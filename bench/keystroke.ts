/**
 * `npm run bench:keystroke`: a generated form (10 sections x 30 fields, 4 visibility rules, and a
 * 1000-field variant of 10 x 100) typed into in headless Chromium, 40 keys into a middle field
 * that feeds a visibility rule and a validation rule (maxLength). The runtime page (FlowRunner +
 * FormView with `ui:sections`, ajv standalone validators, built with the product's Vite config)
 * against stock `@rjsf/core` + `@rjsf/fluentui-rc` + `@rjsf/validator-ajv8`, interleaved over
 * rounds (a warm-up round is dropped). Prints a table and writes bench/results/keystroke.json.
 * Env: BENCH_ROUNDS (default 5), BENCH_MOUNT_LOADS (extra mount-only loads, default 2). See bench/README.md for how to read it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { runtimePage, VARIANTS, writeGenerated, type Variant } from './keystroke/generate';
import { mountOnly, typingSample, type Sample } from './keystroke/measure';
import { buildPage, serve, type PageName } from './keystroke/pages';

const ROOT = join(import.meta.dirname, '..');
const BENCH = import.meta.dirname;
const BUILD = join(BENCH, '.build');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Extra mount-only loads per page, size and round: mount medians need more samples than typing. */
const MOUNT_LOADS = Number(process.env.BENCH_MOUNT_LOADS ?? 2);
const PAGES: PageName[] = ['runtime', 'stock'];
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** Nearest-rank percentile. */
const pct = (xs: number[], p: number) => (xs.length ? sorted(xs)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] : NaN);
const median = (xs: number[]) => pct(xs, 50);
const r1 = (x: number) => Math.round(x * 10) / 10;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

const gzipCache = new Map<string, number>();
/** Gzip size (kB) of the built files behind these URL paths. */
function gzipKb(paths: string[]): number {
  let bytes = 0;
  for (const path of new Set(paths)) {
    if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(join(BUILD, path))).length);
    bytes += gzipCache.get(path) ?? 0;
  }
  return Math.round(bytes / 1024);
}

interface Pooled { samples: Sample[]; mounts: number[]; through: number[] }

function figures(p: Pooled) {
  const keys = p.samples.flatMap((s) => s.keyMs);
  const events = p.samples.flatMap((s) => s.eventMs);
  return {
    median: median(keys), p95: pct(keys, 95), eventMedian: median(events), eventP95: pct(events, 95),
    mount: median([...p.samples.map((s) => s.mountMs), ...p.mounts]), firstField: median(p.samples.map((s) => s.firstFieldMs)),
    mountAll: p.through.length ? median(p.through) : median(p.samples.map((s) => s.mountMs)),
    firstValidation: median(p.samples.map((s) => s.firstValidationMs)),
    initialJs: gzipKb(p.samples[0].jsBeforeRender), jsToField: gzipKb(p.samples[0].jsBeforeField),
    keystrokes: keys.length, checks: p.samples.every((s) => s.ruleHid && s.valueTyped),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  writeGenerated(ROOT, join(BUILD, 'gen'));
  for (const v of VARIANTS) await buildPage('runtime', runtimePage(v), BENCH, BUILD);
  await buildPage('stock', 'stock', BENCH, BUILD);
  console.log(`built the pages in ${Math.round((performance.now() - started) / 1000)} s; ${ROUNDS} rounds + 1 warm-up`);
  const { server, origin } = await serve(BUILD);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const pooled = new Map<string, Pooled>();
  const key = (page: PageName, v: Variant) => `${page}:${v.size}`;
  try {
    for (let round = 0; round <= ROUNDS; round++) {
      // Alternate which page goes first so drift hits both alike; round 0 warms up and is dropped.
      const order = round % 2 === 0 ? PAGES : [...PAGES].reverse();
      for (const v of VARIANTS) {
        for (const page of order) {
          const sample = await typingSample(browser, origin, page, v);
          const mounts: number[] = [];
          for (let i = 0; i < MOUNT_LOADS; i++) mounts.push(await mountOnly(browser, origin, page, v, 'jump'));
          const through = page === 'runtime' ? await mountOnly(browser, origin, page, v, 'through') : undefined;
          if (round === 0) continue;
          const entry = pooled.get(key(page, v)) ?? { samples: [], mounts: [], through: [] };
          entry.samples.push(sample);
          entry.mounts.push(...mounts);
          if (through !== undefined) entry.through.push(through);
          pooled.set(key(page, v), entry);
        }
      }
      if (round > 0) process.stdout.write(`round ${round}/${ROUNDS} done\n`);
    }
  } finally {
    await browser.close();
    server.close();
  }

  const f = (page: PageName, v: Variant) => figures(pooled.get(key(page, v)) as Pooled);
  const [small, large] = VARIANTS;
  const rt = f('runtime', small), st = f('stock', small), rtL = f('runtime', large), stL = f('stock', large);
  const row = (label: string, a: ReturnType<typeof figures>) =>
    `${label.padEnd(18)} ${r1(a.median).toString().padStart(7)} ${r1(a.p95).toString().padStart(7)} ${a.eventMedian.toString().padStart(6)} ${a.eventP95.toString().padStart(6)}`
    + ` ${Math.round(a.firstField).toString().padStart(7)} ${Math.round(a.mount).toString().padStart(7)} ${Math.round(a.mountAll).toString().padStart(8)}`
    + ` ${r3(a.firstValidation).toString().padStart(8)} ${a.initialJs.toString().padStart(6)} ${a.jsToField.toString().padStart(6)} ${String(a.keystrokes).padStart(5)} ${a.checks ? 'ok' : 'FAILED'}`;
  console.log('\nms (keys: keydown -> next frame after input; evt: event-timing duration, 8 = under 16) | kB gzip');
  console.log(`${'page'.padEnd(18)} ${'key p50'.padStart(7)} ${'key p95'.padStart(7)} ${'evt50'.padStart(6)} ${'evt95'.padStart(6)} ${'1stfld'.padStart(7)} ${'mount'.padStart(7)} ${'mountAll'.padStart(8)} ${'1st val'.padStart(8)} ${'initJS'.padStart(6)} ${'toFld'.padStart(6)} ${'keys'.padStart(5)} rule`);
  console.log(row(`runtime ${small.size}`, rt));
  console.log(row(`stock ${small.size}`, st));
  console.log(row(`runtime ${large.size}`, rtL));
  console.log(row(`stock ${large.size}`, stL));

  const results = {
    median_ms: r1(rt.median), p95_ms: r1(rt.p95), stock_median_ms: r1(st.median), ratio: r1(st.median / rt.median),
    median_1000_ms: r1(rtL.median), stock_median_1000_ms: r1(stL.median), ratio_1000: r1(stL.median / rtL.median),
    event_p95_ms: rt.eventP95, mount_ms: Math.round(rt.mount), stock_mount_ms: Math.round(st.mount),
    first_validation_ms: r3(rt.firstValidation), initial_js_gzip_kb: rt.initialJs,
    // Beyond the keys: context for reading the figures above.
    event_median_ms: rt.eventMedian, event_p95_1000_ms: rtL.eventP95, stock_event_p95_ms: st.eventP95,
    mount_1000_ms: Math.round(rtL.mount), stock_mount_1000_ms: Math.round(stL.mount),
    mount_all_ms: Math.round(rt.mountAll), mount_all_1000_ms: Math.round(rtL.mountAll),
    stock_first_validation_ms: r3(st.firstValidation), stock_initial_js_gzip_kb: st.initialJs,
    js_to_first_field_gzip_kb: rt.jsToField, rounds: ROUNDS,
  };
  const targets: [string, boolean][] = [
    [`keystroke at ${small.size} fields <= 8 ms: ${results.median_ms}`, results.median_ms <= 8],
    [`keystroke at ${large.size} fields <= 9 ms and >= 2x stock: ${results.median_1000_ms} (${results.ratio_1000}x)`, results.median_1000_ms <= 9 && results.ratio_1000 >= 2],
    [`event-timing p95 <= 32 ms: ${results.event_p95_ms}`, results.event_p95_ms <= 32],
    [`mount <= 0.7x stock: ${results.mount_ms} vs ${results.stock_mount_ms} (${(results.mount_ms / results.stock_mount_ms).toFixed(2)}x)`, results.mount_ms <= 0.7 * results.stock_mount_ms],
    [`first validation <= 1 ms: ${results.first_validation_ms}`, results.first_validation_ms <= 1],
  ];
  console.log('');
  for (const [text, met] of targets) console.log(`${met ? 'met   ' : 'MISSED'} ${text}`);
  console.log(`initial JS (gzip, before first render): runtime ${results.initial_js_gzip_kb} kB, stock ${results.stock_initial_js_gzip_kb} kB; runtime to first field ${results.js_to_first_field_gzip_kb} kB`);
  mkdirSync(join(BENCH, 'results'), { recursive: true });
  writeFileSync(join(BENCH, 'results', 'keystroke.json'), JSON.stringify(results, null, 2) + '\n');
  console.log(`wrote bench/results/keystroke.json (${Math.round((performance.now() - started) / 1000)} s)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
