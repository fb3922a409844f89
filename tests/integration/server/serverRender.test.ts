/**
 * Server rendering (issue 16 item 2), the server's half: with the app's built server-render entry in
 * dist-server/server.js, a route it renders goes out to an anonymous visitor with the entry's markup in
 * the root element, its head markup and `<title>`, the brand's JSON data block and the hydration data
 * block (no inline script), each load run through this server's own GraphQL schema in-process; a
 * request with the session cookie gets the brand's plain page (Vary: Cookie); renders are kept per
 * brand + path + query; without the entry the plain page is served and the server says so once.
 * The real entry (app/server.tsx, built) is exercised by tests/e2e/serverRender.spec.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HYDRATION_ID } from '../../../runtime/core/serverRender';
import { parseHydration } from '../../../app/pageData';
import { PAGE_CONFIG_ID } from '../../../runtime/core/pageConfig';
import { createLogger } from '../../../server/log';
import { startServer, useHarness } from './harness';
import { scratchDir } from '../../scratch';

const HTML = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title></title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

/** A stand-in for the built app/server.tsx: renders /rendered/* with a load answered by the server's own GraphQL. */
const ENTRY = `
let count = 0;
export const renderCount = () => count;
export function renders(page, path, signedIn) { return !signedIn && path.startsWith('/rendered'); }
export function pageStyle(page) { return ':root { --brand: ' + page.selection.brand + '; }'; }
export async function render(request) {
  count++;
  const typename = await request.execute('query probe { __typename }', '__typename', {});
  return {
    head: '<style data-make-styles-bucket="d">.a{color:red}</style>',
    html: '<main data-step="x"><h1>' + request.page.selection.brand + ' ' + request.path + request.search + '</h1><p>' + typename + '</p></main>',
    title: 'Rendered <page>',
    hydration: { path: request.path, search: request.search, environment: { host: request.host, origin: request.origin }, answers: { 'probe {}': typename } },
  };
}`;

describe('server rendering of the app\'s page', () => {
  const root = scratchDir('ff-ssr');
  const warnings: string[] = [];
  // The project's definitions, the built page and entry of the temporary root.
  const s = useHarness(() => {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), HTML);
    const log = createLogger('warn', {}, (line: string) => { warnings.push(line); });
    return startServer('pglite', { serveStatic: true, config: { root }, log });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    Promise.resolve(s.app.fetch(`http://au.localhost${path}`, { headers: { host: 'au.localhost', ...headers } }));

  it('serves the plain page while the entry is not built, and says so once', async () => {
    const first = await get('/rendered/a');
    const second = await get('/rendered/a');
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('<div id="root"></div>');
    expect(await second.text()).toContain('<div id="root"></div>');
    expect(warnings.filter((l) => l.includes('server-render entry is not built'))).toHaveLength(1);
  });

  it('renders a route the entry renders: markup, head, title, both data blocks, no inline script; Vary: Cookie', async () => {
    mkdirSync(join(root, 'dist-server'), { recursive: true });
    writeFileSync(join(root, 'dist-server', 'server.js'), ENTRY);
    const res = await get('/rendered/a?x=1&y=%3Cb%3E');
    const html = await res.text();
    expect(res.headers.get('vary')).toBe('Host, Cookie, Accept-Encoding');
    expect(html).toContain('<div id="root"><main data-step="x"><h1>acme-au /rendered/a?x=1&y=%3Cb%3E</h1><p>Query</p></main></div>');
    expect(html).toContain('<title>Rendered &lt;page></title>');
    expect(html).toContain('<style data-make-styles-bucket="d">.a{color:red}</style>');
    // The brand's style sheet (the theme) in the head, before the render's own styles.
    expect(html.indexOf('<style id="app-theme">:root { --brand: acme-au; }</style>')).toBeGreaterThan(html.indexOf('<head>'));
    expect(html.indexOf('<style id="app-theme">')).toBeLessThan(html.indexOf('<style data-make-styles-bucket="d">'));
    expect(html).toContain(`<script type="application/json" id="${PAGE_CONFIG_ID}">`);
    const block = new RegExp(`<script type="application/json" id="${HYDRATION_ID}">([\\s\\S]*?)</script>`).exec(html);
    expect(parseHydration(block?.[1])).toEqual({ path: '/rendered/a', search: '?x=1&y=%3Cb%3E', environment: { host: 'au.localhost', origin: 'http://au.localhost' }, answers: { 'probe {}': 'Query' } });
    // Every script is the app's module or a JSON data block: nothing the CSP would refuse.
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/type="(module|application\/json)"/);
    // The scripts hydrate what is on screen already: asked for behind the screen's own content.
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    // Revalidation by its ETag; the brotli form of the same page.
    const again = await get('/rendered/a?x=1&y=%3Cb%3E', { 'if-none-match': res.headers.get('etag') as string });
    expect(again.status).toBe(304);
    const br = await get('/rendered/a?x=1&y=%3Cb%3E', { 'accept-encoding': 'br' });
    expect([br.headers.get('content-encoding'), br.headers.get('etag')]).toEqual(['br', res.headers.get('etag')]);
  });

  it('keeps a render per brand, path and query; a signed-in visitor (session cookie) gets the plain page', async () => {
    const entry = (await import(join(root, 'dist-server', 'server.js'))) as { renderCount(): number };
    const before = entry.renderCount();
    await get('/rendered/b');
    await get('/rendered/b');
    expect(entry.renderCount() - before).toBe(1);
    await get('/rendered/b?page=2');
    expect(entry.renderCount() - before).toBe(2);
    const signedIn = await get('/rendered/b', { cookie: 'ff_session=abc' });
    const signedInHtml = await signedIn.text();
    expect(signedInHtml).toContain('<div id="root"></div>');
    expect(signedInHtml).toContain('<style id="app-theme">:root { --brand: acme-au; }</style>');
    // There the scripts draw the screen: the build's priorities.
    expect(signedInHtml).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(signedIn.headers.get('vary')).toBe('Host, Cookie, Accept-Encoding');
    // A route the entry does not render: the plain page, varying by Host only.
    const plain = await get('/other');
    const plainHtml = await plain.text();
    expect(plainHtml).toContain('<div id="root"></div>');
    expect(plainHtml).toContain('<style id="app-theme">:root { --brand: acme-au; }</style>');
    expect(plain.headers.get('vary')).toBe('Host, Accept-Encoding');
  });
});
