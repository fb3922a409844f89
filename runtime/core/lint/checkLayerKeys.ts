import type { DefinitionError, DefinitionSet } from '../types';
import { didYouMean, errorAt, fromPointer, toPointer } from '../source';
import { patternRegex } from '../load/classifyFiles';
import { layerChoices } from '../layers/layerChoices';

/**
 * Nested layer names must be values the selection can take: for a layer `at: /layers/{x}`, every
 * key under `/layers` of its files must be a known value of `x` (a typo would silently never apply).
 */
export function checkLayerKeys(defs: DefinitionSet): DefinitionError[] {
  const choices = layerChoices(defs);
  const out: DefinitionError[] = [];
  for (const layer of defs.config.layers) {
    const segments = fromPointer(layer.at ?? '');
    const last = /^\{([A-Za-z0-9_]+)\}$/.exec(segments[segments.length - 1] ?? '');
    if (!last || segments.slice(0, -1).some((s) => s.includes('{'))) continue;
    const known = choices[last[1]] ?? [];
    const regex = patternRegex(layer.file);
    for (const [file, content] of Object.entries(defs.layerFiles)) {
      if (!regex.test(file)) continue;
      let node: unknown = content;
      for (const segment of segments.slice(0, -1)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
      if (!node || typeof node !== 'object') continue;
      for (const key of Object.keys(node)) {
        if (!known.includes(key)) out.push(errorAt(defs.sources, file, toPointer([...segments.slice(0, -1), key]), `'${key}' is no known value of {${last[1]}} for layer '${layer.name}'`, didYouMean(key, known)));
      }
    }
  }
  return out;
}
