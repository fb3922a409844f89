import type { DefinitionError, DefinitionSet } from '../types';
import { didYouMean, errorAt } from '../source';
import { arity } from '../functions';
import type { Logic } from '../types';
import { knownFunctions, knownLogicNames } from './knownLogic';
import type { Reference } from './collectReferences';
import { BUILT_IN_EFFECTS, BUILT_IN_FIELD_WIDGETS, STANDARD_FORMATS } from './knownNames';

/** Names known besides the definitions: GraphQL operations (undefined: not checked) and extra widgets. */
export interface KnownNames {
  operations?: string[];
  widgets?: string[];
}

/** Dangling names: widgets, named effects, GraphQL operations, formats, logic operations. */
export function checkNames(defs: DefinitionSet, references: Reference[], known: KnownNames): DefinitionError[] {
  const manifest = defs.manifest ?? {};
  const formats = new Set<string>([...STANDARD_FORMATS, ...(manifest.formats ?? [])]);
  for (const layer of Object.values(defs.layerFiles)) {
    for (const name of Object.keys(layer.formats ?? {})) formats.add(name);
    for (const body of Object.values(layer.layers ?? {})) for (const name of Object.keys(body?.formats ?? {})) formats.add(name);
  }
  const lists: Partial<Record<Reference['kind'], { names: string[]; what: string; where: string }>> = {
    widget: { names: [...BUILT_IN_FIELD_WIDGETS, ...(known.widgets ?? []), ...(manifest.widgets ?? [])], what: 'widget', where: `register it and list it under widgets in ${defs.config.manifest ?? 'the extension manifest'}` },
    effect: { names: [...Object.keys(BUILT_IN_EFFECTS), ...(manifest.effects ?? [])], what: 'effect', where: `register it and list it under effects in ${defs.config.manifest ?? 'the extension manifest'}` },
    format: { names: [...formats], what: 'format', where: 'add it under formats in a layer' },
  };
  if (known.operations) lists.operation = { names: known.operations, what: 'GraphQL operation', where: `define it in ${defs.config.graphql ?? 'the GraphQL schema'}` };
  const ops = knownLogicNames(defs);
  const functions = knownFunctions(defs);
  const out: DefinitionError[] = [];
  for (const ref of references) {
    if (ref.kind === 'logic') {
      for (const { op, args } of logicCalls(ref.logic)) {
        if (!ops.includes(op)) {
          out.push(errorAt(defs.sources, ref.file, ref.pointer, `unknown logic operation '${op}'`, hintFor(op, ops, 'list it under logicOps or functions in the extension manifest')));
          continue;
        }
        const signature = functions[op];
        if (!signature) continue;
        const [min, max] = arity(signature);
        if (args < min || args > max) {
          const wanted = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
          out.push(errorAt(defs.sources, ref.file, ref.pointer, `function '${op}' takes ${wanted} argument${wanted === '1' ? '' : 's'}, here ${args}`, `${op}${signature}`));
        }
      }
      continue;
    }
    const list = lists[ref.kind];
    if (list && !list.names.includes(ref.name)) out.push(errorAt(defs.sources, ref.file, ref.pointer, `unknown ${list.what} '${ref.name}'`, hintFor(ref.name, list.names, list.where)));
  }
  return out;
}

function hintFor(name: string, names: string[], otherwise: string): string {
  const hint = didYouMean(name, names);
  return hint.startsWith('did you mean') ? hint : otherwise;
}

/** Every operation an expression applies, with how many arguments it passes (a lone value counts as one). */
function logicCalls(logic: Logic): { op: string; args: number }[] {
  const out: { op: string; args: number }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object' || Object.keys(node).length !== 1) return;
    const [op, raw] = Object.entries(node)[0];
    out.push({ op, args: Array.isArray(raw) ? raw.length : 1 });
    visit(raw);
  };
  visit(logic);
  return out;
}
