/**
 * The studio's write endpoint (docs/analysts-guide.md 'Studio', 'Editing texts and settings'): only loopback
 * requests with the studio's own Host and Origin and a JSON body write; a text or setting is written into the layer
 * that sets it (or the one the analyst picks) with only its bytes changed (comments and formatting kept), linted
 * before it is saved (a finding it adds refuses it, nothing saved), and the studio takes it at once (no watcher here).
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDefinitions } from '../../../runtime/node';
import { writeRefusal, writeYamlValue } from '../../../studio/server/edit';
import { startStudio, type Studio } from '../../../studio/server/studioServer';
import { scratchDir } from '../../scratch';

const ROOT = resolve(import.meta.dirname, '../../..');
const SELECTION = { region: 'au', brand: 'acme-au' };

let work: string;
let studio: Studio;
let port: number;

/** A raw request (any Host, Origin and content type) to the studio. */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: unknown }): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'POST', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> }));
    });
    req.on('error', fail);
    if (options.body !== undefined) req.write(JSON.stringify(options.body));
    req.end();
  });
}

const own = () => ({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' });
const edit = (body: Record<string, unknown>, headers: Record<string, string> = own()) => send('/studio/api/edit', { headers, body: { selection: SELECTION, ...body } });
const text = (file: string) => readFileSync(join(work, file), 'utf8');

beforeAll(async () => {
  work = scratchDir('studio-edit');
  for (const top of new Set([...Object.keys(readDefinitions(ROOT)).map((p) => p.split('/')[0]), 'server/graphql'])) {
    mkdirSync(dirname(join(work, top)), { recursive: true });
    cpSync(join(ROOT, top), join(work, top), { recursive: true });
  }
  studio = await startStudio({ root: work, pages: false, watch: false, generatedDir: false, port: 0 });
  port = Number(new URL(studio.url).port);
}, 120_000);

afterAll(async () => studio?.close());

describe('studio write endpoint', () => {
  it('refuses a foreign Host (DNS rebinding), a missing or cross-site Origin, a form body, a GET and a non-loopback peer', async () => {
    const before = text('brands/acme-au.yaml');
    const body = { kind: 'messages', key: 'brand.name', text: 'Hijacked' };
    const rebound = await edit(body, { ...own(), host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body.error).toMatch(/Host/);
    const { origin: _o, ...noOrigin } = own();
    expect((await edit(body, noOrigin)).status).toBe(403);
    expect((await edit(body, { ...own(), origin: 'https://evil.example' })).body.error).toMatch(/Origin/);
    expect((await edit(body, { ...own(), 'content-type': 'text/plain' })).status).toBe(403);
    expect((await send('/studio/api/edit', { method: 'GET', headers: own() })).status).toBe(403);
    expect((await send('/studio/api/reload', { headers: { ...own(), origin: 'https://evil.example' } })).status).toBe(403);
    expect((await send('/graphql?as=primary.approvals.au', { headers: { ...own(), host: `rebound.example:${port}`, origin: `http://rebound.example:${port}` }, body: { query: '{ user { id } }' } })).status).toBe(403);
    expect(text('brands/acme-au.yaml')).toBe(before);
    // A peer that is not this machine (STUDIO_HOST=0.0.0.0) is refused whatever it names.
    const remote = { method: 'POST', socket: { remoteAddress: '192.168.1.20' }, headers: own() } as unknown as Parameters<typeof writeRefusal>[0];
    expect(writeRefusal(remote, port)).toMatch(/this machine/);
  });

  it('writes a brand text into the layer that sets it, only its bytes changed, and the studio answers it at once', async () => {
    const before = text('brands/acme-au.yaml');
    const version = studio.state.version;
    const answer = await edit({ kind: 'messages', key: 'brand.hero.alt', text: 'An Acme Fleet van at dawn' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, file: 'brands/acme-au.yaml', version: version + 1 });
    const after = text('brands/acme-au.yaml');
    // Quotes, comments and every other byte as they were.
    expect(after).toBe(before.replace("brand.hero.alt: 'An Acme Fleet van on the road'", "brand.hero.alt: 'An Acme Fleet van at dawn'"));
    const { bundle } = (await (await fetch(`${studio.url}/studio/api/bundle?region=au&brand=acme-au`)).json()) as { bundle: { messages: Record<string, string> } };
    expect(bundle.messages['brand.hero.alt']).toBe('An Acme Fleet van at dawn');
  });

  it('writes a setting (read as YAML) and a text into a layer the analyst picks, comments kept', async () => {
    const setting = await edit({ kind: 'settings', key: 'settings.supportEmail', text: 'help@acme-fleet.example' });
    expect(setting.body).toMatchObject({ ok: true, file: 'brands/acme-au.yaml' });
    expect(text('brands/acme-au.yaml')).toContain('      supportEmail: help@acme-fleet.example\n');
    // home.headline.welcome is the base's: written into the region file instead, which wins from now on.
    const region = text('regions/au.yaml');
    const picked = await edit({ kind: 'messages', key: 'home.headline.welcome', text: 'G\'day {user.firstName}.', file: 'regions/au.yaml' });
    expect(picked.body).toMatchObject({ ok: true, file: 'regions/au.yaml' });
    const written = text('regions/au.yaml');
    for (const comment of region.split('\n').filter((l) => l.trim().startsWith('#'))) expect(written).toContain(comment);
    const provenance = (await (await fetch(`${studio.url}/studio/api/provenance?region=au&brand=acme-au&kind=messages&key=home.headline.welcome`)).json()) as { value: string; setBy: { file: string } };
    expect(provenance).toMatchObject({ value: 'G\'day {user.firstName}.', setBy: { file: 'regions/au.yaml' } });
    const targets = (await (await fetch(`${studio.url}/studio/api/targets?region=au&brand=acme-au&kind=messages&key=home.headline.welcome`)).json()) as { file: string; winner?: boolean }[];
    expect(targets.find((t) => t.winner)?.file).toBe('regions/au.yaml');
  });

  it('refuses an edit lint finds wrong: nothing is saved and the finding is answered at its file and line', async () => {
    const before = text('brands/acme-au.yaml');
    const version = studio.state.version;
    const colour = await edit({ kind: 'settings', key: 'theme.brandColor', text: '0f548c' });
    expect(colour.status).toBe(422);
    expect((colour.body.findings as { file: string; line: number }[])[0]).toMatchObject({ file: 'brands/acme-au.yaml' });
    const placeholder = await edit({ kind: 'messages', key: 'home.headline.welcome', text: 'Welcome {usr.firstName}.', file: 'messages/home.yaml' });
    expect(placeholder.status).toBe(422);
    expect(text('messages/home.yaml')).toContain("home.headline.welcome: 'Welcome {user.firstName}.'");
    expect(text('brands/acme-au.yaml')).toBe(before);
    expect(studio.state.version).toBe(version);
    expect((await edit({ kind: 'messages', key: 'brand.name', text: 'x', file: 'brands/kiwi-nz.yaml' })).status).toBe(400);
  });

  it('keeps comments when the Document writes a new key', () => {
    const yaml = '# head\nmessages:\n  a: one # why\n\n  # next\n  b: "two"\n';
    expect(writeYamlValue(yaml, ['messages', 'b'], 'deux')).toBe('# head\nmessages:\n  a: one # why\n\n  # next\n  b: "deux"\n');
    const added = writeYamlValue(yaml, ['messages', 'c'], 'three');
    expect(added).toContain('a: one # why');
    expect(added).toContain('# next');
    expect(added).toContain('c: three');
  });
});
