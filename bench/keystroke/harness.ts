/**
 * The in-page recorder, installed as a Playwright init script before any page script runs (so
 * both pages carry the same instrumentation). Per keystroke: a capture-phase `keydown` listener
 * stamps the key, the first `input` event after it requests an animation frame, and that frame's
 * time is the keystroke's end (setTimeout markers bunch up under synthetic typing). Chrome's
 * event-timing entries (what INP uses) are collected alongside. Mount: when the root first has
 * content, when the first and the last field exist; a frame loop scrolls (to the end, or a
 * viewport at a time) so lazily mounted sections come in as a user reaching them would see.
 */

/** One keystroke as the page saw it (ms since navigation start). */
export interface KeyRecord {
  down: number;
  /** `event.timeStamp` of the keydown, to match event-timing entries. */
  stamp: number;
  input: number;
  frame: number;
}

/** An event-timing entry. */
export interface EventRecord {
  name: string;
  start: number;
  duration: number;
}

/** Everything the harness records (ms since navigation start; -1 = not yet). */
export interface BenchRecord {
  keys: KeyRecord[];
  events: EventRecord[];
  firstRender: number;
  firstField: number;
  lastField: number;
  lastFieldFrame: number;
  /** Duration of the page's first validation call, set by the page entry. */
  firstValidation: number;
}

/** Harness settings. */
export interface HarnessConfig {
  rootId: string;
  firstFieldId: string;
  lastFieldId: string;
  /** After the first field shows: jump to the end of the page, scroll one viewport per frame, or stay. */
  scroll: 'jump' | 'through' | 'none';
}

/** The init script (serialised by Playwright: self-contained, no imports). */
export function harness(cfg: HarnessConfig): void {
  const b: BenchRecord = { keys: [], events: [], firstRender: -1, firstField: -1, lastField: -1, lastFieldFrame: -1, firstValidation: -1 };
  window.__bench = b;
  addEventListener('keydown', (e) => {
    b.keys.push({ down: performance.now(), stamp: e.timeStamp, input: -1, frame: -1 });
  }, true);
  addEventListener('input', () => {
    const key = b.keys[b.keys.length - 1];
    if (!key || key.input >= 0) return;
    key.input = performance.now();
    requestAnimationFrame(() => { key.frame = performance.now(); });
  }, true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.events.push({ name: e.name, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  } catch {
    // no event timing: the bench reports none
  }
  const observer = new MutationObserver(() => {
    const now = performance.now();
    if (b.firstRender < 0 && document.getElementById(cfg.rootId)?.firstElementChild) b.firstRender = now;
    if (b.firstField < 0 && document.getElementById(cfg.firstFieldId)) {
      b.firstField = now;
      if (cfg.scroll !== 'none') requestAnimationFrame(scroll);
    }
    if (b.lastField < 0 && document.getElementById(cfg.lastFieldId)) {
      b.lastField = now;
      requestAnimationFrame(() => { b.lastFieldFrame = performance.now(); });
      observer.disconnect();
    }
  });
  const scroll = () => {
    if (b.lastField >= 0) return;
    if (cfg.scroll === 'jump') window.scrollTo(0, document.documentElement.scrollHeight);
    else window.scrollBy(0, window.innerHeight);
    requestAnimationFrame(scroll);
  };
  observer.observe(document, { childList: true, subtree: true });
}
