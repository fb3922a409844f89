/**
 * The app's page carries the Host's brand (spec 000 s7: the app reads its configuration from the page):
 * index.html, for every app route, with `<script type="application/json" id="app-config">` holding the
 * same document as `/brand.json`; every `<` escaped, so a brand text with `</script>` or `<!--` cannot
 * break out; an ETag per brand (304 on a match, never across brands), Vary: Host, compressed once per
 * brand; HEAD alike. The build's precompressed index.html is not used (nor written by the build).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_CONFIG_ID } from '../../../runtime/core/pageConfig';
import { parsePageConfig } from '../../../app/pageData';
import type { SelectionTexts } from '../../../runtime/core/types';
import { readDefinitions } from '../../../runtime/node';
import { loadServerDefinitions } from '../../../server/definitions';
import { ROOT, startServer, useHarness } from './harness';
import { scratchDir } from '../../scratch';

const HOSTILE = '</script><script>alert(1)</script><!-- <script>';
const BLOCK = new RegExp(`<script type="application/json" id="${PAGE_CONFIG_ID}">([\\s\\S]*?)</script>`);

describe('the app page carries the Host\'s brand', () => {
  const root = scratchDir('ff-app-config');
  const html = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title></title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
  const s = useHarness(() => {
    // The project's definitions plus a brand whose texts try to close the element, and a built page.
    const files = { ...readDefinitions(ROOT), 'brands/hostile-nz.yaml': [
      'id: hostile-nz',
      'settings:',
      '  domains: [hostile.localhost]',
      '  regions: [nz]',
      '  organisation: { orgId: ORG-HOSTILE-NZ, name: Hostile Leasing }',
      "  whiteLabel: { nzbn: '9429041535003' }",
      'messages:',
      `  brand.name: '${HOSTILE}'`,
      '',
    ].join('\n') };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), html);
    // A stale precompressed copy, as an older build wrote: never sent.
    writeFileSync(join(root, 'dist', 'index.html.br'), 'stale');
    return startServer('pglite', { serveStatic: true, config: { root }, definitions: loadServerDefinitions(root) });
  });

  const get = (host: string, path = '/', headers: Record<string, string> = {}, method = 'GET') =>
    Promise.resolve(s.app.fetch(`http://${host}${path}`, { method, headers: { host, ...headers } }));
  const configOf = (text: string): SelectionTexts | undefined => parsePageConfig(BLOCK.exec(text)?.[1]);
  const brandJson = async (host: string) => (await (await get(host, '/brand.json')).json()) as SelectionTexts;

  it('embeds the same document as /brand.json for each host, in the head, for every app route', async () => {
    for (const [host, brand] of [['au.localhost', 'acme-au'], ['nz.localhost:8080', 'kiwi-nz'], ['unknown.localhost', 'acme-au']] as const) {
      for (const path of ['/', '/login', '/applications', '/applications/abc/order-verification', '/index.html']) {
        const r = await get(host, path);
        expect(r.status, `${host}${path}`).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/^text\/html/);
        const text = await r.text();
        expect(text.indexOf(`id="${PAGE_CONFIG_ID}"`)).toBeLessThan(text.indexOf('</head>'));
        const config = configOf(text);
        expect(config?.selection.brand, `${host}${path}`).toBe(brand);
        expect(config).toEqual(await brandJson(host));
      }
    }
  });

  it('escapes every < so a brand text cannot close the element; the text reads back whole', async () => {
    const text = await (await get('hostile.localhost', '/login')).text();
    expect(text.match(/<\/script>/g)).toHaveLength(2);
    expect(text).not.toContain('alert(1)</script>');
    expect(text).not.toContain('<!--');
    expect(configOf(text)?.messages['brand.name']).toBe(HOSTILE);
  });

  it('revalidates by an ETag of each brand\'s page: 304 on a match, 200 with the other brand\'s; Vary: Host', async () => {
    const au = await get('au.localhost', '/login');
    const nz = await get('nz.localhost', '/login');
    const etag = au.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(nz.headers.get('etag')).not.toBe(etag);
    expect(au.headers.get('cache-control')).toBe('no-cache');
    expect(au.headers.get('vary')).toBe('Host, Accept-Encoding');
    // The page differs from the built file, so its validator is not the file's: every route of a brand shares it.
    expect((await get('unknown.localhost', '/dashboard')).headers.get('etag')).toBe(etag);
    const again = await get('au.localhost', '/applications', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await get('nz.localhost', '/login', { 'if-none-match': etag })).status).toBe(200);
    expect((await get('hostile.localhost', '/login', { 'if-none-match': `"x", ${nz.headers.get('etag')}` })).status).toBe(200);
    expect((await get('nz.localhost', '/login', { 'if-none-match': `"x", ${nz.headers.get('etag')}` })).status).toBe(304);
  });

  it('compresses each brand\'s page (brotli, gzip) to the same bytes; HEAD states the length without a body', async () => {
    const plain = await (await get('nz.localhost', '/login', { 'accept-encoding': 'identity' })).text();
    const br = await get('nz.localhost', '/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString('utf8')).toBe(plain);
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength);
    expect(brBytes.byteLength).toBeLessThan(plain.length / 3);
    const gz = await get('nz.localhost', '/login', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(plain);
    const head = await get('nz.localhost', '/login', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(brBytes.byteLength));
    expect(await head.text()).toBe('');
  });

  it('leaves other files as built (assets, their copies) and the built index.html unchanged on disk', async () => {
    expect(readFileSync(join(root, 'dist', 'index.html'), 'utf8')).toBe(html);
    expect((await get('au.localhost', '/missing.js')).status).toBe(404);
  });
});
