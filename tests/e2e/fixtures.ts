/**
 * The fixtures every end-to-end journey uses (`import { test, expect } from './fixtures'`):
 * - every browser context of a test (`context`/`page`, and those `newPage` opens) is guarded: a
 *   `securitypolicyviolation`, a CSP console error or an uncaught page error fails the test;
 * - axe-core checks every page a test visits and the test fails on any violation: a page is checked
 *   before the test navigates away with `goto`/`reload`, every page still open at the end is checked
 *   as it is, and a page left by a click (a client-side route) is opened again at the end in its
 *   context and checked once settled. A page (host and path, ids folded) is checked once per run (the
 *   workers claim pages in globalSetup's `E2E_AXE_CLAIMS` folder);
 * - `url`, `login`, `graphql`, `mailbox`, `freshApplication`, `shoot` talk to the real server
 *   that globalSetup.ts started (port in `E2E_PORT`);
 * - `rawTextProblems`/`expectNoRawText`: no `{placeholder}` and no dotted message key in what a user
 *   reads (text, title, aria-label, alt, placeholder).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page, type Response } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/seed/seedAll';

export { expect };

const SHOTS = join(resolve(import.meta.dirname, '../..'), 'test-results', 'screenshots');

/** One e-mail of the server's outbox, as `/dev/mailbox.json` lists it. */
export interface MailboxMessage {
  to_address: string;
  subject: string;
  body_text: string;
  template: string;
  created_at: string;
  /** Its attachments, each downloadable from the mailbox at `url` (a path on the server). */
  attachments?: { fileName: string; mimeType: string; url: string }[];
}

/** What `login` answers (the server's `LoginResult`). */
export interface LoginAnswer {
  success: boolean;
  error: string | null;
  user: { id: string; email: string; firstName: string | null; lastName: string | null; region: string } | null;
  redirectTo: string | null;
}

/** What `POST /dev/applications` answers: a fresh login and its application. */
export interface FreshApplication {
  email: string;
  password: string;
  applicationId: string;
  brand: string;
  region: string;
  host: string;
  /** The other officer's login, when asked for with `withSecondary`. */
  otherEmail?: string;
}

type GraphQLAnswer<T> = { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** The fixtures a test may destructure besides Playwright's own. */
export interface E2EFixtures {
  /** Absolute URL on the test server for a host (e.g. `au.localhost`) and a path. */
  url(host: string, path: string): string;
  /** Opens a new guarded page in a new context with the given viewport (closed at the end of the test). */
  newPage(viewport: { width: number; height: number }): Promise<Page>;
  /**
   * Signs a user in through the real `login` mutation from the page's browser context (the httpOnly
   * session cookie lands in that context). Host defaults to the demo e-mail's brand host (`.nz@` ->
   * nz.localhost, `.introducer@` -> introducer.localhost, else au.localhost); the password to the demo one.
   */
  login(page: Page, email: string, options?: { host?: string; password?: string }): Promise<LoginAnswer>;
  /** POSTs a GraphQL operation to the real server as the page's browser context (its cookies). */
  graphql<T = Record<string, unknown>>(page: Page, host: string, query: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer<T>>;
  /** The dev mailbox of the real server (newest first), optionally only e-mails to one address. */
  mailbox(to?: string): Promise<MailboxMessage[]>;
  /** A fresh application and login (`POST /dev/applications`), so a test that changes it shares it with nobody. */
  freshApplication(spec: { region: string; brand?: string; role: 'primary' | 'secondary' | 'calculator'; status: string; set?: Record<string, unknown>; withSecondary?: boolean }): Promise<FreshApplication>;
  /** Saves a full-page screenshot of the page under test-results/screenshots/ and returns its path. */
  shoot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<string>;
  /** What the guard and axe found (the test fails at its end when not empty). */
  findings: Findings;
  /** Automatic: at the end of a test, axe on the pages not checked yet, then the guard's and axe's findings. */
  endChecks: void;
}

/** Problems a test's pages showed: page errors and CSP violations, and axe violations by page. */
interface Findings {
  problems: string[];
  violations: string[];
  /** Page key -> first full URL and its context, for pages not checked yet. */
  visited: Map<string, { url: string; context: BrowserContext }>;
  /** Contexts the test opened (checked and closed at its end). */
  contexts: BrowserContext[];
}

const port = (): number => {
  const value = Number(process.env.E2E_PORT);
  if (!value) throw new Error('E2E_PORT is not set: run the e2e tests with `npx playwright test` (globalSetup starts the server)');
  return value;
};
const urlOf = (host: string, path: string) => `http://${host}:${port()}${path}`;

/** POSTs JSON to the local server with a Host header; answers the body and the Set-Cookie lines. */
function postJson(host: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: string; setCookies: string[] }> {
  const data = JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port: port(), path, method: 'POST', headers: { ...headers, host: `${host}:${port()}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), setCookies: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', fail);
    req.end(data);
  });
}

/** A Set-Cookie line as a Playwright cookie for `host`. */
function parseSetCookie(line: string, host: string): Parameters<BrowserContext['addCookies']>[0][number] {
  const [pair, ...attributes] = line.split(';').map((p) => p.trim());
  const eq = pair.indexOf('=');
  const attr = (name: string) => attributes.some((a) => a.toLowerCase().startsWith(name));
  const maxAge = /max-age=(-?\d+)/i.exec(line)?.[1];
  return {
    name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: host, path: '/',
    httpOnly: attr('httponly'), secure: attr('secure'), sameSite: 'Lax',
    ...(maxAge !== undefined ? { expires: Math.floor(Date.now() / 1000) + Number(maxAge) } : {}),
  };
}

/** Host of a demo user's brand, from the demo e-mail naming (`<scenario>.<au|nz|introducer>[.role]@demo.example`). */
function demoHost(email: string): string {
  const slot = /\.(au|nz|introducer)(\.[a-z]+)?@/i.exec(email)?.[1]?.toLowerCase();
  return `${slot ?? 'au'}.localhost`;
}

/** The page a URL shows, for checking each once: host and path, with ids (uuids, `A-1`) folded. */
function pageKey(address: string): string | undefined {
  if (!address.startsWith('http')) return undefined;
  const { host, pathname } = new URL(address);
  return `${host}${pathname.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$)/gi, '/:id').replace(/\/A-\d+(?=\/|$)/g, '/:id')}`;
}

/** Fails the test on page errors, CSP violations and CSP console errors in any page of the context. */
async function guard(context: BrowserContext, findings: Findings): Promise<void> {
  context.on('weberror', (e) => findings.problems.push(`page error: ${e.error().message}`));
  context.on('console', (msg) => {
    if (msg.type() === 'error' && /Content.Security.Policy|Refused to/i.test(msg.text())) findings.problems.push(`csp console: ${msg.text()}`);
  });
  await context.exposeBinding('__e2eCspViolation', (_source, text: string) => findings.problems.push(`securitypolicyviolation: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __e2eCspViolation: (t: string) => void }).__e2eCspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('page', (page) => track(page, findings));
}

/**
 * Pages checked by axe in this run: a file per page key in the folder globalSetup made (`E2E_AXE_CLAIMS`), created
 * exclusively, so of the workers only the first to claim a page checks it; within a worker alone without it.
 */
const checked = (() => {
  const dir = process.env.E2E_AXE_CLAIMS;
  const mine = new Set<string>();
  const file = (key: string) => join(dir as string, createHash('sha1').update(key).digest('hex'));
  return {
    has: (key: string) => mine.has(key) || (!!dir && existsSync(file(key))),
    /** True when this worker is the first to claim `key` (it then checks the page). */
    claim(key: string): boolean {
      if (mine.has(key)) return false;
      mine.add(key);
      if (!dir) return true;
      try {
        writeFileSync(file(key), key, { flag: 'wx' });
        return true;
      } catch {
        return false;
      }
    },
  };
})();

/** Waits for the document to load and the app to render its `main` (a page without one is checked as it is). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('main').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
}

/** Runs axe on the page as it is, once per page key; violations go to the findings. */
async function checkA11y(page: Page, findings: Findings): Promise<void> {
  const key = pageKey(page.url());
  if (!key || page.isClosed() || !checked.claim(key)) return;
  findings.visited.delete(key);
  await settle(page);
  // Hydrated: a server-rendered form's button is disabled until the app has the page, then fades to its colours
  // (a transition that starts after the wait below would be read mid-way).
  if (await page.locator('main[data-step]').count()) await page.locator('main[data-step][data-ready]').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
  const axe = new AxeBuilder({ page });
  // At rest: no animation running (a spinner's endless one never ends: only finite ones are waited for).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  // With a modal <dialog> open, it is all that is exposed (the browser makes the rest inert): check it
  // alone; the page behind it is checked on its own visit.
  if (await page.locator('dialog[open]').count()) axe.include('dialog[open]');
  const { violations } = await axe.analyze();
  for (const v of violations) {
    findings.violations.push(`${page.url()}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  }
}

/** Pages already tracked (the default page is seen both by the context's 'page' event and by the `page` fixture). */
const tracked = new WeakSet<Page>();

/** Notes every page the test visits and checks a page with axe before `goto`/`reload` leave it. */
function track(page: Page, findings: Findings): void {
  if (tracked.has(page)) return;
  tracked.add(page);
  page.on('framenavigated', (frame) => {
    const key = frame === page.mainFrame() ? pageKey(frame.url()) : undefined;
    if (key && !checked.has(key) && !findings.visited.has(key)) findings.visited.set(key, { url: frame.url(), context: page.context() });
  });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (address, options) => {
    await checkA11y(page, findings);
    const response = await goto(address, options);
    // `waitUntil: 'commit'` asks for the page as it arrives (a test that holds the app's scripts back).
    if (options?.waitUntil !== 'commit') await appTookOver(page, response);
    return response;
  };
  page.reload = async (options) => {
    await checkA11y(page, findings);
    const response = await reload(options);
    await appTookOver(page, response);
    return response;
  };
}

/**
 * A page the server rendered (its step's `<main>` is there before the scripts run) answers to clicks and typing only
 * once the app has taken it over, which marks the step `data-ready` (StepScreen): `goto` and `reload` wait for that,
 * as a user waits for a page to respond. Only a page served with its hydration data is waited for (pages the browser
 * draws itself, error pages included, answer as soon as they show).
 */
async function appTookOver(page: Page, response: Response | null): Promise<void> {
  const html = response && /text\/html/.test(response.headers()['content-type'] ?? '') ? await response.text().catch(() => '') : '';
  if (!html.includes('id="app-hydration"')) return;
  await page.waitForFunction(() => !document.querySelector('main[data-step]') || document.querySelector('main[data-step][data-ready]') !== null, null, { timeout: 20_000 });
}

/** At the end of a passing test: every open page as it is, then each page left by a click, opened again. */
async function checkVisited(findings: Findings, fallback: BrowserContext): Promise<void> {
  for (const context of findings.contexts) for (const page of context.pages()) await checkA11y(page, findings);
  for (const [key, { url, context }] of [...findings.visited]) {
    if (checked.has(key)) continue;
    const open = findings.contexts.find((c) => c === context && c.pages().length) ?? fallback;
    const page = await open.newPage();
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    // A page that now redirects (signed out at the end) is checked where it lands and as itself.
    await checkA11y(page, findings);
    checked.claim(key);
    await page.close();
  }
}

export const test = base.extend<E2EFixtures>({
  findings: async ({}, use) => {
    await use({ problems: [], violations: [], visited: new Map(), contexts: [] });
  },
  context: async ({ context, findings }, use) => {
    await guard(context, findings);
    findings.contexts.push(context);
    await use(context);
  },
  page: async ({ page, findings }, use) => {
    // The context's 'page' listener may or may not have seen the default page: track() takes a page once.
    track(page, findings);
    await use(page);
  },
  // Torn down before `page` and `newPage` (it depends on both): the pages are still open for the last checks.
  endChecks: [async ({ page, newPage, findings }, use, testInfo) => {
    void newPage;
    await use();
    if (testInfo.status === testInfo.expectedStatus) await checkVisited(findings, page.context());
    expect(findings.problems, 'page errors and CSP violations').toEqual([]);
    expect(findings.violations, 'axe violations on the pages visited').toEqual([]);
  }, { auto: true }],
  newPage: async ({ browser, findings }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (viewport) => {
      const context = await browser.newContext({ viewport });
      opened.push(context);
      await guard(context, findings);
      findings.contexts.push(context);
      return context.newPage();
    });
    await Promise.all(opened.map((c) => c.close()));
  },
  url: async ({}, use) => use(urlOf),
  graphql: async ({}, use) => {
    // Node cannot resolve *.localhost: requests go to 127.0.0.1 with the Host header, carrying the
    // browser context's cookies for that host and storing the cookies the server sets back into it.
    await use(async <T,>(page: Page, host: string, query: string, variables: Record<string, unknown> = {}) => {
      const context = page.context();
      const cookie = (await context.cookies(urlOf(host, '/'))).map((c) => `${c.name}=${c.value}`).join('; ');
      const res = await postJson(host, '/graphql', { query, variables }, { origin: urlOf(host, ''), ...(cookie ? { cookie } : {}) });
      const set = res.setCookies.map((line) => parseSetCookie(line, host));
      if (set.length) await context.addCookies(set);
      return JSON.parse(res.body) as GraphQLAnswer<T>;
    });
  },
  login: async ({ graphql }, use) => {
    await use(async (page, email, options = {}) => {
      const host = options.host ?? demoHost(email);
      const answer = await graphql<{ login: LoginAnswer }>(page, host,
        'mutation E2ELogin($email: String!, $password: String!) { login(email: $email, password: $password) { success error redirectTo user { id email firstName lastName region } } }',
        { email, password: options.password ?? DEMO_PASSWORD });
      const result = answer.data?.login;
      if (!result?.success) throw new Error(`login ${email} on ${host} failed: ${JSON.stringify(answer)}`);
      return result;
    });
  },
  mailbox: async ({}, use) => {
    await use(async (to) => {
      const res = await fetch(`http://127.0.0.1:${port()}/dev/mailbox.json${to ? `?to=${encodeURIComponent(to.toLowerCase())}` : ''}`);
      if (!res.ok) throw new Error(`dev mailbox answered ${res.status}`);
      return (await res.json()) as MailboxMessage[];
    });
  },
  freshApplication: async ({}, use) => {
    await use(async (spec) => {
      const res = await fetch(`http://127.0.0.1:${port()}/dev/applications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
      if (res.status !== 201) throw new Error(`/dev/applications answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as FreshApplication;
    });
  },
  shoot: async ({}, use) => {
    mkdirSync(SHOTS, { recursive: true });
    await use(async (page, name, options = {}) => {
      const path = join(SHOTS, `${name}.png`);
      await page.screenshot({ path, fullPage: options.fullPage ?? true });
      return path;
    });
  },
});

/** A `{placeholder}` left unfilled. */
const PLACEHOLDER = /\{[^{}\s]{1,80}\}/;
/** A dotted message key (`calculator.results.title`, `brand.name`) as a whole value. */
const WHOLE_KEY = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** A dotted key of three or more parts inside a text (not part of an e-mail, a host or a path). */
const INNER_KEY = /(?<![@/\w.-])[a-z][A-Za-z0-9_]*(\.[a-z][A-Za-z0-9_]*){2,}(?![\w@/-]|\.[A-Za-z])/;

/**
 * What a user reads on the page (text, `title`, `aria-label`, `alt`, `placeholder`, the document title)
 * that is a raw `{placeholder}` or a dotted message key; each entry names where it was found.
 */
export async function rawTextProblems(page: Page): Promise<string[]> {
  const read = await page.evaluate(() => {
    const out: { where: string; value: string }[] = [{ where: 'document title', value: document.title }];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      const value = (n.textContent ?? '').trim();
      // A link showing its own address (`www.fleetform.example`) is not a message key.
      const link = parent.closest('a');
      if (link && value && (link.getAttribute('href') ?? '').includes(value)) continue;
      if (value) out.push({ where: `text in <${parent.tagName.toLowerCase()}>`, value });
    }
    for (const attr of ['title', 'aria-label', 'alt', 'placeholder']) {
      for (const el of document.querySelectorAll(`[${attr}]`)) {
        if (el.tagName === 'TITLE') continue;
        out.push({ where: `${attr} of <${el.tagName.toLowerCase()}>`, value: el.getAttribute(attr) ?? '' });
      }
    }
    return out;
  });
  return read
    .filter(({ value }) => PLACEHOLDER.test(value) || WHOLE_KEY.test(value.trim()) || INNER_KEY.test(value))
    .map(({ where, value }) => `${where}: ${JSON.stringify(value)}`);
}

/** Fails when the page shows a raw placeholder or message key (see `rawTextProblems`). */
export async function expectNoRawText(page: Page, what = page.url()): Promise<void> {
  expect(await rawTextProblems(page), `raw text on ${what}`).toEqual([]);
}
