import type { DefinitionError, DefinitionSet } from '../types';
import { didYouMean, errorAt, toPointer } from '../source';
import { eachBlock, eachTransition } from '../flow/walkFlow';
import { isOperation } from '../logic/template';
import { knownLogicNames } from './knownLogic';

/** An argument of an operation, or a field of an input type: its type as written and whether it must be given. */
export interface GraphqlArgShape {
  /** GraphQL type text, e.g. `[ID!]!`. */
  type: string;
  /** Non-null with no default: a binding must give it. */
  required: boolean;
}

/** What lint knows of the GraphQL API: operations' arguments, input types' fields, enum values. */
export interface GraphqlShapes {
  operations: Record<string, Record<string, GraphqlArgShape>>;
  inputs: Record<string, Record<string, GraphqlArgShape>>;
  enums: Record<string, string[]>;
}

/** A `call` binding: an effect's or a step's `load`. */
interface Binding {
  file: string;
  call: string;
  variables: unknown;
  /** Pointer of the binding (its `variables` are at `/variables`). */
  pointer: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function bindingsOf(defs: DefinitionSet): Binding[] {
  const out: Binding[] = [];
  for (const [id, flow] of Object.entries(defs.flows)) {
    const file = defs.flowFiles[id];
    for (const [stepId, step] of Object.entries(flow.steps ?? {})) {
      for (const [name, load] of Object.entries(step?.load ?? {})) {
        if (typeof load?.call === 'string') out.push({ file, call: load.call, variables: load.variables, pointer: toPointer(['steps', stepId, 'load', name]) });
      }
    }
    // An upload block's call (its variables also read `file`, which the SDL check below does not evaluate).
    for (const { block, pointer } of eachBlock(flow)) {
      if (block?.type === 'upload' && typeof block.call === 'string') out.push({ file, call: block.call, variables: block.variables, pointer });
    }
    for (const site of eachTransition(flow)) {
      (site.transition?.effects ?? []).forEach((effect, i) => {
        if ('call' in effect && typeof effect.call === 'string') out.push({ file, call: effect.call, variables: (effect as { variables?: unknown }).variables, pointer: `${site.pointer}/effects/${i}` });
      });
    }
  }
  return out;
}

/** What a GraphQL type text says: non-null, a list (of `of`), or a named type. */
function parseType(text: string): { nonNull: boolean; of?: string; name?: string } {
  const nonNull = text.endsWith('!');
  const inner = nonNull ? text.slice(0, -1) : text;
  return inner.startsWith('[') ? { nonNull, of: inner.slice(1, -1) } : { nonNull, name: inner };
}

/** How to write a value of a built-in scalar, and whether a literal is one. */
const SCALARS: Record<string, { ok: (v: unknown) => boolean; write: string }> = {
  Int: { ok: (v) => Number.isInteger(v), write: 'a whole number, unquoted (e.g. 1)' },
  Float: { ok: (v) => typeof v === 'number', write: 'a number, unquoted (e.g. 1.5)' },
  String: { ok: (v) => typeof v === 'string', write: 'text' },
  Boolean: { ok: (v) => typeof v === 'boolean', write: 'true or false, unquoted' },
  ID: { ok: (v) => typeof v === 'string' || Number.isInteger(v), write: 'an id (text or a whole number)' },
};

/**
 * `call` bindings whose variables do not match the operation in the SDL: a variable the operation
 * does not take (did-you-mean), a required argument left out, a literal of the wrong type (scalars,
 * enums, input objects' fields, recursively). Values given as logic are not typed here.
 */
export function checkBindings(defs: DefinitionSet, shapes: GraphqlShapes | undefined): DefinitionError[] {
  if (!shapes) return [];
  const operations = new Set(knownLogicNames(defs));
  const isLogic = (v: unknown) => isObject(v) && isOperation(v, operations);
  const out: DefinitionError[] = [];
  for (const binding of bindingsOf(defs)) {
    const args = shapes.operations[binding.call];
    if (!args) continue; // an unknown operation is checkNames' finding
    const at = (pointer: string, message: string, hint: string) => out.push(errorAt(defs.sources, binding.file, pointer, `${binding.call}: ${message}`, hint));
    /** Check a value against a type text. */
    const check = (value: unknown, type: string, pointer: string, what: string): void => {
      if (value === undefined || isLogic(value)) return;
      const t = parseType(type);
      if (value === null) {
        if (t.nonNull) at(pointer, `${what} is ${type}, here null`, 'give a value, or leave it out when it is optional');
        return;
      }
      if (t.of !== undefined) {
        if (Array.isArray(value)) value.forEach((item, i) => check(item, t.of as string, `${pointer}/${i}`, `${what}[${i}]`));
        else check(value, t.of, pointer, what);
        return;
      }
      const name = t.name as string;
      if (SCALARS[name]) {
        if (!SCALARS[name].ok(value)) at(pointer, `${what} is ${type}, here ${JSON.stringify(value)}`, `write ${SCALARS[name].write}`);
      } else if (shapes.enums[name]) {
        if (!shapes.enums[name].includes(String(value))) at(pointer, `${what} is enum ${name}, here ${JSON.stringify(value)}`, didYouMean(String(value), shapes.enums[name]));
      } else if (shapes.inputs[name]) {
        if (!isObject(value)) {
          at(pointer, `${what} is input ${name}, here ${JSON.stringify(value)}`, `write an object with fields ${Object.keys(shapes.inputs[name]).join(', ')}`);
          return;
        }
        fields(value, shapes.inputs[name], pointer, `input ${name}`);
      }
      // Other scalars (JSON, dates ...) take any literal.
    };
    /** Check an object of named values against the fields (or arguments) it may have. */
    const fields = (value: Record<string, unknown>, shape: Record<string, GraphqlArgShape>, pointer: string, owner: string) => {
      for (const [name, item] of Object.entries(value)) {
        const field = shape[name];
        if (!field) {
          const hint = didYouMean(name, Object.keys(shape));
          at(`${pointer}${toPointer([name])}`, `${owner} has no ${owner.startsWith('input') ? 'field' : 'argument'} '${name}'`, hint.startsWith('did you mean') ? hint : `it takes: ${Object.keys(shape).join(', ') || 'nothing'}`);
        } else {
          check(item, field.type, `${pointer}${toPointer([name])}`, `'${name}'`);
        }
      }
      for (const [name, field] of Object.entries(shape)) {
        if (field.required && !(name in value)) at(pointer, `${owner} needs '${name}' (${field.type})`, `add ${name}: <value> here`);
      }
    };
    const variables = binding.variables;
    if (variables !== undefined && (!isObject(variables) || isLogic(variables))) continue;
    const given = (variables ?? {}) as Record<string, unknown>;
    fields(given, args, variables === undefined ? `${binding.pointer}/call` : `${binding.pointer}/variables`, `operation '${binding.call}'`);
  }
  return out;
}
