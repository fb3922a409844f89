/**
 * The one-port server: SPA from dist/ with fallback and CSP, dev mailbox, health, GraphQL side by side;
 * compression over real HTTP: the build's .br/.gz copies sent by Accept-Encoding (q-values, q=0
 * refusals, identity) with Vary and a Content-Length equal to the bytes sent, cache headers as before
 * (unhashed files revalidated by ETag),
 * HEAD alike without a body; JSON answers of 1 kB or more compressed, small ones not.
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress';
import { createHttpServer } from '../../../server/http';
import { COMPRESSION_THRESHOLD } from '../../../server/plugins/responseCompression';
import { overHttp, startServer, useHarness } from './harness';
import { scratchDir } from '../../scratch';

interface Raw { status: number; headers: IncomingHttpHeaders; body: Buffer }

describe('site', () => {
  const root = scratchDir('ff-site');
  const dist = join(root, 'dist');
  const html = `<!doctype html><html><head><title>x</title></head><body><div id="root"></div>${'<p>filler text for compression</p>'.repeat(60)}</body></html>`;
  const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];`;
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 3000 }, (_, i) => i % 7)]);
  const jpg = Buffer.from([0xff, 0xd8, 0xff, ...Array.from({ length: 2000 }, (_, i) => i % 11)]);

  /** A request over HTTP, the body as the bytes that arrived (Node's client never decodes). */
  const raw = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: new URL(s.base).port, path, method, headers: { host: 'au.localhost', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const decode = (r: Raw): string => {
    const coding = r.headers['content-encoding'];
    return (coding === 'br' ? brotliDecompressSync(r.body) : coding === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');
  };
  const gql = (query: string, acceptEncoding?: string) =>
    raw('/graphql', { 'content-type': 'application/json', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) }, 'POST', JSON.stringify({ query }));

  // The build's output in a temporary root, then the app serving it over real HTTP.
  const s = useHarness(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'assets', 'app-1234.js'), js);
    writeFileSync(join(dist, 'assets', 'gz-only-5678.js'), js);
    writeFileSync(join(dist, 'assets', 'logo-9abc.png'), png);
    mkdirSync(join(dist, 'vehicles'));
    writeFileSync(join(dist, 'vehicles', 'kia-ev6.jpg'), jpg);
    // What the build's plugin writes (vite.config.ts); then one file with a .gz only.
    expect(await precompressDir(dist)).toBe(6);
    unlinkSync(join(dist, 'assets', 'gz-only-5678.js.br'));
    // A file written after the build: no copies, sent as it is.
    writeFileSync(join(dist, 'assets', 'late-0000.js'), js);
    return overHttp(await startServer('pglite', { serveStatic: true, config: { root } }), (app) => createHttpServer(app, () => '{}'));
  });

  it('serves app routes with index.html under a strict CSP', async () => {
    for (const path of ['/', '/login', '/reset-password?hash=x&email=y', '/applications/abc/approvals', '/dashboard']) {
      const r = await s.request(path);
      expect(r.status, path).toBe(200);
      expect(await r.text()).toContain('id="root"');
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
    }
  });

  it('serves hashed assets immutable and answers 404 for missing files and path escapes', async () => {
    const js = await s.request('/assets/app-1234.js');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(js.headers.get('content-type')).toContain('javascript');
    expect((await s.request('/assets/missing.js')).status).toBe(404);
    expect((await s.request('/%2e%2e/%2e%2e/etc/passwd.txt')).status).toBe(404);
  });

  it('serves unhashed files (a vehicle image, index.html) for revalidation: an ETag, then 304 while unchanged', async () => {
    const image = await raw('/vehicles/kia-ev6.jpg', { 'accept-encoding': 'br, gzip' });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-cache');
    expect(image.body.equals(jpg)).toBe(true);
    const etag = String(image.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await raw('/vehicles/kia-ev6.jpg', { 'if-none-match': etag });
    expect([again.status, again.body.byteLength, again.headers.etag, again.headers['cache-control']]).toEqual([304, 0, etag, 'no-cache']);
    expect((await raw('/vehicles/kia-ev6.jpg', { 'if-none-match': 'W/"other", ' + etag.slice(2) })).status).toBe(304);
    expect((await raw('/vehicles/kia-ev6.jpg', { 'if-none-match': 'W/"other"' })).status).toBe(200);
    // index.html (rendered with the Host's brand): one validator for every coding (weak), Vary kept on the 304.
    const page = await raw('/calculator', { 'accept-encoding': 'br' });
    const revalidated = await raw('/dashboard', { 'accept-encoding': 'gzip', 'if-none-match': String(page.headers.etag) });
    expect([revalidated.status, revalidated.headers.vary]).toEqual([304, 'Host, Accept-Encoding']);
    // Hashed assets are never revalidated (immutable): a 200 whatever the request says.
    expect((await raw('/assets/app-1234.js', { 'if-none-match': '*' })).status).toBe(200);
  });

  it('keeps /graphql for GraphQL and lists the outbox at /dev/mailbox in demo mode', async () => {
    expect((await s.gql('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
    await s.gql(`mutation { requestPasswordReset(email: "primary.finished.au@demo.example") { success } }`);
    const page = await s.request('/dev/mailbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/reset-password?hash=');
  });
  describe('compression', () => {
    it('the build writes .br and .gz beside text files only, each decoding to the file', () => {
      expect(existsSync(join(dist, 'assets', 'logo-9abc.png.br'))).toBe(false);
      expect(brotliDecompressSync(readFileSync(join(dist, 'index.html.br'))).toString()).toBe(html);
      expect(gunzipSync(readFileSync(join(dist, 'assets', 'app-1234.js.gz'))).toString()).toBe(js);
    });

    it('sends br, gzip or identity as Accept-Encoding asks, with Vary and the sent Content-Length', async () => {
      const cases: [string | undefined, string | undefined][] = [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=0.9, br;q=0.4', 'gzip'],
        ['br;q=0, gzip;q=0', undefined],
        ['identity', undefined],
        ['*', 'br'],
        [undefined, undefined],
      ];
      for (const [accept, coding] of cases) {
        const r = await raw('/assets/app-1234.js', accept === undefined ? {} : { 'accept-encoding': accept });
        expect(r.status, accept).toBe(200);
        expect(r.headers['content-encoding'], accept).toBe(coding);
        expect(r.headers.vary, accept).toBe('Accept-Encoding');
        expect(Number(r.headers['content-length']), accept).toBe(r.body.byteLength);
        expect(decode(r), accept).toBe(js);
        if (coding) expect(r.body.byteLength).toBeLessThan(js.length / 2);
        // Unchanged: hashed assets immutable, typed as before.
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
      }
    });

    it('negotiates index.html for app routes too (the Host\'s page: its brand in it, tests/integration/server/appConfig.test.ts), cache headers unchanged', async () => {
      for (const path of ['/', '/dashboard']) {
        const r = await raw(path, { 'accept-encoding': 'gzip, br' });
        expect(r.headers['content-encoding']).toBe('br');
        expect(r.headers.vary).toBe('Host, Accept-Encoding');
        expect(r.headers['cache-control']).toBe('no-cache');
        expect(r.headers['content-security-policy']).toContain("default-src 'self'");
        expect(Number(r.headers['content-length'])).toBe(r.body.byteLength);
        expect(decode(r).replace(/<script type="application\/json" id="app-config">[^<]*<\/script>/, '')).toBe(html);
      }
    });

    it('falls back to the copies there are, then to the file itself', async () => {
      const gzOnly = await raw('/assets/gz-only-5678.js', { 'accept-encoding': 'br, gzip' });
      expect(gzOnly.headers['content-encoding']).toBe('gzip');
      expect(decode(gzOnly)).toBe(js);
      const late = await raw('/assets/late-0000.js', { 'accept-encoding': 'br, gzip' });
      expect(late.headers['content-encoding']).toBeUndefined();
      expect(late.headers.vary).toBe('Accept-Encoding');
      expect(late.body.toString()).toBe(js);
      expect(Number(late.headers['content-length'])).toBe(js.length);
    });

    it('never codes an image', async () => {
      const r = await raw('/assets/logo-9abc.png', { 'accept-encoding': 'br, gzip' });
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.headers.vary).toBeUndefined();
      expect(r.headers['content-type']).toBe('image/png');
      expect(r.body.equals(png)).toBe(true);
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      for (const accept of ['br', 'gzip', 'identity']) {
        const get = await raw('/assets/app-1234.js', { 'accept-encoding': accept });
        const head = await raw('/assets/app-1234.js', { 'accept-encoding': accept }, 'HEAD');
        expect(head.status).toBe(200);
        expect(head.body.byteLength).toBe(0);
        for (const name of ['content-encoding', 'content-length', 'content-type', 'cache-control', 'vary']) expect(head.headers[name], `${accept} ${name}`).toBe(get.headers[name]);
      }
    });

    it('compresses a large GraphQL answer and leaves a small one as it is', async () => {
      const large = '{ __schema { types { name description fields { name description } } } }';
      const plain = await gql(large, 'identity');
      const text = plain.body.toString();
      expect(text.length).toBeGreaterThan(COMPRESSION_THRESHOLD * 4);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      for (const [accept, coding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip;q=0.5', 'gzip']] as const) {
        const r = await gql(large, accept);
        expect(r.status).toBe(200);
        expect(r.headers['content-encoding'], accept).toBe(coding);
        expect(r.headers.vary, accept).toContain('Accept-Encoding');
        expect(Number(r.headers['content-length']), accept).toBe(r.body.byteLength);
        expect(r.body.byteLength).toBeLessThan(text.length / 3);
        expect(decode(r)).toBe(text);
        // The response headers still go on the response that leaves.
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['x-request-id']).toBeTruthy();
      }
      const small = await gql('{ __typename }', 'br, gzip');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers.vary ?? '').not.toContain('Accept-Encoding');
      expect(JSON.parse(small.body.toString())).toEqual({ data: { __typename: 'Query' } });
      expect(Number(small.headers['content-length'])).toBe(small.body.byteLength);
    });
  });
});
