import type { DefinitionError, DefinitionSet } from '../types';
import { errorAt, toPointer } from '../source';
import { formatPattern } from '../messages/prepareSchema';

/** Layer files' named formats must compile as unicode regular expressions (also after case folding). */
export function checkLayerFiles(defs: DefinitionSet): DefinitionError[] {
  const errors: DefinitionError[] = [];
  for (const [file, layer] of Object.entries(defs.layerFiles)) {
    const bodies: [string, typeof layer][] = [['', layer], ...Object.entries(layer.layers ?? {}).map(([n, b]) => [toPointer(['layers', n]), b] as [string, typeof layer])];
    for (const [at, body] of bodies) {
      for (const [name, format] of Object.entries(body?.formats ?? {})) {
        if (typeof format?.pattern !== 'string') continue;
        try {
          new RegExp(formatPattern(format), 'u');
        } catch (e) {
          errors.push(errorAt(defs.sources, file, `${at}${toPointer(['formats', name, 'pattern'])}`, `pattern of format '${name}' does not compile: ${(e as Error).message}`, 'write an ECMAScript regular expression valid with the u flag'));
        }
      }
    }
  }
  return errors;
}
