/**
 * Mappings: a named, declarative correspondence between two shapes (a form, page state, a record, a call
 * payload), field for field. A flow uses one with `{ use: name }` where a value goes (the target-shaped
 * object), `{ use: name, reverse: true }` (the source-shaped object, read back from the target side), or as
 * an item of an effects list (one `set` per field). The loader expands them like fragments, so everything
 * after loading sees plain templates; lint checks each field against the schemas of both sides.
 */
import { hasPrototypeSegment } from '../source/pointer';

/** One side of a mapping: what its fields are named after, and where its values live. */
export interface MappingSide {
  /** A JSON Schema id under schemas/ (a form, a payload, a record). */
  schema?: string;
  /** Page state: `flow.step` (the step's and the flow's state) or `flow` (the flow's). */
  state?: string;
  /** A record path (e.g. `scoreboard.businessDetails.financeDetails`), checked against the record schema; values at `record.<path>`. */
  record?: string;
  /** The dotted path the side's values are read from and written to (`event.form`, `state.filters`); a state side: `state`. */
  at?: string;
}

/** A mapping as written under `mapping:` in fragments/*.yaml. */
export interface MappingDef {
  from: MappingSide;
  to: MappingSide;
  /**
   * Names both sides share, or target path -> source path (a string) or a template (forward only);
   * `prefix.*: [a, b]` is `prefix.a: a, prefix.b: b` (fields kept under one object on the target side).
   */
  fields: string[] | Record<string, unknown>;
}

/** One field: target path, and the source path or (not a string) a template computing it. */
export interface MappingField {
  target: string;
  source: string | { template: unknown };
  /** Pointer of the field inside the mapping (`/fields/0`, `/fields/contact.phone`). */
  pointer: string;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The fields of a mapping, in order. */
export function mappingFields(mapping: MappingDef): MappingField[] {
  if (Array.isArray(mapping.fields)) return mapping.fields.map((name, i) => ({ target: name, source: name, pointer: `/fields/${i}` }));
  return Object.entries(mapping.fields ?? {}).flatMap(([target, source]): MappingField[] => {
    if (target.endsWith('.*') && Array.isArray(source)) {
      return source.map((name, i) => ({ target: `${target.slice(0, -1)}${String(name)}`, source: String(name), pointer: `/fields/${escape(target)}/${i}` }));
    }
    return [{ target, source: typeof source === 'string' ? source : { template: source }, pointer: `/fields/${escape(target)}` }];
  });
}

/** Where a side's values live: its `at`, else `state` for a page-state side. */
export function sideRoot(side: MappingSide): string | undefined {
  return side.at ?? (side.state ? 'state' : side.record ? `record.${side.record}` : undefined);
}

const join = (root: string, path: string) => (root ? `${root}.${path}` : path);

/** Set a dotted path in `target`, creating objects on the way; a path through a prototype name is reported at the use. */
function setNested(target: Record<string, unknown>, path: string, value: unknown): void {
  if (hasPrototypeSegment(path)) throw new MappingUseError(`field '${path}' names an object's prototype ('__proto__', 'constructor' or 'prototype'), not a field`);
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/** What went wrong building a use of a mapping (reported at the `use`). */
export class MappingUseError extends Error {}

function rootOf(mapping: MappingDef, side: 'from' | 'to', name: string, why: string): string {
  const root = sideRoot(mapping[side]);
  if (root === undefined) throw new MappingUseError(`mapping '${name}' has no 'at' on its '${side}' side: ${why}`);
  return root;
}

/**
 * The template a value `{ use: name, reverse? }` stands for: forward, the target-shaped object with each
 * field read from the source side; reverse, the source-shaped object read from the target side (fields
 * given by a template are left out: they have no source to write back).
 */
export function mappingTemplate(name: string, mapping: MappingDef, reverse: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of mappingFields(mapping)) {
    if (!reverse) {
      const value = typeof field.source === 'string' ? { var: join(rootOf(mapping, 'from', name, 'it cannot be read forward'), field.source) } : field.source.template;
      setNested(out, field.target, value);
    } else if (typeof field.source === 'string') {
      setNested(out, field.source, { var: join(rootOf(mapping, 'to', name, 'it cannot be read in reverse'), field.target) });
    }
  }
  return out;
}

/** The `set` effects an effects-list item `{ use: name, reverse? }` stands for: one per field, into the side's `at`. */
export function mappingEffects(name: string, mapping: MappingDef, reverse: boolean): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const field of mappingFields(mapping)) {
    if (!reverse) {
      const value = typeof field.source === 'string' ? { var: join(rootOf(mapping, 'from', name, 'it cannot be read forward'), field.source) } : field.source.template;
      out.push({ set: join(rootOf(mapping, 'to', name, 'its fields cannot be set'), field.target), value });
    } else if (typeof field.source === 'string') {
      out.push({ set: join(rootOf(mapping, 'from', name, 'its fields cannot be set'), field.source), value: { var: join(rootOf(mapping, 'to', name, 'it cannot be read in reverse'), field.target) } });
    }
  }
  return out;
}
