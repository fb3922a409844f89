/**
 * E2E runner: starts the REAL server (`tsx server/main.ts`, fresh DATA_DIR, SKIP_BUILD=1, so dist/
 * must be built) with its own CSP (no 'unsafe-eval'), seeded demo data and dev mailbox, launches
 * Debian's Chromium, runs every tests/e2e/*.spec.ts (filter: `npm run test:e2e -- <word>`), then
 * stops the server. A test fails on any `securitypolicyviolation` event or uncaught page error.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/seedAll';
import { registry, type E2EContext, type LoginAnswer, type MailboxMessage } from './harness';
import { startRealServer } from './realServer';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
const SHOTS = join(ROOT, 'test-results');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Generous: a shared 2-core machine under load can take several times the idle duration.
const TEST_TIMEOUT_MS = 60_000;
/** Attempts per test: a failure is retried once (and reported FLAKY when the retry passes). */
const MAX_ATTEMPTS = 2;

/** Problems seen on a page that fail the test even when its assertions pass. */
type Problems = string[];

async function watch(page: Page, problems: Problems): Promise<void> {
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content.Security.Policy|Refused to/i.test(msg.text())) problems.push(`csp console: ${msg.text()}`);
  });
  await page.exposeFunction('__e2eCspViolation', (text: string) => problems.push(`securitypolicyviolation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __e2eCspViolation: (t: string) => void }).__e2eCspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
}

/** POSTs JSON to the local server with a Host header; answers the body and the Set-Cookie lines. */
function postJson(port: number, host: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: string; setCookies: string[] }> {
  const data = JSON.stringify(body);
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, host: `${host}:${port}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
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

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html is missing: run `npm run build` first');
  const filter = process.argv.slice(2).join(' ');
  for (const file of readdirSync(import.meta.dirname).filter((f) => f.endsWith('.spec.ts')).sort()) {
    await import(pathToFileURL(join(import.meta.dirname, file)).href);
  }
  const tests = registry.filter((t) => !filter || t.name.includes(filter));
  const started = performance.now();
  const server = await startRealServer(ROOT);
  const { port } = server;
  console.log(`real server on port ${port} ready in ${Math.round(performance.now() - started)} ms`);
  const url = (host: string, path: string) => `http://${host}:${port}${path}`;
  // Node cannot resolve *.localhost: requests go to 127.0.0.1 with the Host header, carrying the
  // browser context's cookies for that host and storing the cookies the server sets back into it.
  const graphql = async <T,>(page: Page, host: string, query: string, variables: Record<string, unknown> = {}) => {
    const context = page.context();
    const cookie = (await context.cookies(url(host, '/'))).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await postJson(port, host, '/graphql', { query, variables }, { origin: url(host, ''), ...(cookie ? { cookie } : {}) });
    const set = res.setCookies.map((line) => parseSetCookie(line, host));
    if (set.length) await context.addCookies(set);
    return JSON.parse(res.body) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  };
  const login: E2EContext['login'] = async (page, email, options = {}) => {
    const host = options.host ?? demoHost(email);
    const answer = await graphql<{ login: LoginAnswer }>(page, host,
      'mutation E2ELogin($email: String!, $password: String!) { login(email: $email, password: $password) { success error redirectTo user { id email firstName lastName region } } }',
      { email, password: options.password ?? DEMO_PASSWORD });
    const result = answer.data?.login;
    if (!result?.success) throw new Error(`login ${email} on ${host} failed: ${JSON.stringify(answer)}`);
    return result;
  };
  const mailbox: E2EContext['mailbox'] = async (to) => {
    const res = await fetch(`http://127.0.0.1:${port}/dev/mailbox.json${to ? `?to=${encodeURIComponent(to.toLowerCase())}` : ''}`);
    if (!res.ok) throw new Error(`dev mailbox answered ${res.status}`);
    return (await res.json()) as MailboxMessage[];
  };
  let failed = 0;
  let flaky = 0;
  let browser: Browser | undefined;
  try {
    const launched = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    browser = launched;
    mkdirSync(SHOTS, { recursive: true });
    // One retry, printed as FLAKY (never silent): an intermittent failure is reported without failing the
    // run. Known: 'an anonymous shortlist survives a reload' failed once in five full runs (to investigate).
    for (const t of tests) for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const problems: Problems = [];
      const contexts: Awaited<ReturnType<Browser['newContext']>>[] = [];
      const newPage = async (viewport: { width: number; height: number }): Promise<Page> => {
        const context = await launched.newContext({ viewport });
        contexts.push(context);
        const page = await context.newPage();
        page.setDefaultTimeout(5_000);
        await watch(page, problems);
        return page;
      };
      const page = await newPage({ width: 1280, height: 900 });
      const ctx: E2EContext = {
        browser: launched, page, context: contexts[0], newPage,
        url, login, graphql, mailbox,
        screenshot: async (name) => {
          const path = join(SHOTS, `${name}.png`);
          await page.screenshot({ path, fullPage: true });
          return path;
        },
      };
      const testStarted = performance.now();
      try {
        await Promise.race([t.fn(ctx), new Promise((_, no) => setTimeout(() => no(new Error('timed out')), TEST_TIMEOUT_MS))]);
        if (problems.length) throw new Error(problems.join('\n'));
        console.log(`${attempt > 1 ? 'FLAKY' : 'ok   '} ${t.name} (${Math.round(performance.now() - testStarted)} ms${attempt > 1 ? `, passed on attempt ${attempt}` : ''})`);
        if (attempt > 1) flaky++;
        attempt = MAX_ATTEMPTS;
      } catch (err) {
        const text = [err instanceof Error ? err.message : String(err), ...problems].join('\n      ');
        const last = attempt === MAX_ATTEMPTS;
        if (last) failed++;
        console.log(`${last ? 'FAIL ' : 'RETRY'} ${t.name}\n      ${text}`);
        if (process.env.E2E_SERVER_LOG) console.log(server.output());
      } finally {
        await Promise.all(contexts.map((c) => c.close()));
      }
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  console.log(`\n${tests.length - failed} passed (${flaky} flaky), ${failed} failed`);
  process.exitCode = failed || !tests.length ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
