import type { DefinitionError, DefinitionSet } from '../types';
import { didYouMean, errorAt, toPointer } from '../source';
import { LOGIC_ARITY } from '../logic/ops';
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
      for (const { op, args, pointer } of logicCalls(ref.logic, ref.pointer)) {
        if (!ops.includes(op)) {
          out.push(errorAt(defs.sources, ref.file, ref.pointer, `unknown logic operation '${op}'`, hintFor(op, ops, 'list it under logicOps or functions in the extension manifest')));
          continue;
        }
        const signature = functions[op];
        const [min, max] = signature ? arity(signature) : LOGIC_ARITY[op] ?? [0, Infinity];
        if (args >= min && args <= max) continue;
        const wanted = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
        const what = signature ? 'function' : 'logic operation';
        out.push(errorAt(defs.sources, ref.file, pointer, `${what} '${op}' takes ${wanted} argument${wanted === '1' ? '' : 's'}, here ${args}`, signature ? `${op}${signature}` : arityHint(op, min, max)));
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

/** The usual fix for a built-in operation called with the wrong number of arguments. */
function arityHint(op: string, min: number, max: number): string {
  if (['==', '===', '!=', '!==', '>', '>=', 'in', 'same'].includes(op)) return `'${op}' compares two values: { '${op}': [a, b] }; join several comparisons with and / or${op.startsWith('!') || op === '==' || op === '===' ? ", or test one value against a list with { in: [a, [x, y]] }" : ''}`;
  if (op === '!' || op === '!!') return `'${op}' takes one value: { '${op}': a } (for several, { '${op}': { or: [a, b] } })`;
  return `give '${op}' ${min === max ? min : `${min} to ${max === Infinity ? 'any number of' : max}`} argument${max === 1 ? '' : 's'} in a list: { '${op}': [${Array.from({ length: Math.max(min, 1) }, (_, i) => String.fromCharCode(97 + i)).join(', ')}] }`;
}

/** Every operation an expression applies, with how many arguments it passes (a lone value counts as one) and the pointer of its arguments. */
function logicCalls(logic: Logic, pointer: string): { op: string; args: number; pointer: string }[] {
  const out: { op: string; args: number; pointer: string }[] = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
    if (node === null || typeof node !== 'object' || Object.keys(node).length !== 1) return;
    const [op, raw] = Object.entries(node)[0];
    const here = `${at}${toPointer([op])}`;
    out.push({ op, args: Array.isArray(raw) ? raw.length : 1, pointer: here });
    visit(raw, here);
  };
  visit(logic, pointer);
  return out;
}
