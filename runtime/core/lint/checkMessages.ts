import type { DefinitionError, DefinitionSet } from '../types';
import { didYouMean, errorAt } from '../source';
import { resolveLayers } from '../layers/resolveLayers';
import type { Reference } from './collectReferences';

const label = (selection: Record<string, string>) => Object.entries(selection).map(([k, v]) => `${k}=${v}`).join(',') || 'no selection';

/**
 * Message keys referenced by definitions (and listed in the manifest as used by code) that the
 * merged catalogue lacks: for every selection, or only for some (named in the finding).
 */
export function checkMessages(defs: DefinitionSet, references: Reference[], selections: Record<string, string>[]): DefinitionError[] {
  const catalogues = selections.map((selection) => ({ selection, messages: resolveLayers(defs, selection).messages }));
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

function hint(name: string, known: Set<string>): string {
  const h = didYouMean(name, known);
  return h.startsWith('did you mean') ? h : 'add it to the message catalogue (flows/_base.yaml or a layer)';
}
