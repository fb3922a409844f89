import type { DefinitionError, DefinitionSet, JsonSchema } from '../types';
import { closest, errorAt, toPointer } from '../source';
import { eachBlock, eachTransition } from '../flow/walkFlow';
import { schemaAtPath } from '../messages/fieldPath';
import { schemaVersions } from './schemaVersions';

const COMPARISONS = ['==', '===', '!=', '!=='];
const isScalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The path of a `{ var: path }` / `{ var: [path, default] }` node, or undefined. */
function varOf(node: unknown): string | undefined {
  if (!isObject(node) || Object.keys(node).length !== 1 || !('var' in node)) return undefined;
  const value = Array.isArray(node.var) ? node.var[0] : node.var;
  return typeof value === 'string' ? value : undefined;
}

/** The values a schema allows (its enum / const, or its branches' together), or undefined when it allows any. */
function allowedValues(node: JsonSchema | undefined): unknown[] | undefined {
  if (!node) return undefined;
  if (Array.isArray(node.enum)) return node.enum;
  if ('const' in node) return [node.const];
  for (const key of ['anyOf', 'oneOf']) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const each = branches.map((b) => allowedValues(b as JsonSchema));
    return each.every(Boolean) ? each.flat() : undefined;
  }
  return undefined;
}

/** A literal compared with (or written to) a path, with where the literal is. */
interface Use {
  path: string;
  value: string | number | boolean;
  pointer: string;
  /** The path holds a list; the value must be one of its items' values. */
  item?: boolean;
  /** A `set` writes the value (rather than a comparison reading it). */
  write?: boolean;
}

/** Every comparison of a `var` with a literal inside `node` (`==`, `!=`, `in`), with the literal's pointer. */
function comparisons(node: unknown, pointer: string): Use[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => comparisons(child, `${pointer}/${i}`));
  if (!isObject(node)) return [];
  const out: Use[] = [];
  const entries = Object.entries(node);
  if (entries.length === 1) {
    const [op, args] = entries[0];
    const at = `${pointer}${toPointer([op])}`;
    if (COMPARISONS.includes(op) && Array.isArray(args) && args.length === 2) {
      for (const [side, other] of [[0, 1], [1, 0]]) {
        const path = varOf(args[side]);
        if (path && isScalar(args[other])) out.push({ path, value: args[other] as string | number | boolean, pointer: `${at}/${other}` });
      }
    }
    if (op === 'in' && Array.isArray(args) && args.length === 2) {
      const path = varOf(args[0]);
      if (path && Array.isArray(args[1])) args[1].forEach((v, i) => isScalar(v) && out.push({ path, value: v, pointer: `${at}/1/${i}` }));
      const list = varOf(args[1]);
      if (list && isScalar(args[0])) out.push({ path: list, value: args[0], pointer: `${at}/0`, item: true });
    }
  }
  for (const [key, value] of entries) out.push(...comparisons(value, `${pointer}${toPointer([key])}`));
  return out;
}

/**
 * A literal compared with a field that has an `enum` or `const` (or a `set` writing one to a record field) that
 * none of its schema's versions (base and each selection's merge) allows: `'==': [{ var: record.x.status }, complete]`
 * where the schema says `completed` never holds. Record paths are checked against the config's `recordSchemas`,
 * `form.*` against the forms of the step (or flow) the expression is in, uiSchema logic against its own form,
 * `settings.*` against the settings schema.
 */
export function checkEnumValues(defs: DefinitionSet, selections: Record<string, string>[]): DefinitionError[] {
  const versions = schemaVersions(defs, selections);
  const out: DefinitionError[] = [];
  const check = (file: string, use: Use, formIds: string[]) => {
    const [root, ...rest] = use.path.split('.');
    let schemas: JsonSchema[] = [];
    let field = rest.join('.');
    if (root === 'record' && defs.config.recordSchemas?.[rest[0]]) {
      schemas = versions(defs.config.recordSchemas[rest[0]]);
      field = rest.slice(1).join('.');
    } else if (root === 'form') schemas = formIds.flatMap((id) => versions(id));
    else if (root === 'settings' && defs.settingsSchema) schemas = [defs.settingsSchema];
    if (!field) return;
    const nodes = schemas.map((schema) => schemaAtPath(schema, field)).filter(Boolean).map((node) => (use.item ? ((node as JsonSchema).items as JsonSchema | undefined) : node));
    if (nodes.length === 0) return;
    const each = nodes.map((node) => allowedValues(node));
    if (!each.every(Boolean)) return;
    const allowed = [...new Set(each.flat())];
    if (allowed.some((a) => a === use.value || String(a) === String(use.value))) return;
    const names = allowed.filter((a) => a !== null).map(String);
    const near = closest(String(use.value), names);
    const hint = `${near !== undefined ? `did you mean '${near}'? ` : ''}${use.path} is one of: ${names.join(', ')}`;
    const consequence = use.write ? 'the server refuses the write' : 'the comparison never holds as written';
    out.push(errorAt(defs.sources, file, use.pointer, `${JSON.stringify(use.value)} is not a value of ${use.path} (its schema's enum): ${consequence}`, hint));
  };
  for (const [id, flow] of Object.entries(defs.flows)) {
    const file = defs.flowFiles[id];
    const forms = eachBlock(flow).flatMap((b) => (b.block?.type === 'form' ? [{ step: b.step, schema: (b.block as { schema: string }).schema }] : []));
    const formsAt = (pointer: string) => {
      const step = /^\/steps\/([^/]+)/.exec(pointer)?.[1];
      const own = forms.filter((f) => f.step === step).map((f) => f.schema);
      return own.length ? own : forms.map((f) => f.schema);
    };
    for (const use of comparisons(flow, '')) check(file, use, formsAt(use.pointer));
    for (const site of eachTransition(flow)) {
      (site.transition?.effects ?? []).forEach((effect, i) => {
        if ('set' in effect && typeof effect.set === 'string' && isScalar(effect.value)) {
          check(file, { path: effect.set, value: effect.value, pointer: `${site.pointer}/effects/${i}/value`, write: true }, formsAt(site.pointer));
        }
      });
    }
  }
  for (const [id, ui] of Object.entries(defs.uiSchemas)) for (const use of comparisons(ui, '')) check(`schemas/${id}.ui.json`, use, [id]);
  return out;
}
