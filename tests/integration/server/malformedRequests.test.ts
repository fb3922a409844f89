/**
 * Fuzz: malformed requests to /graphql answer a 4xx with a JSON error, never a 5xx, never a stack or a
 * file path, and log nothing at error level. A document that fails to parse or validate, or variables
 * that fail coercion (GraphQL request errors) answer as the GraphQL-over-HTTP spec has it: 400 to an
 * `application/graphql-response+json` client, 200 with errors and no data to an `application/json` one;
 * the document and variables cases alternate between the two. A fixed seed generates the same requests every run
 * (bodies, UTF-8, variables, extensions, content types, multipart, query strings, documents, methods,
 * Accept, Content-Length and sizes, paths); the count per category is printed. Requests go to the app's
 * fetch in-process (no sockets): development mode on every test database, production mode on PGlite.
 * Requests Node's HTTP parser refuses before the app sees them are sent over a socket.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../../server/http';
import { createLogger } from '../../../server/log';
import { BAD_REQUEST_KEY, refusalBody, requestRefusal } from '../../../server/plugins/requestRefusal';
import { route, routeFailure, router } from '../../../server/plugins/route';
import { addToManifest, type PersistedManifest } from '../../../server/plugins/persistedManifest';
import { DATABASES, startServer, useHarness, type TestServer } from './harness';
import { prng } from '../../../server/seed/prng';


const SEED = 0x5eed_0008;
/** Requests generated per category. */
const PER_CATEGORY = 250;

/** One generated request. */
interface Case {
  category: string;
  /** Path and query string. */
  path: string;
  init: RequestInit;
}

// Well-formed operations the malformed requests are built around (each would succeed alone).
const Q = {
  typename: '{ __typename }',
  session: 'query S { session { user { email } } }',
  login: 'mutation L($e: String!, $p: String!) { login(email: $e, password: $p) { success error } }',
  ratebook: 'query R($f: RatebookSearchFilters!) { fetchRatebook(searchFilters: $f) { __typename } }',
  application: 'query A($id: ID) { getVehicleApplication(applicationId: $id) { applicationId } }',
  shortlists: 'mutation U($u: ID!, $s: JSON!) { updateShortlists(userId: $u, shortlists: $s) { __typename } }',
};
const QUERIES = Object.values(Q);

/** Invalid UTF-8 byte sequences: bad lead byte, overlong NUL, UTF-16 surrogate, truncated, lone continuation, above U+10FFFF, 5-byte form. */
const BAD_UTF8 = [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80], [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc3]];
/** Malformed percent-encodings of a query string. */
const BAD_PERCENT = ['%', '%Z', '%ZZ', '%FF', '%C0%80', '%ED%A0%80', '%E0%A4%A', '%F4%90%80%80', '%C3'];
/** Strings a database or a JSON column cannot hold: NUL, lone surrogates. */
const BAD_STRINGS = ['a\u0000b', '\u0000', 'x\ud800', '\udc00y', 'a\ud800\u0000', '\udfff\ud800'];
/** Content types the endpoint does not take a JSON operation in. */
const BAD_TYPES = [
  'text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'application/graphql', 'application/graphql+json',
  'application/graphql-response+json', 'APPLICATION/JSON', 'Application/Json', 'application/json-patch+json', 'application/jsonp',
  'text/json', 'application/xml', 'text/html', '*/*', 'application/*', ';;;', 'application/json, text/plain', 'json', 'application/octet-stream', '',
];
/** The GraphQL-over-HTTP response type: every refusal, request errors included, answers 4xx to it. */
const RESPONSE_TYPE = 'application/graphql-response+json';
const BAD_ACCEPT = ['text/html', 'application/xml', 'image/png', 'text/plain', 'application/pdf', 'text/css', 'audio/*'];
/** Characters of generated strings (nothing a leak check looks for: no '/', '.', ':' or backslash). */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-!?#$&*+=~^|';

/** The generator of every case, from one seed. */
function generate(seed: number): Case[] {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const between = (lo: number, hi: number) => lo + int(hi - lo + 1);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const word = (max = 12) => Array.from({ length: between(1, max) }, () => ALPHABET[int(ALPHABET.length)]).join('');
  // Just over a limit mostly, now and then far over it (graphql-js overflowed its stack at a few thousand).
  const over = (limit: number) => (rnd() < 0.8 ? between(limit + 1, limit + 200) : between(limit + 2000, limit + 20_000));
  // JSON text of `depth` nested arrays and objects around 1 (text: JSON.stringify recurses).
  const nested = (depth: number): string => {
    const open: string[] = [];
    for (let i = 0; i < depth; i++) open.push(rnd() < 0.5 ? '[' : '{"k":');
    return `${open.join('')}1${open.reverse().map((o) => (o === '[' ? ']' : '}')).join('')}`;
  };
  const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const raw = (body: string | Uint8Array<ArrayBuffer>, type = 'application/json'): RequestInit => ({ method: 'POST', headers: { 'content-type': type }, body });
  const get = (params: Record<string, string>) => `/graphql?${Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
  // A value no String variable and no input object takes.
  const wrongValue = (): unknown => pick([5, -1.5, true, false, [], [1, 2], 2 ** 53, [[['x']]], 1e308, [{ a: 1 }]]);
  const cases: Case[] = [];
  const add = (category: string, path: string, init: RequestInit) => cases.push({ category, path, init });

  // Bodies: not JSON, not an object, wrong member types, extra members, truncated, trailing garbage.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const valid = JSON.stringify({ query: pick(QUERIES) });
    const body = pick<() => string>([
      () => valid.slice(0, between(0, valid.length - 1)),
      () => `${valid}${pick(['x', '}', ']', ',', '{}', ' 1', 'null'])}`,
      () => pick(['', ' ', '\n\t', 'null', 'true', 'false', '0', '-1', '1e999', '"{ __typename }"', '[]', '[1]', '[null]', 'NaN', 'undefined', '{', '}', '{}']),
      () => word(40),
      () => `\ufeff${valid}`,
      () => valid.replace(/"/g, "'"),
      () => JSON.stringify(Array.from({ length: between(1, 4) }, () => ({ query: pick(QUERIES) }))),
      () => JSON.stringify({ query: pick([wrongValue(), {}, { a: 1 }]) }),
      () => JSON.stringify({ variables: { a: 1 }, operationName: 'A' }),
      () => JSON.stringify({ query: pick(QUERIES), [pick(['foo', 'constructor', 'queryId', 'id', 'documentId', 'Query', 'QUERY'])]: word() }),
      () => `{"query":${JSON.stringify(pick(QUERIES))},"__proto__":{"query":1}}`,
      () => `{"query":${JSON.stringify(pick(QUERIES))},"query":${pick(['5', 'true', '[]', '{}'])}}`,
      () => `{"query":${JSON.stringify(pick(QUERIES))},"variables":{"a":${pick(['NaN', 'Infinity', '-Infinity', '01', '.5', '+1', '0x10', "'a'"])}}}`,
    ])();
    add('body', '/graphql', raw(body));
  }

  // Invalid UTF-8 in a body that is otherwise valid JSON (inside a string or between members).
  for (let i = 0; i < PER_CATEGORY; i++) {
    const text = JSON.stringify(pick([{ query: pick(QUERIES) }, { query: Q.login, variables: { e: word(), p: word() } }, { query: Q.typename, operationName: null }]));
    const bytes = new TextEncoder().encode(text);
    const insideString = rnd() < 0.7;
    const quotes = [...bytes.keys()].filter((k) => bytes[k] === 0x22);
    const at = insideString ? quotes[int(quotes.length)] + 1 : between(0, bytes.length);
    const bad = pick(BAD_UTF8);
    add('utf8', '/graphql', raw(new Uint8Array([...bytes.slice(0, at), ...bad, ...bytes.slice(at)])));
  }

  // Variables: not an object, wrong types for the declared variables, NUL and lone surrogates, too deep, too many.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const body = pick<() => Record<string, unknown> | string>([
      () => ({ query: pick(QUERIES), variables: pick(['abc', '{}', 5, true, [1], ['a', 'b'], 0]) }),
      () => ({ query: Q.login, variables: rnd() < 0.5 ? { e: pick([wrongValue(), { a: 1 }]), p: 'x' } : { e: 'a@b', p: pick([wrongValue(), {}]) } }),
      () => ({ query: Q.login, variables: pick([{}, { e: null, p: null }, { e: 'a@b' }]) }),
      () => ({ query: Q.ratebook, variables: { f: pick([wrongValue(), { [`x${word(6)}`]: 1 }, { pageSize: pick(['10', 1.5, 2 ** 31, -(2 ** 31) - 1, [1]]) }, { vehicleMake: pick([5, [5], [null], [[word()]], { a: 1 }]) }]) } }),
      () => ({ query: Q.application, variables: { id: pick([true, 1.5, { id: 1 }, [1], -0.1]) } }),
      () => ({ query: Q.login, variables: { e: pick(BAD_STRINGS), p: 'Fleetform-Demo-1' } }),
      () => ({ query: Q.login, variables: { e: 'primary.finished.au@demo.example', p: pick(BAD_STRINGS) } }),
      () => ({ query: Q.ratebook, variables: { f: { vehicleMake: [word(), pick(BAD_STRINGS)] } } }),
      () => ({ query: Q.application, variables: { id: pick(BAD_STRINGS) } }),
      () => ({ query: Q.shortlists, variables: { u: '1', s: { [pick(BAD_STRINGS)]: 1 } } }),
      () => `{"query":${JSON.stringify(Q.shortlists)},"variables":{"u":"1","s":${nested(over(32))}}}`,
      () => `{"query":${JSON.stringify(Q.typename)},"variables":{"unused":${nested(over(32))}}}`,
      () => ({ query: Q.ratebook, variables: { f: { vehicleMake: Array.from({ length: over(10_000) }, (_, k) => `m${k}`) } } }),
    ])();
    add('variables', '/graphql', typeof body === 'string' ? raw(body) : json(body, i % 2 === 0 ? { accept: RESPONSE_TYPE } : {}));
  }

  // Extensions: not an object, malformed persisted-query extensions, NUL strings, too deep.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const persisted = pick<unknown>([
      'abc', 5, true, [], [1], {}, { version: 1 }, { version: 1, sha256Hash: 5 }, { version: 1, sha256Hash: { a: 1 } }, { version: 1, sha256Hash: word(20) },
      { version: 1, sha256Hash: 'A'.repeat(64) }, { version: 1, sha256Hash: 'g'.repeat(64) }, { version: 1, sha256Hash: 'f'.repeat(63) }, { version: 2, sha256Hash: 'f'.repeat(64) },
      { version: '1', sha256Hash: 'f'.repeat(64) }, { sha256Hash: 'f'.repeat(64) }, { version: 1, sha256Hash: 'f'.repeat(64), extra: 1 },
    ]);
    const extensions = pick<() => unknown>([
      () => pick(['abc', 5, true, [], [1], 0]),
      () => ({ persistedQuery: persisted }),
      () => ({ [word(6)]: pick(BAD_STRINGS) }),
      () => ({ deep: '<deep>' }),
    ])();
    // The deep value goes in as text (JSON.stringify recurses).
    const text = JSON.stringify(rnd() < 0.6 ? { query: pick(QUERIES), extensions } : { extensions }).replace('"<deep>"', () => nested(over(32)));
    add('extensions', '/graphql', raw(text));
  }

  // Content types other than application/json for a valid JSON operation (or a form body).
  for (let i = 0; i < PER_CATEGORY; i++) {
    const type = pick(BAD_TYPES);
    const body = type.includes('urlencoded') ? `query=${encodeURIComponent(pick(QUERIES))}` : JSON.stringify({ query: pick(QUERIES) });
    const init: RequestInit = rnd() < 0.1 ? { method: 'POST', body } : raw(body, type);
    add('contentType', '/graphql', init);
  }

  // Multipart bodies (uploads are off on /graphql): the GraphQL multipart request shape, and broken ones.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const boundary = `----${word(16).replace(/ /g, '')}`;
    const operations = JSON.stringify({ query: 'mutation($f: Upload) { upload(file: $f) }', variables: { f: null } });
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.f"]}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${word(60)}\r\n`,
      `--${boundary}--\r\n`,
    ];
    const body = rnd() < 0.7 ? parts.join('') : parts.slice(0, between(0, 3)).join('').slice(0, between(0, 200));
    const type = pick([`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', `multipart/mixed; boundary=${boundary}`, `multipart/related; boundary=${boundary}`, 'application/json', `multipart/form-data; boundary="${boundary}"`]);
    add('multipart', '/graphql', raw(body, type));
  }

  // Query strings of GET requests: unparsable or wrongly typed JSON, bad percent-encoding, duplicates, no query.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const query = pick([Q.typename, Q.session, Q.application]);
    const path = pick<() => string>([
      () => get({ query, [pick(['variables', 'extensions'])]: pick(['abc', '{', "{'a':1}", '[1,', 'undefined', 'NaN', '{"a":1}}', '5', '"x"', '[]', 'true', '{"a":', word()]) }),
      () => `/graphql?query=${encodeURIComponent(query)}&${pick(['variables', 'extensions', 'operationName', 'query'])}=${pick(BAD_PERCENT)}`,
      () => `/graphql?query=${encodeURIComponent(query).slice(0, between(0, 10))}${pick(BAD_PERCENT)}${encodeURIComponent(query).slice(10)}`,
      () => `/graphql?${pick(BAD_PERCENT)}=1&query=${encodeURIComponent(query)}`,
      () => `${get({ query })}&query=${encodeURIComponent(pick([Q.typename, Q.session]))}`,
      () => `${get({ query, variables: '{}' })}&variables=${encodeURIComponent('{"id":"1"}')}`,
      () => pick(['/graphql', '/graphql?', '/graphql?query=', '/graphql?query', `/graphql?variables=${encodeURIComponent('{}')}`, `/graphql?operationName=S`]),
      () => get({ query: pick(['mutation { logout { success } }', Q.login]) }),
      () => get({ query: 'query A { __typename } query B { __typename }', ...(rnd() < 0.5 ? { operationName: pick(['C', '', ' ', 'Zed', 'a b']) } : {}) }),
      () => get({ query: Q.application, variables: JSON.stringify({ id: pick(BAD_STRINGS) }) }),
      () => get({ query: Q.typename, extensions: JSON.stringify({ persistedQuery: pick(['x', 5, { sha256Hash: 5 }, { version: 1, sha256Hash: 'zz' }]) }) }),
      () => get({ query: `{ ${'__typename '.repeat(between(1, 5))}${word(8)} {` }),
    ])();
    add('queryString', path, { method: 'GET', headers: { accept: pick(['application/json', 'application/graphql-response+json', '*/*']) } });
  }

  // Documents: syntax errors, too deep, too many tokens, NUL in literals, unknown fields, no operation to run.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const source = pick(QUERIES);
    const query = pick<() => string>([
      () => source.slice(0, between(0, source.length - 1)),
      () => { const at = between(0, source.length); return `${source.slice(0, at)}${pick(['{', '}', '(', ')', '$', '!', '"', '@', '...', '#\n}', '\\', '\u0001'])}${source.slice(at)}`; },
      () => { const n = over(32); return `{${'a{'.repeat(n)}b${'}'.repeat(n + 1)}`; },
      () => { const n = over(32); return `{${'... on Query {'.repeat(n)}__typename${'}'.repeat(n + 1)}`; },
      () => { const n = over(32); return `{ fetchRatebook(searchFilters: { vehicleMake: ${'['.repeat(n)}"a"${']'.repeat(n)} }) { __typename } }`; },
      () => `{ ${'__typename '.repeat(over(10_000))}}`,
      () => `{ ${Array.from({ length: between(16, 400) }, (_, k) => `a${k}: __typename`).join(' ')} }`,
      () => `mutation { login(email: "a${pick(['\\u0000', '\\u0000b', 'b\\u0000'])}", password: "x") { success } }`,
      () => `query { getVehicleApplication(applicationId: "${pick(['\\u0000', '\\uD800', '\\uDC00', '\\u{D800}', '\\x00', '\\q'])}") { applicationId } }`,
      () => pick(['', ' ', '#', '{}', 'query', 'query A', '{ __typename } {', 'fragment F on Query { __typename }', 'subscription { x }', '{ nope }', '{ session { nope } }', '{ __typename(x: 1) }',
        'query A { __typename } query A { __typename }', '{ ...F } fragment F on Query { ...F }', '{ __typename @nope }', 'query($a: Int) { __typename }', '{ session(x: $y) { redirectTo } }',
        'query A { __typename } query B { __typename }', '{ session { user } }', 'query ($a: Nope) { __typename }', 'type Query { a: Int }', 'schema { query: Query }']),
    ])();
    const body: Record<string, unknown> = { query };
    if (rnd() < 0.15) body.operationName = pick(['Nope', '', 5, true, { a: 1 }, ['S'], word()]);
    add('document', '/graphql', json(body, i % 2 === 0 ? { accept: RESPONSE_TYPE } : {}));
  }

  // Methods the endpoint does not serve.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const method = pick(['PUT', 'PATCH', 'DELETE', 'HEAD', 'patch', 'PROPFIND', 'FOO', 'LINK']);
    const withBody = method !== 'HEAD' && rnd() < 0.6;
    add('method', withBody ? '/graphql' : get({ query: pick([Q.typename, Q.session]) }), withBody ? { ...json({ query: pick(QUERIES) }), method } : { method });
  }

  // Accept headers the endpoint cannot answer in, Content-Length headers that are not one number, and stated sizes over the limit.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const body = JSON.stringify({ query: pick([Q.typename, Q.session]) });
    const kind = int(3);
    if (kind === 0) add('headers', '/graphql', json({ query: Q.typename }, { accept: pick(BAD_ACCEPT) }));
    else if (kind === 1) add('headers', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': pick(['abc', '-1', '1,1', '1.5', '0x10', '12 12', '+5']) }, body });
    else add('headers', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(between(25_000_001, 2 ** 40)) }, body });
  }
  // Paths with malformed percent-encoding, to the static site and under the endpoints' prefixes.
  for (let i = 0; i < PER_CATEGORY; i++) {
    const segment = () => word(8).replace(/[^A-Za-z0-9]/g, 'x');
    // (After a malformed escape comes 'z', not a hex digit that could complete it.)
    const prefix = pick(['', '/graphql', '/dev', '/assets', `/${segment()}`]);
    add('path', `${prefix}/${segment()}${pick(BAD_PERCENT)}${rnd() < 0.5 ? `z${segment()}` : ''}${rnd() < 0.3 ? `?query=${encodeURIComponent(Q.typename)}` : ''}`, { method: pick(['GET', 'GET', 'HEAD']) });
  }
  return cases;
}

/** What an answer to a malformed request must not contain: a stack frame, a file path, a stack field. */
const LEAKS: [string, RegExp][] = [
  ['project path', /\/work\//],
  ['node_modules', /node_modules/],
  ['source file position', /\.(?:ts|js|mjs|cjs)(?::\d+|\b)/],
  ['file URL', /file:\/\//],
  ['stack frame', /\bat (?:[\w$.<>[\] ]+ \()?[^\s()]+:\d+:\d+\)?/],
  ['stack field', /"stack"/],
];

/** Run every case against a server; answers the failures (the first 3 of each category), the counts and milliseconds per category. */
async function fuzz(s: TestServer, cases: Case[]): Promise<{ counts: Record<string, number>; ms: Record<string, number>; failures: string[] }> {
  const counts: Record<string, number> = {};
  const failures: string[] = [];
  const failed: Record<string, number> = {};
  const ms: Record<string, number> = {};
  for (const c of cases) {
    const t0 = performance.now();
    counts[c.category] = (counts[c.category] ?? 0) + 1;
    const res = await s.request(c.path, c.init);
    const text = await res.text();
    const problems: string[] = [];
    for (const [name, re] of LEAKS) if (re.test(text)) problems.push(name);
    let answer: { errors?: unknown } | undefined;
    try {
      answer = JSON.parse(text) as { errors?: unknown };
    } catch {
      answer = undefined;
    }
    const errors = answer?.errors;
    // A GraphQL request error answers an application/json client 200, with errors and no data (the spec's rule).
    const requestError = res.status === 200 && /^application\/json\b/.test(res.headers.get('content-type') ?? '') && answer !== undefined && !('data' in answer);
    if ((res.status < 400 || res.status > 499) && !requestError) problems.push(`status ${res.status}`);
    if (!Array.isArray(errors) || errors.length === 0 || !errors.every((e) => typeof (e as { message?: unknown }).message === 'string')) problems.push('no JSON errors');
    if (problems.length && (failed[c.category] = (failed[c.category] ?? 0) + 1) <= 3) {
      const body = typeof c.init.body === 'string' ? c.init.body.slice(0, 160) : c.init.body ? '<bytes>' : '';
      failures.push(`${c.category} ${c.init.method ?? 'GET'} ${c.path.slice(0, 120)} ${JSON.stringify(c.init.headers ?? {})} ${body} -> ${problems.join(', ')}: ${text.slice(0, 200)}`);
    }
    ms[c.category] = (ms[c.category] ?? 0) + performance.now() - t0;
  }
  for (const k of Object.keys(ms)) ms[k] = Math.round(ms[k]);
  return { counts, ms, failures };
}

const CASES = generate(SEED);

// Development on every test database (a value that gets past the checks would reach it), production on PGlite.
const RUNS = [...DATABASES.map((db) => ({ db, name: 'development', production: false })), { db: 'pglite' as const, name: 'production', production: true }];

describe.each(RUNS)('malformed requests ($db, $name)', ({ db, production }) => {
  const errorLines: string[] = [];
  const s = useHarness(() => {
    const manifest: PersistedManifest = {};
    for (const q of QUERIES) addToManifest(manifest, q);
    const log = createLogger('error', {}, (line: string) => errorLines.push(line));
    return startServer(db, { log, manifest, config: { production }, serveStatic: true });
  });

  it('answers the reported GET with unparsable variables 400 with the catalogue text, logging nothing', async () => {
    const r = await s.request('/graphql?query={__typename}&variables=abc', { headers: { accept: 'application/json' } });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      errors: [{ message: 'The request could not be understood.', extensions: { code: 'BAD_REQUEST', messageKey: 'api.error.BAD_REQUEST', reason: 'variables is not valid JSON' } }],
    });
    expect(errorLines).toEqual([]);
  });

  it('answers a malformed request 4xx to an application/json client too: no query, an Accept it cannot serve', async () => {
    const none = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ variables: {} }) });
    expect(none.status).toBe(400);
    const html = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/html' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(html.status).toBe(406);
    expect(html.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await html.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('still answers well-formed requests (GET with variables, JSON with a charset)', async () => {
    const get = await s.request(`/graphql?query=${encodeURIComponent(Q.application)}&variables=${encodeURIComponent('{"id":null}')}&operationName=A`, { headers: { accept: 'application/json' } });
    expect(((await get.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const charset = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ query: Q.typename, extensions: {} }) });
    expect(await charset.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it(`answers each of ${CASES.length} generated requests with a 4xx JSON error (a GraphQL request error: 200 to application/json), no stack or path, nothing logged at error level`, async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(2000);
    const started = performance.now();
    const { counts, ms, failures } = await fuzz(s, CASES);
    console.log(`[fuzz ${db} ${production ? 'production' : 'development'}] seed ${SEED.toString(16)}: ${CASES.length} requests in ${Math.round(performance.now() - started)} ms; requests per category ${JSON.stringify(counts)}; ms per category ${JSON.stringify(ms)}`);
    expect(failures).toEqual([]);
    expect(errorLines).toEqual([]);
  }, 120_000);
});

/** Send raw bytes to a server and read until it closes the connection. */
function rawExchange(server: Server, bytes: Buffer): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.end(bytes);
  });
}

describe('requests the app never sees as they are: unusable Host, refused by Node\'s parser (over a socket)', () => {
  const s = useHarness(() => startServer('pglite', { serveStatic: true }));
  let server: Server;
  beforeAll(async () => {
    const refuse = requestRefusal(s.services.definitions.message(BAD_REQUEST_KEY, s.services.brands.fallback.selection));
    server = createHttpServer(s.app, (status) => refusalBody(refuse('the HTTP request is malformed', status)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  const cases: [string, Buffer, number][] = [
    ['a NUL byte in a header', Buffer.from('GET /graphql HTTP/1.1\r\nHost: au.localhost\r\nX-A: a\u0000b\r\n\r\n'), 400],
    ['a byte 0xFF in the request line', Buffer.concat([Buffer.from('GET /graphql?query={__typename}&operationName='), Buffer.from([0xff]), Buffer.from(' HTTP/1.1\r\nHost: au.localhost\r\n\r\n')]), 400],
    ['no request line', Buffer.from('HELLO\r\n\r\n'), 400],
    ['Content-Length with Transfer-Encoding', Buffer.from('POST /graphql HTTP/1.1\r\nHost: au.localhost\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'), 400],
    ['headers over the size limit', Buffer.from(`GET /graphql HTTP/1.1\r\nHost: au.localhost\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`), 431],
    ...['a b', '[', '[::1', '%', ':80', 'a:b:c', 'localhost:99999', 'x/y', 'x?y', 'x#y', '@', 'a@b', 'a\\b', '..'].map((host): [string, Buffer, number] => [
      `Host ${JSON.stringify(host)}`, Buffer.from(`GET /graphql?query={__typename} HTTP/1.1\r\nHost: ${host}\r\nAccept: application/json\r\n\r\n`), 400,
    ]),
  ];
  it.each(cases)('%s: a JSON refusal with Node\'s status', async (_name, bytes, status) => {
    const answer = await rawExchange(server, bytes);
    expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    expect(answer).toMatch(/\r\ncontent-type: application\/json/i);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]).toMatchObject({ message: 'The request could not be understood.', extensions: { code: 'BAD_REQUEST' } });
  });

  it('serves a usable Host, with or without a port, and a malformed path answers 400 JSON', async () => {
    for (const host of ['au.localhost', 'au.localhost:8080', 'AU.localhost', '127.0.0.1:4000', '[::1]:80', 'localhost.']) {
      const answer = await rawExchange(server, Buffer.from(`GET /graphql?query={__typename} HTTP/1.1\r\nHost: ${host}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`));
      expect(answer.startsWith('HTTP/1.1 200 '), host).toBe(true);
    }
    for (const path of ['/%E0%A4%A', '/%ZZ', '/graphql/%E0']) {
      const answer = await rawExchange(server, Buffer.from(`GET ${path} HTTP/1.1\r\nHost: au.localhost\r\nConnection: close\r\n\r\n`));
      expect(answer.startsWith('HTTP/1.1 400 '), path).toBe(true);
      expect(answer).toContain('"code":"BAD_REQUEST"');
      expect(answer).not.toMatch(/\bat |\.ts:|node_modules/);
    }
  });

  it('answers the reported GET over the socket with the same 400', async () => {
    const answer = await rawExchange(server, Buffer.from('GET /graphql?query={__typename}&variables=abc HTTP/1.1\r\nHost: au.localhost\r\nAccept: application/json\r\nConnection: close\r\n\r\n'));
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(answer).toContain('"reason":"variables is not valid JSON"');
  });
});

describe('a route that throws', () => {
  it('answers a 500 with the masked body only and logs the error with its stack', async () => {
    const lines: string[] = [];
    const log = createLogger('error', {}, (line: string) => lines.push(line));
    const unexpectedBody = JSON.stringify({ errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    const boom = () => {
      throw new Error('secret at /work/x.ts:1:2');
    };
    const yoga = createYoga({
      logging: false,
      schema: createSchema({ typeDefs: 'type Query { a: Int }' }),
      plugins: [router([route('sync', (path) => path === '/sync', boom), route('async', (path) => path === '/async', async () => boom())], routeFailure(log, unexpectedBody))],
    });
    for (const path of ['/sync', '/async']) {
      const r = await yoga.fetch(`http://au.localhost${path}`);
      expect(r.status).toBe(500);
      expect(await r.text()).toBe(unexpectedBody);
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('secret at /work/x.ts:1:2');
  });
});
