/**
 * Server rendering for a signed-in visitor (issue 36 item 5), the server's half, on PGlite: a route the entry renders
 * for a signed-in visitor (`renders(page, path, true)`, `settings.serverRender.signedIn`) goes out rendered for the
 * session cookie's user alone, every call through the API as them (its authorisation: another user's application is
 * refused), never kept nor shared: `Cache-Control: private, no-store` and no validator, so no cache stores it and a
 * second visitor never gets the first one's page; without a session, or with one that is over, the plain page (the
 * app then sends the visitor to sign in). The real entry (app/server.tsx, built) is exercised by
 * tests/e2e/serverRender.spec.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { scratchDir } from '../../scratch';

const HTML = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title></title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the built app/server.tsx: renders /mine/<applicationId> for a signed-in visitor with their e-mail
 * (`asVisitor`, the whole answer) and what the API answers them for that application (`execute`, as them too).
 */
const ENTRY = `
export function renders(page, path, signedIn) { return signedIn === true && path.startsWith('/mine/'); }
export function pageStyle() { return ''; }
export async function render(request) {
  if (!request.asVisitor) throw new Error('an anonymous render of a signed-in route');
  const who = await request.asVisitor('query user { user { id email } }', {});
  if (!who.data || !who.data.user) return null;
  const applicationId = request.path.slice('/mine/'.length);
  let application;
  try {
    application = (await request.execute('query app($id: ID) { getVehicleApplication(applicationId: $id) { applicationId } }', 'getVehicleApplication', { id: applicationId })).applicationId;
  } catch (error) {
    application = 'refused';
  }
  return {
    head: '',
    html: '<main data-user="' + who.data.user.email + '">' + application + '</main>',
    hydration: { path: request.path, search: request.search, environment: { host: request.host, origin: request.origin }, answers: {}, session: { user: who.data.user, record: {}, idle: null } },
  };
}`;

describe('server rendering for a signed-in visitor (pglite)', () => {
  let root: string;
  let s: TestServer;
  let first: { cookie: string; email: string; applicationId: string };
  let second: { cookie: string; email: string; applicationId: string };

  beforeAll(async () => {
    root = scratchDir('ff-ssr-signed-in');
    mkdirSync(join(root, 'dist'), { recursive: true });
    mkdirSync(join(root, 'dist-server'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), HTML);
    writeFileSync(join(root, 'dist-server', 'server.js'), ENTRY);
    s = await startServer('pglite', { serveStatic: true, config: { root } });
    const signIn = async (email: string) => {
      const cookie = await s.login(email);
      const app = await s.gql('query { getVehicleApplication { applicationId } }', {}, { cookie });
      return { cookie, email, applicationId: (app.body.data?.getVehicleApplication as { applicationId: string }).applicationId };
    };
    first = await signIn('primary.approvals.au@demo.example');
    second = await signIn('primary.orderverification.au@demo.example');
  }, 180_000);
  afterAll(async () => s?.close());

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await s.request(path, { headers });
    return { res, html: await res.text() };
  };

  it('renders the page for the session\'s user alone, through the API as them, never stored by any cache', async () => {
    const mine = await page(`/mine/${first.applicationId}`, { cookie: first.cookie });
    expect(mine.res.status).toBe(200);
    expect(mine.html).toContain(`<div id="root"><main data-user="${first.email}">${first.applicationId}</main></div>`);
    expect(mine.res.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.res.headers.get('etag')).toBeNull();
    expect(mine.res.headers.get('vary')).toBe('Host, Cookie, Accept-Encoding');
    // Asked again with a validator: the page again, rendered again (nothing to revalidate against).
    const again = await page(`/mine/${first.applicationId}`, { cookie: first.cookie, 'if-none-match': '*' });
    expect(again.res.status).toBe(200);
    expect(again.html).toContain(`data-user="${first.email}"`);
  });

  it('gives another user\'s cookie their own page at the same address: the first user\'s application refused, nothing of theirs', async () => {
    await page(`/mine/${first.applicationId}`, { cookie: first.cookie });
    const other = await page(`/mine/${first.applicationId}`, { cookie: second.cookie });
    expect(other.html).toContain(`<main data-user="${second.email}">refused</main>`);
    expect(other.html).not.toContain(first.email);
    expect(other.res.headers.get('cache-control')).toBe('private, no-store');
    const own = await page(`/mine/${second.applicationId}`, { cookie: second.cookie });
    expect(own.html).toContain(`<main data-user="${second.email}">${second.applicationId}</main>`);
  });

  it('serves the plain page without a session, or with one that is over (the app sends the visitor to sign in)', async () => {
    await page(`/mine/${first.applicationId}`, { cookie: first.cookie });
    const anonymous = await page(`/mine/${first.applicationId}`);
    expect(anonymous.html).toContain('<div id="root"></div>');
    expect(anonymous.html).not.toContain(first.email);
    const [name] = first.cookie.split('=');
    const over = await page(`/mine/${first.applicationId}`, { cookie: `${name}=not-a-session` });
    expect(over.html).toContain('<div id="root"></div>');
    expect(over.html).not.toContain(first.email);
    expect(over.res.headers.get('cache-control')).toBe('private, no-store');
  });
});
