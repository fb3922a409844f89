/**
 * Drives one page load in headless Chromium: waits for the last field (mount), brings the typed
 * field into view, types 40 keys one at a time (each waits for its frame plus a short pause, as a
 * fast typist would), and returns what the harness recorded.
 */
import type { Browser } from 'playwright-core';
import { fieldIds, runtimeBase, type Variant } from './generate';
import { harness, type BenchRecord, type HarnessConfig } from './harness';
import type { PageName } from './pages';

/** The 40 keys typed into the middle field. */
export const TEXT = 'the quick brown fox jumps over a lazy dog';
const KEYS = TEXT.slice(0, 40);
const PAUSE_MS = 40;

/** One page load's figures (ms). */
export interface Sample {
  /** keydown to the next animation frame after the input event, per key. */
  keyMs: number[];
  /** Per key, the longest event-timing duration among its events (8 = below the 16 ms threshold). */
  eventMs: number[];
  firstRenderMs: number;
  firstFieldMs: number;
  /** Navigation start to the frame after the last field exists. */
  mountMs: number;
  firstValidationMs: number;
  /** JS URLs (path) requested before the first render started (the page's mark) / loaded before the first field showed. */
  jsBeforeRender: string[];
  jsBeforeField: string[];
  /** Sanity: after typing, the rule-fed field is hidden and the typed field shows its maxLength error. */
  ruleHid: boolean;
  valueTyped: boolean;
}

/** The runtime page opens at its form step's route; the stock page has no routes. */
function pageUrl(origin: string, name: PageName, v: Variant): string {
  return `${origin}${name === 'runtime' ? `${runtimeBase(v)}/form` : `/${name}/`}?fields=${v.size}`;
}

type Resources = { name: string; start: number; end: number }[];

async function open(browser: Browser, url: string, cfg: HarnessConfig) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // tsx (esbuild keepNames) wraps named functions in `__name(...)`: give serialised callbacks one.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript(harness, cfg);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  try {
    await page.waitForFunction(() => window.__bench.lastFieldFrame >= 0, undefined, { timeout: 30_000, polling: 100 });
  } catch (err) {
    throw new Error(`${url}: the last field never mounted ${errors.join('; ')}`, { cause: err });
  }
  return { context, page };
}

/**
 * Loads the page only to mount it: navigation start to the frame after the last field exists,
 * jumping to the end (`jump`) or scrolling through every section (`through`).
 */
export async function mountOnly(browser: Browser, origin: string, name: PageName, v: Variant, scroll: 'jump' | 'through'): Promise<number> {
  const ids = fieldIds(v);
  const { context, page } = await open(browser, pageUrl(origin, name, v), { rootId: 'root', firstFieldId: ids.first, lastFieldId: ids.last, scroll });
  const ms = await page.evaluate(() => window.__bench.lastFieldFrame);
  await context.close();
  return ms;
}

/** One typing sample. */
export async function typingSample(browser: Browser, origin: string, name: PageName, v: Variant): Promise<Sample> {
  const ids = fieldIds(v);
  const { context, page } = await open(browser, pageUrl(origin, name, v), { rootId: 'root', firstFieldId: ids.first, lastFieldId: ids.last, scroll: 'jump' });
  const loaded = await page.evaluate(() => ({
    bench: { ...window.__bench },
    renderStart: performance.getEntriesByName('bench:render')[0]?.startTime ?? -1,
    resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
  }));
  // Bring the typed field into view from the top (lazy sections mount on the way), then focus it.
  await page.evaluate(async (id) => {
    window.scrollTo(0, 0);
    for (let i = 0; i < 400; i++) {
      const el = document.getElementById(id);
      if (el) {
        el.scrollIntoView({ block: 'center' });
        return;
      }
      window.scrollBy(0, window.innerHeight / 2);
      await new Promise((r) => requestAnimationFrame(r));
    }
    throw new Error(`no #${id}`);
  }, ids.typed);
  // Visit the field once and leave it (as a user returning to fix it): from then on its
  // validation shows live, so every keystroke runs the validation rule in both pages.
  await page.click(`#${ids.typed}`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await page.waitForTimeout(400);
  await page.evaluate(() => { window.__bench.keys = []; window.__bench.events = []; });
  for (const ch of KEYS) {
    await page.keyboard.type(ch);
    await page.evaluate((pause) => new Promise<void>((resolve) => {
      const check = () => {
        const key = window.__bench.keys[window.__bench.keys.length - 1];
        if (key && key.frame >= 0) setTimeout(resolve, pause);
        else requestAnimationFrame(check);
      };
      check();
    }), PAUSE_MS);
  }
  await page.waitForTimeout(300);
  const typed = await page.evaluate((ids) => ({
    bench: { ...window.__bench },
    ruleHid: document.getElementById(ids.hidden) === null,
    errorShown: document.getElementById(ids.typed)?.getAttribute('aria-invalid') === 'true' || document.getElementById(`${ids.typed}__error`) !== null,
    value: (document.getElementById(ids.typed) as HTMLInputElement | null)?.value ?? '',
  }), ids);
  await context.close();
  return summarise(loaded.bench, loaded.renderStart, loaded.resources, typed.bench, typed.ruleHid && typed.errorShown, typed.value === KEYS);
}

function summarise(loaded: BenchRecord, renderStart: number, resources: Resources, typed: BenchRecord, ruleHid: boolean, valueTyped: boolean): Sample {
  const keys = typed.keys.filter((k) => k.frame >= 0);
  const eventMs = keys.map((k, i) => {
    const until = keys[i + 1]?.stamp ?? Infinity;
    const own = typed.events.filter((e) => e.start >= k.stamp - 0.5 && e.start < until - 0.5);
    return Math.max(8, ...own.map((e) => e.duration));
  });
  const js = (keep: (r: Resources[number]) => boolean) => resources.filter((r) => /\.js(\?|$)/.test(r.name) && keep(r)).map((r) => new URL(r.name).pathname);
  return {
    keyMs: keys.map((k) => k.frame - k.down),
    eventMs,
    firstRenderMs: loaded.firstRender,
    firstFieldMs: loaded.firstField,
    mountMs: loaded.lastFieldFrame,
    firstValidationMs: typed.firstValidation,
    jsBeforeRender: js((r) => r.start < renderStart),
    jsBeforeField: js((r) => r.end <= loaded.firstField),
    ruleHid,
    valueTyped,
  };
}
