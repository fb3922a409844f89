import type { DefinitionError, DefinitionSet } from '../types';
import { didYouMean, errorAt, toPointer } from '../source';
import { lintLayers } from './lintLayers';
import type { Reference } from './collectReferences';

const label = (selection: Record<string, string>) => Object.entries(selection).map(([k, v]) => `${k}=${v}`).join(',') || 'no selection';

/**
 * Message keys referenced by definitions (and listed in the manifest as used by code) that the
 * merged catalogue lacks: for every selection, or only for some (named in the finding).
 */
export function checkMessages(defs: DefinitionSet, references: Reference[], selections: Record<string, string>[]): DefinitionError[] {
  const catalogues = selections.map((selection) => ({ selection, messages: lintLayers(defs, selection).messages }));
  const all = new Set(catalogues.flatMap((c) => Object.keys(c.messages)));
  const wanted = references.filter((r) => r.kind === 'message');
  const manifestKeys = (defs.manifest as { messages?: string[] } | undefined)?.messages ?? [];
  const manifestFile = defs.config.manifest ?? '';
  manifestKeys.forEach((name, i) => wanted.push({ kind: 'message', name, file: manifestFile, pointer: `/messages/${i}` }));
  const out: DefinitionError[] = [];
  for (const ref of wanted) {
    const missing = catalogues.filter((c) => !(ref.name in c.messages));
    if (missing.length === 0) continue;
    if (missing.length === catalogues.length) {
      out.push(errorAt(defs.sources, ref.file, ref.pointer, `unknown message key '${ref.name}'`, hint(ref.name, all)));
    } else {
      const where = missing.map((c) => label(c.selection)).join('; ');
      out.push(errorAt(defs.sources, ref.file, ref.pointer, `message key '${ref.name}' missing for ${where}`, 'add it to a layer every combination applies, e.g. the base layer'));
    }
  }
  return out;
}

/**
 * Texts a layer above the base sets under a key nothing else has: not in a base catalogue, named by no definition
 * nor by the manifest's code-shown keys, and missing from some served selection's catalogue (a key every
 * selection has, e.g. each region's own text the runtime shows, is a text of its own). Such an override
 * silently does nothing (`calculator.serach.title`). At the key, with the base key it most likely meant.
 */
export function checkMessageOverrides(defs: DefinitionSet, references: Reference[], selections: Record<string, string>[]): DefinitionError[] {
  const baseName = defs.config.layers[0]?.name;
  const baseFiles = new Set(defs.config.layers.filter((l) => l.name === baseName).map((l) => l.file));
  const baseKeys = new Set([...baseFiles].flatMap((file) => Object.keys(defs.layerFiles[file]?.messages ?? {})));
  const named = new Set([...references.filter((r) => r.kind === 'message').map((r) => r.name), ...((defs.manifest as { messages?: string[] } | undefined)?.messages ?? [])]);
  const catalogues = selections.map((selection) => lintLayers(defs, selection).messages);
  const out: DefinitionError[] = [];
  for (const [file, layer] of Object.entries(defs.layerFiles)) {
    if (baseFiles.has(file)) continue;
    const bodies: [string, typeof layer | undefined][] = [['', layer], ...Object.entries(layer.layers ?? {}).map(([name, body]) => [toPointer(['layers', name]), body] as [string, typeof layer | undefined])];
    for (const [at, body] of bodies) {
      for (const key of Object.keys(body?.messages ?? {})) {
        if (baseKeys.has(key) || named.has(key) || (catalogues.length > 0 && catalogues.every((c) => key in c))) continue;
        const near = didYouMean(key, baseKeys);
        out.push(errorAt(defs.sources, file, `${at}${toPointer(['messages', key])}`, `message '${key}' overrides no text: no base catalogue has it and nothing shows it`,
          near.startsWith('did you mean') ? near : 'override a key a base catalogue (messages/*.yaml, flows/_base.yaml) defines, or add the key there first'));
      }
    }
  }
  return out;
}

function hint(name: string, known: Set<string>): string {
  const h = didYouMean(name, known);
  return h.startsWith('did you mean') ? h : 'add it to the message catalogue (flows/_base.yaml or a layer)';
}
