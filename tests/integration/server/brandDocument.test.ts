/**
 * The brand by host, the same for the server and the browser: `GET /brand.json` answers the texts and
 * settings of the brand the Host selects (the default brand, the one claiming `*`, for any other
 * host), with an ETag and compression; a brand file added after the build is served at the next
 * start. The registry refuses two brands claiming one domain, or two defaults, naming the files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpolate } from '../../../runtime/core';
import type { SelectionTexts } from '../../../runtime/core/types';
import { readDefinitions } from '../../../runtime/node';
import { createApp, type App } from '../../../server/app';
import { brandRegistry } from '../../../server/brands';
import { definitionsFromFiles } from '../../../server/definitions';
import { createServices } from '../../../server/services';
import { DATABASES, definitions, ROOT, silent, startServer, useHarness, testConfig } from './harness';
import { scratchDir } from '../../scratch';

const RAW = /\{[\w.]+\}/;
const projectFiles = () => readDefinitions(ROOT);

describe('brand by host (registry)', () => {
  const brands = brandRegistry(definitions().defs);

  it('picks a brand by its domains, port and case ignored; every other host gets the brand claiming *', () => {
    expect(brands.forHost('au.localhost').id).toBe('acme-au');
    expect(brands.forHost('NZ.localhost:8080').id).toBe('kiwi-nz');
    expect(brands.forHost('introducer.localhost').id).toBe('introducer-au');
    expect(brands.fallback.id).toBe('acme-au');
    expect(brands.fallback.isDefault).toBe(true);
    for (const host of ['127.0.0.1:4000', 'localhost', 'unknown.localhost', 'portal.example', '', null]) expect(brands.forHost(host), String(host)).toBe(brands.fallback);
    // `*` is no host name: e-mail links never point at it.
    expect(brands.fallback.hosts).not.toContain('*');
    expect(brands.fallback.publicOrigin).toBe('http://au.localhost:8080');
  });

  // Loaded once; each case changes one brand layer (brandRegistry reads the brand layer files).
  const { defs } = definitionsFromFiles(projectFiles());
  const withBrand = (file: string, change: (layer: Record<string, unknown>) => Record<string, unknown>) =>
    brandRegistry({ ...defs, layerFiles: { ...defs.layerFiles, [file]: change(structuredClone(defs.layerFiles[file]) as unknown as Record<string, unknown>) as never } });
  const domains = (list: string[]) => (layer: Record<string, unknown>) => ({ ...layer, settings: { ...(layer.settings as object), domains: list } });

  it('refuses two brands claiming one domain, two defaults, or none, naming the files', () => {
    expect(() => withBrand('brands/kiwi-nz.yaml', domains(['nz.localhost', 'au.localhost']))).toThrow("brands/acme-au.yaml and brands/kiwi-nz.yaml both claim the domain 'au.localhost'");
    expect(() => withBrand('brands/kiwi-nz.yaml', domains(['nz.localhost', '*']))).toThrow("brands/acme-au.yaml and brands/kiwi-nz.yaml all claim '*'");
    expect(() => withBrand('brands/acme-au.yaml', domains(['au.localhost']))).toThrow("no brand claims '*'");
  });

  it('refuses schema or format patches in a brand layer (the browser gets texts and settings at run time)', () => {
    expect(() => withBrand('brands/kiwi-nz.yaml', (layer) => ({ ...layer, formats: { code: { pattern: '^x$', message: 'brand.name' } } }))).toThrow('brands/kiwi-nz.yaml: formats is not allowed in a brand layer');
    expect(() => withBrand('brands/kiwi-nz.yaml', (layer) => ({ ...layer, layers: { nz: { schemas: { x: {} } } } }))).toThrow('brands/kiwi-nz.yaml: layers.nz.schemas is not allowed in a brand layer');
  });
});

describe.each(DATABASES)('GET /brand.json on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  const fetchBrand = async (host: string, headers: Record<string, string> = {}) => {
    const r = await s.request('/brand.json', { host, headers });
    return { r, body: r.status === 200 && !r.headers.get('content-encoding') ? ((await r.json()) as SelectionTexts) : undefined };
  };

  it('answers the brand of a known host: its selection, texts and settings', async () => {
    const au = await fetchBrand('au.localhost');
    expect(au.r.status).toBe(200);
    expect(au.r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(au.body!.selection).toEqual({ brand: 'acme-au', region: 'au' });
    expect(au.body!.messages['brand.name']).toBe('Acme Fleet');
    expect((au.body!.settings.organisation as { name: string }).name).toBe('Acme Fleet');
    const nz = await fetchBrand('nz.localhost:8080');
    expect(nz.body!.selection).toEqual({ brand: 'kiwi-nz', region: 'nz' });
    expect(nz.body!.messages['brand.name']).toBe('Kiwi Fleet');
    expect(nz.r.headers.get('etag')).not.toBe(au.r.headers.get('etag'));
  });

  it('gives the sizes of the brand images its settings name (settings.imageSizes), read from the files, for every brand', async () => {
    for (const host of ['au.localhost', 'nz.localhost', 'introducer.localhost']) {
      const { body } = await fetchBrand(host);
      const profile = body!.settings.profile as Record<string, string>;
      const sizes = body!.settings.imageSizes as Record<string, [number, number]>;
      // The header's logos (fragments/brand.yaml): their width is reserved before they arrive (no layout shift).
      for (const logo of [profile.primaryLogo, profile.primaryLogoRight]) {
        expect(logo, host).toMatch(/^\/brand-assets\/.+\.svg$/);
        const svg = readFileSync(join(ROOT, 'brands/assets', logo.slice('/brand-assets/'.length)), 'utf8');
        const [, width, height] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg)!;
        expect(sizes[logo], `${host} ${logo}`).toEqual([Number(width), Number(height)]);
      }
    }
  });

  it('answers the default brand for an unknown host, the same document as the brand\'s own host', async () => {
    const own = await fetchBrand('au.localhost');
    for (const host of ['127.0.0.1:4123', 'unknown.localhost', 'localhost:8080']) {
      const other = await fetchBrand(host);
      expect(other.r.headers.get('etag'), host).toBe(own.r.headers.get('etag'));
      expect(other.body, host).toEqual(own.body);
      // The footer and header texts of the calculator render in full.
      const footer = interpolate(other.body!.messages['calculator.footer.text'], { settings: other.body!.settings });
      expect(footer).toBe('© Acme Fleet');
      expect(footer).not.toMatch(RAW);
    }
  });

  it('revalidates by ETag (304, no body) and compresses with brotli or gzip', async () => {
    const first = await fetchBrand('nz.localhost');
    const etag = first.r.headers.get('etag')!;
    // Weak: one validator for the plain and compressed bytes of the same document.
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.r.headers.get('cache-control')).toBe('no-cache');
    const again = await s.request('/brand.json', { host: 'nz.localhost', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await s.request('/brand.json', { host: 'au.localhost', headers: { 'if-none-match': etag } })).status).toBe(200);
    const identity = JSON.stringify(first.body);
    const br = await s.request('/brand.json', { host: 'nz.localhost', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString('utf8')).toBe(identity);
    expect(brBytes.byteLength).toBeLessThan(identity.length / 3);
    const gz = await s.request('/brand.json', { host: 'nz.localhost', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(identity);
    expect((await s.request('/brand.json', { host: 'nz.localhost', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })).headers.get('content-encoding')).toBeNull();
    expect((await s.request('/brand.json', { method: 'POST', host: 'nz.localhost' })).status).toBe(405);
  });
});

describe('a brand added after the build', () => {
  let root: string;
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // The project's definition files copied, plus a new brand file: no build step runs.
    root = scratchDir('ff-added-brand');
    const files = { ...readDefinitions(ROOT), 'brands/added-nz.yaml': [
      'id: added-nz',
      'settings:',
      '  domains: [added.localhost]',
      '  regions: [nz]',
      '  organisation: { orgId: ORG-ADDED-NZ, name: Added Leasing }',
      "  whiteLabel: { nzbn: '9429041535003' }",
      'messages:',
      "  brand.name: 'Added Leasing'",
      '',
    ].join('\n') };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    const config = testConfig(join(root, 'data'), { root });
    const services = await createServices(config, silent);
    app = await createApp(services, { serveStatic: false });
    close = () => services.database.close();
  }, 120_000);
  afterAll(async () => close?.());

  it('is served by its host with its own texts and settings; unknown hosts still get the default brand', async () => {
    const get = async (host: string) => (await (await app.fetch(`http://${host}/brand.json`, { headers: { host } })).json()) as SelectionTexts;
    const added = await get('added.localhost');
    expect(added.selection).toEqual({ brand: 'added-nz', region: 'nz' });
    expect(added.messages['brand.name']).toBe('Added Leasing');
    expect(interpolate(added.messages['calculator.footer.text'], { settings: added.settings })).toBe('© Added Leasing');
    expect((await get('unknown.localhost')).selection).toEqual({ brand: 'acme-au', region: 'au' });
  });
});
