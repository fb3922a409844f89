import type { DefinitionSet, JsonSchema } from '../types';
import { escapeSegment } from '../source/pointer';

/** One field a record schema declares: its JSON type(s) and the JSON pointer of its schema in the file. */
export interface RecordField {
  type: string;
  pointer: string;
}

/** The segment that stands for any list item or any map key in a field path. */
export const ANY_SEGMENT = '*';

const asObject = (v: unknown): JsonSchema | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as JsonSchema) : undefined);

/** The schema itself and the branches (allOf/anyOf/oneOf/then/else) whose members belong to the same value, with their pointers. */
function shapes(node: JsonSchema, pointer: string): [JsonSchema, string][] {
  const out: [JsonSchema, string][] = [[node, pointer]];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = node[key];
    if (Array.isArray(branches)) branches.forEach((b, i) => { const s = asObject(b); if (s) out.push(...shapes(s, `${pointer}/${key}/${i}`)); });
  }
  for (const key of ['then', 'else']) {
    const s = asObject(node[key]);
    if (s) out.push(...shapes(s, `${pointer}/${key}`));
  }
  return out;
}

/** The JSON type(s) a schema and its branches allow, e.g. `string`, `object|null`; `any` when none says. */
function typeOf(parts: [JsonSchema, string][]): string {
  const types = new Set<string>();
  for (const [s] of parts) {
    if (typeof s.type === 'string') types.add(s.type);
    else if (Array.isArray(s.type)) for (const t of s.type) types.add(String(t));
  }
  return types.size ? [...types].sort().join('|') : 'any';
}

/**
 * Every field path a record schema declares, `root` first (`root.a`, `root.a.b`; `*` for a list's items
 * or an `additionalProperties` map), each with its type and the pointer of the schema that declares it
 * (the first branch that does).
 * @example recordFields({ properties: { a: { type: 'string' } } }, 'x') // { 'x.a': { type: 'string', pointer: '/properties/a' } }
 */
export function recordFields(schema: JsonSchema, root: string): Record<string, RecordField> {
  const out: Record<string, RecordField> = {};
  const walk = (node: JsonSchema, pointer: string, path: string, depth: number) => {
    if (depth > 32) return; // a schema is a tree; this only guards against a pathological one
    const parts = shapes(node, pointer);
    const children = new Map<string, [JsonSchema, string][]>();
    const add = (segment: string, child: unknown, at: string) => {
      const s = child === true ? {} : asObject(child);
      if (s) children.set(segment, [...(children.get(segment) ?? []), [s, at]]);
    };
    for (const [s, at] of parts) {
      const props = asObject(s.properties);
      for (const [key, child] of Object.entries(props ?? {})) add(key, child, `${at}/properties/${escapeSegment(key)}`);
      if (asObject(s.items)) add(ANY_SEGMENT, s.items, `${at}/items`);
      if (asObject(s.additionalProperties)) add(ANY_SEGMENT, s.additionalProperties, `${at}/additionalProperties`);
    }
    for (const [segment, schemas] of children) {
      const childPath = `${path}.${segment}`;
      const all = schemas.flatMap(([s, at]) => shapes(s, at));
      out[childPath] ??= { type: typeOf(all), pointer: schemas[0][1] };
      for (const [s, at] of schemas) walk(s, at, childPath, depth + 1);
    }
  };
  walk(schema, '', root, 0);
  return out;
}

/** The record schema of each root the config names (`recordSchemas`) that exists: root -> schema id and file. */
export function recordRoots(defs: DefinitionSet): { root: string; schema: string; file: string }[] {
  return Object.entries(defs.config.recordSchemas ?? {})
    .filter(([, id]) => defs.schemas[id])
    .map(([root, id]) => ({ root, schema: id, file: `schemas/${id}.json` }));
}
