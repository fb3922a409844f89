/**
 * loadDefinitions' layer-only path (`previous`: the studio's edit and reload): when only layer files' texts changed,
 * the result is a full load's (the definitions exactly, the same errors), flows are the earlier load's (not expanded
 * again); any other change loads everything again.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions, type LoadResult, type ParseCache } from '../../../runtime/core/load';
import { readDefinitions } from '../../../runtime/node';

const files = readDefinitions(resolve(import.meta.dirname, '../../..'));
const cache: ParseCache = new Map();
const previous = { files, result: loadDefinitions(files, { cache }) };
/** The definitions as JSON text: a deep comparison of the whole set, key order included. */
const json = (load: LoadResult) => JSON.stringify(load.defs);
/** The errors in one order (the layer-only path keeps the earlier load's order and adds the changed files' last). */
const errorList = (load: LoadResult) => load.errors.map((e) => JSON.stringify(e)).sort();
const edit = (file: string, from: string, to: string) => {
  expect(files[file]).toContain(from);
  return files[file].replace(from, to);
};

function both(changed: Record<string, string>): { quick: LoadResult; full: LoadResult } {
  const next = { ...files, ...changed };
  return { quick: loadDefinitions(next, { cache, previous }), full: loadDefinitions(next) };
}

describe('loadDefinitions over a previous load', () => {
  it('gives a full load\'s definitions for a changed text and a changed setting, the flows not loaded again', () => {
    const { quick, full } = both({
      'brands/acme-au.yaml': edit('brands/acme-au.yaml', "brand.hero.alt: 'An Acme Fleet van on the road'", "brand.hero.alt: 'A van at dawn'")
        .replace('supportEmail: support@acme-fleet.example', 'supportEmail: help@acme-fleet.example'),
      'messages/home.yaml': edit('messages/home.yaml', "home.headline.welcome: 'Welcome {user.firstName}.'", "home.headline.welcome: 'Hello {user.firstName}.'"),
    });
    expect(json(quick)).toBe(json(full));
    expect(errorList(quick)).toEqual(errorList(full));
    expect(quick.defs.layerFiles['brands/acme-au.yaml'].messages?.['brand.hero.alt']).toBe('A van at dawn');
    expect(quick.defs.layerFiles['brands/acme-au.yaml'].layers?.au?.settings?.supportEmail).toBe('help@acme-fleet.example');
    expect(quick.defs.flows).toBe(previous.result.defs.flows);
    expect(quick.defs.layerFiles['regions/au.yaml']).toBe(previous.result.defs.layerFiles['regions/au.yaml']);
  });

  it('finds what a full load finds in a changed layer: its syntax, its meta-schema, its formats', () => {
    const broken = {
      'brands/kiwi-nz.yaml': `${files['brands/kiwi-nz.yaml']}\nunknownTop: 1\n`,
      'flows/_base.yaml': edit('flows/_base.yaml', "pattern: '^[\\p{L}\\p{M} &", "pattern: '^[\\p{Nope}\\p{M} &"),
      'regions/nz.yaml': `${files['regions/nz.yaml']}\nmessages: [oops\n`,
    };
    const { quick, full } = both(broken);
    expect(json(quick)).toBe(json(full));
    expect(errorList(quick)).toEqual(errorList(full));
    for (const file of Object.keys(broken)) expect(quick.errors.some((e) => e.file === file)).toBe(true);
    // Fixed again (over the broken load): the errors go with it.
    const fixed = loadDefinitions(files, { cache, previous: { files: { ...files, ...broken }, result: quick } });
    expect(json(fixed)).toBe(json(previous.result));
    expect(errorList(fixed)).toEqual(errorList(previous.result));
  });

  it('loads everything again when a flow, a schema or the config changed', () => {
    const flow = Object.keys(files).find((f) => f.startsWith('flows/') && !f.startsWith('flows/_'))!;
    const changes: Record<string, string>[] = [
      { [flow]: `${files[flow]}\n# a comment\n` },
      { 'schemas/scoreboard.json': files['schemas/scoreboard.json'].replace('{', '{ ') },
      { 'fleetform.yaml': `${files['fleetform.yaml']}\n# a comment\n` },
    ];
    for (const changed of changes) {
      const { quick, full } = both(changed);
      expect(quick.defs.flows).not.toBe(previous.result.defs.flows);
      expect(json(quick)).toBe(json(full));
    }
  });
});
