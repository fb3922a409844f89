/**
 * The request pipeline (the plugins server/app.ts registers, in order): each path answered by the
 * plugin that owns it, the request body limit over real HTTP (by
 * Content-Length and while streaming),, the request log line, the log format
 * with its redaction of secrets, and the brand lookup cache.
 */
import { execFileSync } from 'node:child_process';
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brandRegistry } from '../../../server/brands';
import { createLogger, redactSecrets } from '../../../server/log';
import { addToManifest, type PersistedManifest } from '../../../server/plugins/persistedManifest';
import { requestBodyLimit } from '../../../server/plugins/requestBodyLimit';
import { definitions, overHttp, startServer, useHarness } from './harness';

/** A raw HTTP/1.1 exchange with a node server: status, headers and body text. */
function exchange(server: Server, opts: { method?: string; path?: string; headers?: Record<string, string | number>; chunks?: string[] }): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    // A connection per exchange: one whose declared body was refused unread is not reused.
    const req = httpRequest({ agent: false, host: '127.0.0.1', port, method: opts.method ?? 'POST', path: opts.path ?? '/graphql', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    for (const c of opts.chunks ?? []) req.write(c);
    req.end();
  });
}

const listen = (handler: Parameters<typeof createServer>[1]) =>
  new Promise<Server>((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

describe('the production app over HTTP', () => {
  const lines: { line: string; level: string }[] = [];
  const QUERY = '{ __typename }';
  const s = useHarness(() => {
    const manifest: PersistedManifest = {};
    addToManifest(manifest, QUERY);
    addToManifest(manifest, 'query Named { __typename }');
    const log = createLogger('debug', {}, (line) => lines.push({ line, level: (JSON.parse(line) as { level: string }).level }));
    return startServer('pglite', { config: { production: true, demo: false }, log, manifest }).then((started) => overHttp(started));
  });

  it('answers a persisted query with the security headers, and logs one line for it', async () => {
    lines.length = 0;
    const r = await exchange(s.http, { headers: { 'content-type': 'application/json', host: 'au.localhost' }, chunks: [JSON.stringify({ query: 'query Named { __typename }', operationName: 'Named' })] });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ data: { __typename: 'Query' } });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers['content-security-policy']).toBeUndefined();
    expect(lines).toHaveLength(1);
    const { line, level } = lines[0];
    expect(level).toBe('info');
    expect(Object.keys(JSON.parse(line))).toEqual(['level', 'time', 'reqId', 'method', 'path', 'status', 'ms', 'operation', 'msg']);
    expect(JSON.parse(line)).toMatchObject({ level: 'info', msg: 'request', reqId: r.headers['x-request-id'], method: 'POST', path: '/graphql', status: 200, operation: 'Named' });
  });

  it('still refuses non-persisted operations before parsing, and logs their name', async () => {
    lines.length = 0;
    const r = await exchange(s.http, { headers: { 'content-type': 'application/json' }, chunks: [JSON.stringify({ query: 'query Other { __schema { types { name } } }', operationName: 'Other' })] });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    expect(JSON.parse(lines[0].line)).toMatchObject({ status: 400, operation: 'Other' });
  });

  it('reads a chunked body (no Content-Length) through the counting stream', async () => {
    const body = JSON.stringify({ query: QUERY });
    const r = await exchange(s.http, { headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunks: [body.slice(0, 5), body.slice(5)] });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ data: { __typename: 'Query' } });
  });

  it('refuses a Content-Length over 25 MB before reading the body', async () => {
    const r = await exchange(s.http, { headers: { 'content-type': 'application/json', 'content-length': 25_000_001 } });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).errors[0]).toMatchObject({ message: 'Request body too large', extensions: { code: 'REQUEST_ENTITY_TOO_LARGE' } });
  });

  it('refuses an invalid Content-Length as yoga does', async () => {
    const res = await s.app.fetch('http://au.localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '-1' }, body: JSON.stringify({ query: QUERY }) });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ message: 'Content-Length header is invalid.', extensions: { code: 'BAD_REQUEST' } });
  });

  it('dispatches each path as the separate plugins did', async () => {
    lines.length = 0;
    const health = await exchange(s.http, { method: 'GET', path: '/healthz' });
    expect([health.status, JSON.parse(health.body)]).toEqual([200, { status: 'ok' }]);
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((l) => [l.level, JSON.parse(l.line).path])).toEqual([['debug', '/healthz']]);
    // Files: the prefix route answers every method and key itself.
    expect((await exchange(s.http, { method: 'GET', path: '/files/nope' })).status).toBe(404);
    expect((await exchange(s.http, { method: 'DELETE', path: '/files/nope' })).status).toBe(405);
    // Not the prefix once decoded by nobody: yoga's unhandled route (no static site here).
    expect((await exchange(s.http, { method: 'GET', path: '/%66iles/nope' })).status).toBe(404);
    // No dev mailbox outside demo mode.
    expect((await exchange(s.http, { method: 'GET', path: '/dev/mailbox' })).status).toBe(404);
    // CSRF only on the GraphQL endpoint: a form post elsewhere is not a CSRF refusal.
    const form = await exchange(s.http, { path: '/graphql', headers: { 'content-type': 'application/x-www-form-urlencoded' }, chunks: ['query=%7B__typename%7D'] });
    expect(form.status).toBe(403);
    expect(JSON.parse(form.body).errors[0].extensions.code).toBe('CSRF_REFUSED');
    const elsewhere = await exchange(s.http, { path: '/other', headers: { 'content-type': 'application/x-www-form-urlencoded' }, chunks: ['a=1'] });
    expect(elsewhere.status).toBe(404);
  });
});

describe('the request body limit', () => {
  let server: Server;
  beforeAll(async () => {
    const yoga = createYoga({
      logging: false,
      maxRequestBodySize: false,
      schema: createSchema({ typeDefs: 'type Query { echo(s: String): String }', resolvers: { Query: { echo: (_: unknown, a: { s: string }) => a.s } } }),
      plugins: [requestBodyLimit(120)],
    });
    server = await listen(yoga);
  });
  afterAll(() => server?.close());
  const body = (n: number) => {
    const base = JSON.stringify({ query: '{ echo(s: "") }' });
    return JSON.stringify({ query: `{ echo(s: "${'x'.repeat(n - base.length)}") }` });
  };

  it('lets bodies up to the limit through, with or without Content-Length', async () => {
    expect(body(120)).toHaveLength(120);
    const sized = await exchange(server, { headers: { 'content-type': 'application/json', 'content-length': 120 }, chunks: [body(120)] });
    expect(sized.status).toBe(200);
    const chunked = await exchange(server, { headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunks: [body(120).slice(0, 60), body(120).slice(60)] });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body).data.echo).toHaveLength(120 - JSON.stringify({ query: '{ echo(s: "") }' }).length);
  });

  it('refuses a larger body by its Content-Length, and a chunked one while it streams', async () => {
    const sized = await exchange(server, { headers: { 'content-type': 'application/json', 'content-length': 121 }, chunks: [body(121)] });
    expect(sized.status).toBe(413);
    const chunked = await exchange(server, { headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, chunks: [body(121).slice(0, 60), body(121).slice(60)] });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).errors[0].extensions.code).toBe('REQUEST_ENTITY_TOO_LARGE');
  });

  it('counts the body when Transfer-Encoding comes with a Content-Length (only a lenient parser passes both)', async () => {
    const yoga = createYoga({ logging: false, maxRequestBodySize: false, schema: createSchema({ typeDefs: 'type Query { echo(s: String): String }' }), plugins: [requestBodyLimit(120)] });
    const res = await yoga.fetch('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '10', 'transfer-encoding': 'chunked' }, body: body(121) });
    expect(res.status).toBe(413);
  });
});

describe('log lines (pino)', () => {
  const fields = { reqId: '3f1c0c8e-1111-4222-8333-944445555666', method: 'POST', path: '/graphql"\\x', status: 200, ms: 1.5, operation: 'Get' };

  it('are one JSON object per line: level, ISO time, base fields, the fields, then msg', () => {
    const out: string[] = [];
    const log = createLogger('info', { service: 'api' }, (line) => out.push(line));
    vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05.678Z'), toFake: ['Date'] });
    try {
      log.info(fields, 'request');
      log.debug(fields, 'below the level');
      log.child({ reqId: 'r1' }).warn({ n: 1 }, 'child');
    } finally {
      vi.useRealTimers();
    }
    expect(out).toEqual([
      '{"level":"info","time":"2026-01-02T03:04:05.678Z","service":"api","reqId":"3f1c0c8e-1111-4222-8333-944445555666","method":"POST","path":"/graphql\\"\\\\x","status":200,"ms":1.5,"operation":"Get","msg":"request"}',
      '{"level":"warn","time":"2026-01-02T03:04:05.678Z","service":"api","reqId":"r1","n":1,"msg":"child"}',
    ]);
    expect(JSON.parse(out[0])).toEqual({ level: 'info', time: '2026-01-02T03:04:05.678Z', service: 'api', ...fields, msg: 'request' });
  });

  it('redact passwords, tokens, cookies and authorization headers wherever the fields hold them, and expand errors', () => {
    const out: string[] = [];
    const log = createLogger('debug', {}, (line) => out.push(line));
    const secrets = ['hunter2-pw', 'tok-123', 'refresh-456', 'sess=abc', 'Bearer xyz', 'new-pw', 'api-key-9', 'yoga-cookie', 'yoga-pw'];
    log.info({ email: 'a@demo.example', password: secrets[0], token: secrets[1], user: { refreshToken: secrets[2], name: 'Ann' }, request: { headers: { cookie: secrets[3], authorization: secrets[4], host: 'au.localhost' } }, input: { newPassword: secrets[5] }, secret: secrets[6] }, 'attempt');
    // yoga's own log calls arrive as `args` (server/log/yogaLogging.ts).
    log.debug({ args: [{ headers: { cookie: secrets[7] } }, { password: secrets[8] }] }, 'yoga');
    log.error({ error: new Error('boom') }, 'unexpected error');
    for (const secret of secrets) expect(out.join('\n')).not.toContain(secret);
    const [attempt, yoga, failure] = out.map((line) => JSON.parse(line) as { args?: unknown; error: { stack: string } });
    expect(attempt).toMatchObject({ email: 'a@demo.example', password: '[redacted]', token: '[redacted]', user: { refreshToken: '[redacted]', name: 'Ann' }, request: { headers: { cookie: '[redacted]', authorization: '[redacted]', host: 'au.localhost' } }, input: { newPassword: '[redacted]' }, secret: '[redacted]' });
    expect(yoga.args).toEqual([{ headers: { cookie: '[redacted]' } }, { password: '[redacted]' }]);
    expect(failure.error).toMatchObject({ type: 'Error', message: 'boom' });
    expect(failure.error.stack).toContain('requestPipeline.test.ts');
  });

  it('on stdout: batched, every line written by exit, in order, secrets redacted', () => {
    const script = "import { createLogger } from './server/log/index.ts'; const log = createLogger('info'); for (let i = 0; i < 3000; i++) log.info({ i }, 'line'); log.error({ password: 'pw-1' }, 'last');";
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: new URL('../../..', import.meta.url).pathname, encoding: 'utf8' });
    const lines = out.trim().split('\n').map((line) => JSON.parse(line) as { i?: number; msg: string; password?: string });
    expect(lines).toHaveLength(3001);
    expect(lines.slice(0, 3000).map((l) => l.i)).toEqual([...Array(3000).keys()]);
    expect(lines[3000]).toMatchObject({ msg: 'last', password: '[redacted]' });
  });

  it('redact at any depth and in arrays, copying only what held a secret', () => {
    const deep = { a: { b: { c: [{ d: { token: 'tok-deep' }, keep: 1 }] } }, other: { keep: true } };
    const redacted = redactSecrets(deep);
    expect(redacted).toEqual({ a: { b: { c: [{ d: { token: '[redacted]' }, keep: 1 }] } }, other: { keep: true } });
    expect(deep.a.b.c[0].d.token).toBe('tok-deep');
    expect(redacted.other).toBe(deep.other);
    // A request line holds no secret: the same object goes on to pino.
    expect(redactSecrets(fields)).toBe(fields);
  });
});

describe('brand lookup by Host header', () => {
  it('caches per header value with the same answers, bounded', () => {
    const brands = brandRegistry(definitions().defs);
    const uncached = (host: string | null) => brandRegistry(definitions().defs).forHost(host).id;
    for (const host of ['au.localhost', 'AU.localhost:8080', 'nz.localhost.', 'nz.localhost', 'unknown.example', '', null]) {
      expect(brands.forHost(host).id, String(host)).toBe(uncached(host));
      expect(brands.forHost(host).id, `${host} again`).toBe(uncached(host));
    }
    for (let i = 0; i < 600; i++) brands.forHost(`h${i}.example`);
    expect(brands.forHost('nz.localhost').id).toBe(uncached('nz.localhost'));
    expect(brands.forHost('nz.localhost').id).not.toBe(brands.forHost('au.localhost').id);
  });
});
