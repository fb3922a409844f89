/** Hardening: limits, CSRF, GET mutations, batching, masked errors, production mode, health, headers. */
import { createHash } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToManifest, normalise, type PersistedManifest } from '../../../server/plugins/persistedManifest';
import { startServer, useHarness, type TestServer } from './harness';

describe('hardening (development mode)', () => {
  const s = useHarness(() => startServer('pglite', { limits: { maxDepth: 3, maxAliases: 2, maxCost: 6 } }));

  it('allows a query within the limits', async () => {
    const r = await s.gql('{ session { user { email } } }');
    expect(r.body.errors).toBeUndefined();
  });

  it('refuses depth, alias and cost over the limits, fragments expanded', async () => {
    const depth = await s.gql(`{ getVehicleApplication { scoreboard { currentUser { region } } } }`);
    expect(depth.body.errors?.[0].message).toBe('Operation depth 4 exceeds the limit of 3.');
    const viaFragment = await s.gql(`query { ...A } fragment A on Query { getVehicleApplication { ...B } } fragment B on VehicleApplication { scoreboard { currentUser { region } } }`);
    expect(viaFragment.body.errors?.[0].message).toBe('Operation depth 4 exceeds the limit of 3.');
    const aliases = await s.gql(`{ a: __typename b: __typename c: __typename }`);
    expect(aliases.body.errors?.[0].message).toBe('Operation alias count 3 exceeds the limit of 2.');
    const cost = await s.gql(`{ session { user { id email firstName lastName region } redirectTo } }`);
    expect(cost.body.errors?.[0].message).toBe('Operation cost 8 exceeds the limit of 6.');
    expect(cost.body.data).toBeUndefined();
  });

  it('exempts only the depth of introspection in development: its aliases, fields and root selections count', async () => {
    // Depth 6 under __type, within the cost limit: runs.
    const deep = await s.gql(`{ __type(name: "Query") { fields { type { name ofType { name } } } } }`);
    expect(deep.body.errors).toBeUndefined();
    expect((deep.body.data?.__type as { fields: unknown[] }).fields.length).toBeGreaterThan(0);
    const aliases = await s.gql(`{ a: __typename b: __typename __schema { c: queryType { name } } }`);
    expect(aliases.body.errors?.map((e) => e.message)).toEqual(['Operation alias count 3 exceeds the limit of 2.']);
    const cost = await s.gql(`{ __schema { types { name kind description fields { name } } } }`);
    expect(cost.body.errors?.map((e) => e.message)).toEqual(['Operation cost 7 exceeds the limit of 6.']);
    const twice = await s.gql(`{ __schema { queryType { name } } __type(name: "Query") { name } }`);
    expect(twice.body.errors?.map((e) => e.message)).toEqual(['Operation introspection field count 2 exceeds the limit of 1.']);
    expect(twice.body.data).toBeUndefined();
  });

  it('still limits what an operation selects beside introspection, fragments expanded', async () => {
    const depth = await s.gql(`{ __type(name: "Query") { name } getVehicleApplication { scoreboard { currentUser { region } } } }`);
    expect(depth.body.errors?.map((e) => e.message)).toEqual(['Operation depth 4 exceeds the limit of 3.']);
    expect(depth.body.data).toBeUndefined();
    const viaFragment = await s.gql(`{ ...F __type(name: "Query") { name } } fragment F on Query { getVehicleApplication { scoreboard { currentUser { region } } } }`);
    expect(viaFragment.body.errors?.map((e) => e.message)).toEqual(['Operation depth 4 exceeds the limit of 3.']);
  });

  it('refuses non-JSON posts and cross-origin posts (CSRF)', async () => {
    const form = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'query={__typename}' });
    expect(form.status).toBe(403);
    const plain = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"query":"{__typename}"}' });
    expect(plain.status).toBe(403);
    const cross = await s.gql('{ __typename }', {}, { headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    const same = await s.gql('{ __typename }', {}, { headers: { origin: 'http://au.localhost' } });
    expect(same.body.data).toEqual({ __typename: 'Query' });
  });

  it('refuses mutations over GET and batched requests', async () => {
    const get = await s.request(`/graphql?query=${encodeURIComponent('mutation { logout { success } }')}`, { headers: { accept: 'application/json' } });
    expect(get.status).toBe(405);
    const batch = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ query: '{__typename}' }, { query: '{__typename}' }]) });
    expect(batch.status).toBeGreaterThanOrEqual(400);
  });

  it('serves /healthz and /readyz with nosniff and a request id', async () => {
    expect((await s.request('/healthz')).status).toBe(200);
    const ready = await s.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ready.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // The only health pair: yoga's own /health (which answers any URL ending so) is off.
    for (const path of ['/health', '/graphql/health', '/x?/health']) expect((await s.request(path)).status, path).toBe(404);
  });
});

describe('introspection in development, default limits', () => {
  const s = useHarness(() => startServer('pglite'));

  it('answers the standard introspection query (depth 15, over the depth limit of 12), as graphql-js and GraphiQL send it', async () => {
    const full = { descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true };
    for (const query of [getIntrospectionQuery(), getIntrospectionQuery(full)]) {
      const r = await s.gql(query);
      expect(r.status).toBe(200);
      expect(r.body.errors).toBeUndefined();
      expect((r.body.data?.__schema as { types: unknown[] }).types.length).toBeGreaterThan(10);
    }
  });

  it('refuses introspection that would answer the schema many times over (the reported 40 aliased __schema, and 15 within the alias limit)', async () => {
    const copies = (n: number) => `{ ${Array.from({ length: n }, (_, k) => `a${k}: __schema { types { name kind description fields { name description } } }`).join(' ')} }`;
    const forty = await s.gql(copies(40));
    expect(forty.body.data).toBeUndefined();
    expect(forty.body.errors?.map((e) => e.message)).toEqual(['Operation alias count 40 exceeds the limit of 15.', 'Operation introspection field count 40 exceeds the limit of 1.']);
    const fifteen = await s.gql(copies(15));
    expect(fifteen.body.data).toBeUndefined();
    expect(fifteen.body.errors?.map((e) => e.message)).toEqual(['Operation introspection field count 15 exceeds the limit of 1.']);
    expect(JSON.stringify(fifteen.body).length).toBeLessThan(1000);
    // The same selection once is answered.
    const once = await s.gql(copies(1));
    expect(once.body.errors).toBeUndefined();
  });
});

describe('masked errors', () => {
  let s: TestServer;
  beforeAll(async () => {
    const boom = () => {
      throw new Error('database password is hunter2 at /srv/secret.ts:12');
    };
    s = await startServer('pglite', { resolvers: { Query: { session: boom } } });
  }, 60_000);
  afterAll(async () => s?.close());

  it('answers Unexpected error. without message, stack or path details', async () => {
    const r = await s.gql('{ session { redirectTo } }');
    expect(r.body.errors?.[0].message).toBe('Unexpected error.');
    expect(JSON.stringify(r.body)).not.toMatch(/hunter2|secret\.ts|stack/);
  });
});

describe('production mode', () => {
  let s: TestServer;
  const op = 'query Me { session { user { email } } }';
  beforeAll(async () => {
    const manifest: PersistedManifest = {};
    addToManifest(manifest, op);
    addToManifest(manifest, 'mutation Login($e: String!, $p: String!) { login(email: $e, password: $p) { success } }');
    s = await startServer('pglite', { manifest, config: { production: true } });
  }, 60_000);
  afterAll(async () => s?.close());

  it('runs persisted operations, by full text or by hash only', async () => {
    expect((await s.gql(op)).body).toEqual({ data: { session: null } });
    const hash = createHash('sha256').update(normalise(op)).digest('hex');
    const r = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }) });
    expect(await r.json()).toEqual({ data: { session: null } });
  });

  it('refuses other operations and introspection', async () => {
    const other = await s.gql('{ __typename }');
    expect(other.body.errors?.[0].message).toBe('Only persisted operations are accepted.');
    const intro = await s.gql('{ __schema { types { name } } }');
    expect(intro.body.errors?.[0].message).toBe('Only persisted operations are accepted.');
    const unknownHash = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } }) });
    expect(((await unknownHash.json()) as { errors: { message: string }[] }).errors[0].message).toBe('PersistedQueryNotFound');
  });

  it('sets Secure __Host- cookies', async () => {
    const r = await s.gql('mutation Login($e: String!, $p: String!) { login(email: $e, password: $p) { success } }', { e: 'primary.finished.au@demo.example', p: 'Fleetform-Demo-1' });
    expect(r.headers.get('set-cookie')).toMatch(/^__Host-ff_session=.*; Secure/);
  });
});

describe('introspection in production is refused even when persisted', () => {
  let s: TestServer;
  beforeAll(async () => {
    const manifest: PersistedManifest = {};
    addToManifest(manifest, '{ __schema { queryType { name } } }');
    addToManifest(manifest, getIntrospectionQuery());
    s = await startServer('pglite', { manifest, config: { production: true } });
  }, 60_000);
  afterAll(async () => s?.close());

  it('answers a validation error', async () => {
    const r = await s.gql('{ __schema { queryType { name } } }');
    expect(r.body.errors?.[0].message).toMatch(/introspection/i);
  });

  it('refuses the standard introspection query, persisted or not', async () => {
    // A validation error: 400 to an application/graphql-response+json client (200 to an application/json one).
    const persisted = await s.gql(getIntrospectionQuery(), {}, { headers: { accept: 'application/graphql-response+json' } });
    expect(persisted.status).toBe(400);
    expect(persisted.body.data).toBeUndefined();
    expect(persisted.body.errors?.map((e) => e.extensions?.code)).toContain('INTROSPECTION_DISABLED');
    const other = await s.gql(getIntrospectionQuery({ descriptions: false }));
    expect(other.status).toBe(400);
    expect(other.body.errors?.[0].message).toBe('Only persisted operations are accepted.');
  });
});
