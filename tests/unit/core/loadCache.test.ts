/** loadDefinitions' parse cache (the studio's reload): a cached load equals a fresh one, before and after an edit. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions, type ParseCache } from '../../../runtime/core/load';
import { readDefinitions } from '../../../runtime/node';

const files = readDefinitions(resolve(import.meta.dirname, '../../..'));
/** The load as JSON text: a deep comparison of the whole set (toEqual's own walk of it takes ten times as long). */
const json = (load: ReturnType<typeof loadDefinitions>) => JSON.stringify(load);

describe('loadDefinitions with a parse cache', () => {
  it('loads the same set as without it, and parses an edited file again', () => {
    const cache: ParseCache = new Map();
    expect(json(loadDefinitions(files, { cache }))).toBe(json(loadDefinitions(files)));
    const first = cache.get('messages/home.yaml');
    const edited = { ...files, 'messages/home.yaml': files['messages/home.yaml'].replace(/^messages:\n/m, 'messages:\n  studio.test.key: Edited\n') };
    const cached = loadDefinitions(edited, { cache });
    expect(json(cached)).toBe(json(loadDefinitions(edited)));
    expect(cache.get('messages/home.yaml')).not.toBe(first);
    expect(cached.defs.layerFiles['messages/home.yaml'].messages?.['studio.test.key']).toBe('Edited');
    // A load that changes its values leaves the cached copy as parsed.
    expect(json(loadDefinitions(files, { cache }))).toBe(json(loadDefinitions(files)));
  });
});
