/**
 * Production mode with the manifest the server builds itself (no PERSISTED_MANIFEST): every GraphQL
 * document the front end can send runs, sent by the front end's own code over HTTP: the session loader
 * (app/session.ts), the flows' bindings through the runtime's Apollo executor (runtime/react/bindings,
 * documents as the build makes them for every layer selection) and the logout effect. Anything else
 * is refused before parsing.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSession } from '../../../app/session';
import { logout } from '../../../extensions/effects/logout';
import { layerChoices, layerCombinations } from '../../../runtime/core';
import { BindingError, createGraphQLClient } from '../../../runtime/react/bindings/createGraphQLClient';
import { createBundle, loadDefinitionsFromDir, loadSdl } from '../../../runtime/node';
import { overHttp, ROOT, startServer, useHarness } from './harness';

const PERSISTED_REFUSALS = ['Only persisted operations are accepted.', 'PersistedQueryNotFound'];
const DEMO = { email: 'primary.approvals.au@demo.example', password: 'Fleetform-Demo-1' };

/** The binding documents of the browser bundles, built as scripts/compileValidators.ts builds them. */
function frontEndBindings(): Record<string, string> {
  const { defs } = loadDefinitionsFromDir(ROOT);
  const sdl = [loadSdl(join(ROOT, defs.config.graphql ?? 'server/graphql'))];
  const selections = [...(layerChoices(defs).region ?? []).map((region) => ({ region })), ...layerCombinations(defs)];
  const out: Record<string, string> = {};
  for (const selection of selections) Object.assign(out, createBundle(defs, selection, sdl).bundle.operations);
  return out;
}

describe('production: the operations the front end sends are persisted', () => {
  const s = useHarness(() => startServer('pglite', { config: { production: true } }).then((started) => overHttp(started)));
  const jar = new Map<string, string>();
  const realFetch = globalThis.fetch;
  const realLocation = (globalThis as { location?: unknown }).location;
  const sent: string[] = [];

  beforeAll(() => {
    // The browser's part: relative URLs on this origin, and a cookie jar for the session cookie.
    globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, s.base);
      const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const body = init.body ?? (input instanceof Request ? await input.text() : undefined);
      if (typeof body === 'string') sent.push((JSON.parse(body) as { query?: string }).query ?? '');
      const res = await realFetch(url, { ...init, method: init.method ?? (input instanceof Request ? input.method : 'GET'), headers, body });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const eq = pair.indexOf('=');
        if (/Max-Age=0/.test(cookie)) jar.delete(pair.slice(0, eq));
        else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      // Read the answer here (as a browser has it before scripts read it).
      return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
    };
    (globalThis as { location?: unknown }).location = { assign: () => undefined };
  });

  afterAll(() => {
    globalThis.fetch = realFetch;
    (globalThis as { location?: unknown }).location = realLocation;
  });

  /**
   * Run a binding as the runtime does; answers its result or the error message it surfaced. A client of its own per
   * call: every binding reaches the server. `plain`: as a page sends it before Apollo is loaded (the document as
   * written); `apollo`: through Apollo (`__typename` added), loaded first by a small cacheable query (`industries`).
   */
  let industries: string | undefined;
  async function binding(name: string, document: string, variables: Record<string, unknown>, via: 'plain' | 'apollo'): Promise<{ result?: unknown; error?: string }> {
    try {
      industries ??= frontEndBindings().industries;
      const operations = { [name]: document, industries };
      const graphql = createGraphQLClient({ operations, graphqlCache: { noCache: via === 'plain' ? [name] : [], keyFields: {} } }, { uri: `${s.base}/graphql` });
      if (via === 'apollo') await graphql.call('industries', {});
      return { result: await graphql.call(name, variables) };
    } catch (e) {
      if (e instanceof BindingError) return { error: e.message };
      throw e;
    }
  }

  it('the session loader runs signed out and signed in', async () => {
    const anonymous = await loadSession({}, `${s.base}/graphql`);
    expect(anonymous, JSON.stringify(anonymous)).toMatchObject({ status: 'anonymous' });
    const bindings = frontEndBindings();
    const login = await binding('login', bindings.login, DEMO, 'plain');
    expect(login.result).toMatchObject({ success: true });
    expect([...jar.keys()]).toEqual(['__Host-ff_session']);
    const session = await loadSession({}, `${s.base}/graphql`);
    expect(session.status).toBe('signedIn');
    expect(JSON.stringify(session)).toContain(DEMO.email);
    expect(sent.some((q) => q.includes('getVehicleApplication'))).toBe(true);
  }, 30_000);

  it('every binding of every layer selection passes the persisted check (with the variables the flows give, it runs)', async () => {
    const bindings = frontEndBindings();
    expect(Object.keys(bindings).length).toBeGreaterThan(5);
    const me = (await s.services.database.db.selectFrom('users').select('id').where('email', '=', DEMO.email).executeTakeFirstOrThrow()).id;
    // Variables for the operations a visitor or this signed-in officer may run harmlessly; the others are
    // sent without variables: they pass the persisted check and stop at variable validation.
    const variables: Record<string, Record<string, unknown>> = {
      session: {},
      login: DEMO,
      requestPasswordReset: { email: 'nobody@demo.example' },
      resetPassword: { email: 'nobody@demo.example', hash: 'nothing', password: 'x', confirmPassword: 'x' },
      fetchRatebook: { searchFilters: { countryCode: 'AU', pageSize: 25, currentPage: 1 } },
      fetchCacheMakeModel: { searchFilters: { countryCode: 'AU' } },
      getBusinessInfo: { param: 'Demo', region: 'AU' },
      updateShortlists: { userId: me, shortlists: [] },
    };
    const failures: string[] = [];
    for (const via of ['plain', 'apollo'] as const) {
      for (const [name, document] of Object.entries(bindings)) {
        const outcome = await binding(name, document, variables[name] ?? {}, via);
        if (outcome.error && PERSISTED_REFUSALS.includes(outcome.error)) failures.push(`${name} (${via}): ${outcome.error}`);
        if (name in variables && outcome.error) failures.push(`${name} (${via}) did not run: ${outcome.error}`);
      }
    }
    expect(failures).toEqual([]);
    // Both variants reached the server: as written, and with Apollo's __typename (the manifest holds both).
    expect(sent.some((q) => q.includes('__typename'))).toBe(true);
    expect(sent.some((q) => q.startsWith('mutation') && !q.includes('__typename'))).toBe(true);
  }, 60_000);

  it('the logout effect runs', async () => {
    await logout({}, { navigate: () => undefined });
    expect(jar.size).toBe(0);
  });

  it('refuses an operation that is not persisted, by text or by hash', async () => {
    for (const query of ['{ __typename }', 'query session { session { user { id email firstName lastName region phone } redirectTo } }', 'query Other { session { redirectTo } }']) {
      const r = await s.gql(query);
      expect(r.body.errors?.[0].extensions?.code, query).toBe('PERSISTED_QUERY_ONLY');
      expect(r.body.data).toBeUndefined();
    }
    const byHash = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } }) });
    expect(((await byHash.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});
