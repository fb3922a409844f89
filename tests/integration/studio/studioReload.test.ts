/**
 * The studio's server (npm run studio; docs/analysts-guide.md 'Studio') over a temporary copy of the definitions, its
 * watcher on: saving a message file reloads it, and the API answers the new text (the loaded file,
 * the preview's bundle, the provenance with the file:line that sets it), regenerates .generated/
 * (the standalone validators) and lints again; a broken file shows as a finding with its file:line.
 * The pages (Vite) are off here; bench/studioReload.ts drives them in Chromium.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readDefinitions } from '../../../runtime/node';
import { startStudio, type Studio } from '../../../studio/server/studioServer';
import { scratchDir } from '../../scratch';

const ROOT = resolve(import.meta.dirname, '../../..');
const KEY = 'home.headline.inProgress';

let work: string;
let studio: Studio;

const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${studio.url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

/** Resolves with the version of the first event `event` after `action` (the watcher's reload, lint). */
function after(event: 'reload' | 'lint' | 'generated', action: () => void): Promise<number> {
  return new Promise((done) => {
    const off = studio.state.on((name, data) => {
      if (name !== event) return;
      off();
      done(data.version as number);
    });
    action();
  });
}

beforeAll(async () => {
  work = scratchDir('studio-test');
  for (const top of new Set([...Object.keys(readDefinitions(ROOT)).map((p) => p.split('/')[0]), 'samples', 'server/graphql'])) {
    mkdirSync(dirname(join(work, top)), { recursive: true });
    cpSync(join(ROOT, top), join(work, top), { recursive: true });
  }
  studio = await startStudio({ root: work, pages: false, port: 0 });
}, 120_000);

afterAll(async () => studio?.close());

describe('studio server', () => {
  it('lists every flow and served region x brand, clean, and generated .generated/ at start', async () => {
    const overview = await get<{ flows: { id: string; steps: { id: string; title?: string }[] }[]; selections: Record<string, string>[]; findings: unknown[]; editor: { link: string; root: string } }>('/studio/api/overview');
    expect(overview.flows.map((f) => f.id)).toEqual(expect.arrayContaining(['primary', 'secondary', 'calculator', 'account']));
    // Steps are listed by their titles (as the first served selection shows them), the id beside.
    expect(overview.flows.find((f) => f.id === 'account')?.steps.find((s) => s.id === 'logout')?.title).toBe(parse(readFileSync(join(work, 'messages/account.yaml'), 'utf8')).messages['account.logout.title']);
    // Every file:line opens in the analyst's editor: VS Code's link by default, at the definitions' folder.
    expect(overview.editor).toEqual({ link: 'vscode://file/{path}:{line}:{column}', root: work });
    expect(overview.selections).toContainEqual({ region: 'nz', brand: 'kiwi-nz' });
    expect(overview.findings).toEqual([]);
    expect(existsSync(join(work, '.generated/validators.cjs'))).toBe(true);
  });

  it('previews every flow with a record of the seed\'s scenarios, chosen in a menu per status', async () => {
    type Setup = { path: string; record: { applicationId: string; scoreboard: { status: string } }; user: { email: string } | null; scenario?: { key: string; applicationId: string }; records: { key: string; summary: string }[] };
    const overview = await get<{ flows: { id: string; example: boolean }[] }>('/studio/api/overview');
    for (const flow of overview.flows.filter((f) => !f.example)) {
      const setup = await get<Setup>(`/studio/api/preview?flow=${flow.id}&region=au&brand=acme-au`);
      expect(setup.scenario, flow.id).toBeDefined();
    }
    // At a status: the scenarios whose record is at it (the region's first), the demo login of the one chosen as the user.
    const nz = await get<Setup>('/studio/api/preview?flow=primary&step=reviewAndSignContract&region=nz&brand=kiwi-nz');
    expect(nz.records.length).toBeGreaterThan(1);
    expect(nz.scenario?.key).toMatch(/\.nz$/);
    expect(nz.record.scoreboard.status).toBe('reviewAndSignContract');
    expect(nz.user?.email).toBe(`${nz.scenario?.key}@demo.example`);
    expect(nz.path).toBe(`/applications/${nz.scenario?.applicationId}/reviewAndSignContract`);
    const chosen = await get<Setup>(`/studio/api/preview?flow=primary&step=reviewAndSignContract&region=nz&brand=kiwi-nz&record=${nz.records[1].key}`);
    expect(chosen.scenario?.key).toBe(nz.records[1].key);
  });

  it('previews a step at a status and role from a sample file', async () => {
    const setup = await get<{ path: string; record: { scoreboard: { status: string; statusCreditCheck?: string } }; user: { id: string } }>(
      '/studio/api/preview?flow=primary&step=reviewAndSignContract&status=reviewAndSignContract&role=secondary&region=au&brand=acme-au&record=file');
    expect(setup.path).toBe('/applications/sample-primary/reviewAndSignContract');
    expect(setup.record.scoreboard.status).toBe('reviewAndSignContract');
    expect(setup.record.scoreboard.statusCreditCheck).toBe('approved');
    expect(setup.user.id).toBe('u-secondary');
  });

  it('reloads a saved message file: the definitions, bundle, provenance, .generated/ and lint follow', async () => {
    const file = join(work, 'messages/home.yaml');
    const before = await get<{ bundle: { messages: Record<string, string> } }>('/studio/api/bundle?region=au&brand=acme-au');
    const old = before.bundle.messages[KEY];
    expect(old).toBeTruthy();
    const edited = readFileSync(file, 'utf8').replace(old, `${old} (edited in the studio test)`);
    const generatedBefore = readFileSync(join(work, '.generated/bundles/au.json'), 'utf8');
    const generated = after('generated', () => undefined);
    const version = await after('reload', () => writeFileSync(file, edited));

    const definition = await get<{ version: number; text: string }>('/studio/api/definition?file=messages/home.yaml');
    expect(definition.version).toBe(version);
    expect(definition.text).toContain(`${old} (edited in the studio test)`);
    const bundle = await get<{ version: number; bundle: { messages: Record<string, string> } }>('/studio/api/bundle?region=au&brand=acme-au');
    expect(bundle.bundle.messages[KEY]).toBe(`${old} (edited in the studio test)`);
    const line = edited.split('\n').findIndex((l) => l.includes('(edited in the studio test)')) + 1;
    const provenance = await get<{ setBy: { layer: string; file: string; line: number } }>(`/studio/api/provenance?region=au&brand=acme-au&kind=messages&key=${KEY}`);
    expect(provenance.setBy).toMatchObject({ layer: 'base', file: 'messages/home.yaml', line });

    // .generated/ is written again after the reload (same bundles: a text is not built in).
    expect(await generated).toBe(version);
    expect(readFileSync(join(work, '.generated/bundles/au.json'), 'utf8')).toBe(generatedBefore);
  });

  it('shows a broken definition as a finding with its file:line, and clears it when fixed', async () => {
    const file = join(work, 'messages/home.yaml');
    const good = readFileSync(file, 'utf8');
    const lines = good.split('\n');
    const at = lines.findIndex((l) => l.includes(`${KEY}:`));
    lines[at] = lines[at].replace(`${KEY}:`, `${KEY}: [unclosed`);
    await after('lint', () => writeFileSync(file, lines.join('\n')));
    const broken = await get<{ findings: { file: string; line: number; message: string }[] }>('/studio/api/overview');
    expect(broken.findings.length).toBeGreaterThan(0);
    expect(broken.findings[0]).toMatchObject({ file: 'messages/home.yaml' });
    expect(broken.findings.some((f) => f.file === 'messages/home.yaml' && f.line >= at + 1)).toBe(true);

    await after('lint', () => writeFileSync(file, good));
    const fixed = await get<{ findings: unknown[] }>('/studio/api/overview');
    expect(fixed.findings).toEqual([]);
  });

  it('reloads a saved sample file and answers its diagram and step texts', async () => {
    const file = join(work, 'samples/primary.yaml');
    const text = readFileSync(file, 'utf8').replace('milesQuoteRef: Q-1001', 'milesQuoteRef: Q-2002');
    await after('reload', () => writeFileSync(file, text));
    const setup = await get<{ record: { scoreboard: { quoteDetails: { milesQuoteRef: string } } } }>('/studio/api/preview?flow=primary&step=home&record=file');
    expect(setup.record.scoreboard.quoteDetails.milesQuoteRef).toBe('Q-2002');
    const diagram = await get<{ flowchart: string; status?: string }>('/studio/api/diagram?flow=primary&region=nz&brand=kiwi-nz');
    expect(diagram.flowchart).toMatch(/^flowchart/);
    expect(diagram.status).toMatch(/^stateDiagram/);
    const texts = await get<{ key: string; setBy?: { file: string } }[]>('/studio/api/texts?flow=primary&step=home&region=au&brand=acme-au');
    expect(texts.find((t) => t.key === KEY)?.setBy?.file).toBe('messages/home.yaml');
  });
});
