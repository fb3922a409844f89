import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ExtensionManifest } from '../../../runtime/core/definitionSet';
import { extensionEffects, extensionFunctions, extensionWidgets } from '../../../extensions';
import { businessNumberValidators } from '../../../extensions/businessNumbers';

/** extensions/manifest.yaml (what lint lets definitions name) against extensions/index.ts (what the code registers). */
const manifest = parse(readFileSync(resolve(import.meta.dirname, '../../../extensions/manifest.yaml'), 'utf8')) as ExtensionManifest;
const sorted = (names: Iterable<string> | undefined) => [...(names ?? [])].sort();

describe('extension manifest', () => {
  it('lists exactly the registered widgets, and no name is both a block and a field widget', () => {
    const blocks = Object.keys(extensionWidgets.blocks);
    const fields = Object.keys(extensionWidgets.fields);
    expect(blocks.filter((name) => fields.includes(name))).toEqual([]);
    expect(sorted(manifest.widgets)).toEqual(sorted([...blocks, ...fields]));
  });

  it('lists exactly the registered effects', () => {
    expect(sorted(manifest.effects)).toEqual(sorted(Object.keys(extensionEffects)));
  });

  it('lists exactly the registered functions, each with its signature', () => {
    expect(manifest.logicOps ?? []).toEqual([]);
    expect(Object.fromEntries(extensionFunctions.map((f) => [f.name, f.signature]))).toEqual(manifest.functions);
  });

  it('lists exactly the registered validators', () => {
    expect(sorted(manifest.validators)).toEqual(sorted(Object.keys(businessNumberValidators)));
  });

  it('lists no formats (extensions register none; layers declare theirs)', () => {
    expect(manifest.formats ?? []).toEqual([]);
  });
});
