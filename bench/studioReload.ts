/**
 * `npm run bench:studio`: how long from saving a message file to the studio's preview showing the new
 * text (issue 15: target about 1 second), and from an edit in the studio (issue 38: the text's field, Save) to the
 * preview showing it. Copies the definitions to a temporary folder, starts `npm run studio` there (its own process,
 * a free port, its API server too unless STUDIO_API=0), opens the studio page in headless Chromium on a step, then
 * RUNS times: appends a marker to one of the step's texts in the file and line the studio's provenance names, and
 * times until the preview frame shows it; then RUNS times types a marker into that text's field on the studio page,
 * saves, and times until the preview shows it. Prints each figure and the medians, writes
 * bench/results/studioReload.json. Not a timed test.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { readDefinitions } from '../runtime/node';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 6);
const FLOW = process.env.FLOW ?? 'primary';
const STEP = process.env.STEP ?? 'home';

const freePort = () => new Promise<number>((done) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const port = (s.address() as { port: number }).port;
    s.close(() => done(port));
  });
});

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 180_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  // A copy of the definitions (and the SDL and samples the studio reads), so the bench never edits the project.
  const work = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const tops = new Set([...Object.keys(readDefinitions(ROOT)).map((p) => p.split('/')[0]), 'samples', 'server/graphql']);
  for (const top of tops) {
    mkdirSync(dirname(join(work, top)), { recursive: true });
    cpSync(join(ROOT, top), join(work, top), { recursive: true });
  }
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'studio/main.ts')], {
    cwd: work, env: { ...process.env, STUDIO_PORT: String(port) }, detached: true, stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', (b: Buffer) => process.stdout.write(`[studio] ${b}`));
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const figures: number[] = [];
  const edits: number[] = [];
  try {
    const overview = await waitFor('the studio', async () => {
      const res = await fetch(`${base}/studio/api/overview`);
      return res.ok ? ((await res.json()) as { selections: Record<string, string>[] }) : undefined;
    });
    if (process.env.STUDIO_API !== '0') {
      // The preview signs in on the API server once it answers: the figures are taken with it, as an analyst has it.
      const api = await waitFor('the API server', async () => {
        const o = (await (await fetch(`${base}/studio/api/overview`)).json()) as { api: { state: string; ms?: number } };
        return o.api.state === 'ready' || o.api.state === 'failed' ? o.api : undefined;
      }, 300_000);
      console.log(`API server ${api.state}${api.ms ? ` in ${api.ms} ms` : ''}`);
    }
    const selection = new URLSearchParams(overview.selections[0]).toString();
    const texts = (await (await fetch(`${base}/studio/api/texts?${selection}&flow=${FLOW}&step=${STEP}`)).json()) as { key: string; text: string; setBy?: { file: string; line: number } }[];
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const started = Date.now();
    await page.goto(`${base}/?flow=${FLOW}&step=${STEP}&sel=0`);
    const frame = page.frameLocator('iframe[data-preview]');
    await frame.locator('main').first().waitFor({ timeout: 180_000 });
    console.log(`studio page and preview ready in ${Date.now() - started} ms (first load: Vite prepares the modules)`);
    // A text the preview shows, set on one line of its file (a plain one-line value).
    const body = await frame.locator('body').innerText();
    const target = texts.find((x) => x.setBy && !/[{}]/.test(x.text) && x.text.length > 8 && body.includes(x.text)
      && readFileSync(join(work, x.setBy.file), 'utf8').split('\n')[x.setBy.line - 1]?.includes(x.text));
    if (!target?.setBy) throw new Error(`no one-line text of ${FLOW}.${STEP} shows in the preview`);
    const file = join(work, target.setBy.file);
    const original = readFileSync(file, 'utf8');
    console.log(`editing '${target.key}' at ${target.setBy.file}:${target.setBy.line} (${RUNS} saves)`);
    // Times are taken in the browser (epoch milliseconds, `performance.timeOrigin + now()`): when the preview's text
    // first holds the marker (a MutationObserver in the preview frame) and when the studio page's form is submitted,
    // so neither Playwright's round trips nor its click's checks are counted.
    const epoch = () => performance.timeOrigin + performance.now();
    const preview = () => page.frames().find((f) => f.url().includes('/preview')) ?? page.mainFrame();
    // A script as text: tsx names the functions of a compiled one (`__name`), which the page does not have.
    const watchFor = (marker: string) => preview().evaluate(`window.shownAt = new Promise((done) => {
      const observer = new MutationObserver(() => {
        if (!document.body.textContent.includes(${JSON.stringify(marker)})) return;
        observer.disconnect();
        done(performance.timeOrigin + performance.now());
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }); undefined`);
    const shownAt = () => Promise.race([
      preview().evaluate(() => (window as unknown as { shownAt: Promise<number> }).shownAt),
      new Promise<never>((_, fail) => setTimeout(() => fail(new Error('the preview did not show the text within 30 s')), 30_000).unref()),
    ]);
    for (let run = 1; run <= RUNS; run++) {
      const marker = `${target.text} bench${run}x${Date.now() % 100000}`;
      const lines = original.split('\n');
      lines[target.setBy.line - 1] = lines[target.setBy.line - 1].replace(target.text, marker);
      await watchFor(marker);
      const saved = epoch();
      writeFileSync(file, lines.join('\n'));
      const ms = Math.round((await shownAt()) - saved);
      figures.push(ms);
      // Before the next save: lint and .generated/ have run for this one (the studio does them after the preview).
      const settled = await waitFor('lint', async () => {
        const o = (await (await fetch(`${base}/studio/api/overview`)).json()) as { version: number; lintVersion: number; reloadMs: number };
        return o.lintVersion === o.version ? o : undefined;
      });
      console.log(`  save ${run}: preview shows the new text after ${ms} ms (the studio's reload: ${settled.reloadMs} ms)`);
    }
    // In the studio: the text's field on the page, Save (written back to its layer, linted), the preview shows it.
    const row = page.locator(`tr[data-key="${target.key}"] form[data-edit]`);
    // Each request the page and the preview make meanwhile: name, when asked, when answered (epoch ms).
    const timeline = new Map<object, { name: string; from: number; to?: number }>();
    const nameOf = (url: string) => { const u = new URL(url); return `${u.pathname.replace('/studio/api/', '')}${u.searchParams.get('as') ? '(as)' : ''}`; };
    page.on('request', (r) => { if (r.url().startsWith(base)) timeline.set(r, { name: nameOf(r.url()), from: epoch() }); });
    page.on('requestfinished', (r) => { const t = timeline.get(r); if (t) t.to = epoch(); });
    for (let run = 1; run <= RUNS; run++) {
      const marker = `${target.text} edit${run}x${Date.now() % 100000}`;
      await row.locator('textarea').fill(marker);
      await watchFor(marker);
      await page.evaluate(`window.submittedAt = new Promise((done) => document.addEventListener('submit', () => done(performance.timeOrigin + performance.now()), { once: true, capture: true })); undefined`);
      timeline.clear();
      await row.getByRole('button').click();
      const shown = await shownAt();
      const submitted = await page.evaluate(() => (window as unknown as { submittedAt: Promise<number> }).submittedAt);
      const ms = Math.round(shown - submitted);
      edits.push(ms);
      const at = (t: number) => Math.round(t - submitted);
      const requests = [...timeline.values()].filter((t) => t.from < shown).map((t) => `${t.name} ${at(t.from)}-${t.to ? at(t.to) : '…'}`).join(', ');
      const status = await row.getByRole('status').innerText().catch(() => '');
      await waitFor('lint', async () => {
        const o = (await (await fetch(`${base}/studio/api/overview`)).json()) as { version: number; lintVersion: number };
        return o.lintVersion === o.version ? o : undefined;
      });
      console.log(`  edit ${run}: preview shows the edited text after ${ms} ms (${status.trim()})\n    requests until then (ms from the submit): ${requests}`);
    }
    const svg = await page.locator('[data-diagram="flowchart"] svg').count();
    console.log(`diagram drawn as a picture: ${svg ? 'yes' : 'no'}; API: ${await page.locator('[data-api]').getAttribute('data-api')}`);
  } finally {
    await browser.close();
    try { process.kill(-(child.pid as number), 'SIGTERM'); } catch { /* already gone */ }
    rmSync(work, { recursive: true, force: true });
  }
  const stats = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
  };
  const save = stats(figures);
  const edit = stats(edits);
  console.log(`studio reload: save -> preview shows it: median ${save.median} ms, min ${save.min} ms, max ${save.max} ms over ${figures.length} saves (target ~1000 ms)`);
  console.log(`studio edit: Save in the studio -> preview shows it: median ${edit.median} ms, min ${edit.min} ms, max ${edit.max} ms over ${edits.length} edits (target under 1000 ms)`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/studioReload.json'), JSON.stringify({ at: new Date().toISOString(), flow: FLOW, step: STEP, figures, median: save.median, edits, editMedian: edit.median }, null, 2));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
