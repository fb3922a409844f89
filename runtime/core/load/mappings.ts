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
   * Names both sides share, or target path -> source path (a string), a template (forward only), or
   * `{ from: source path, forward?: template, reverse?: template }` (both ways, each direction's logic where it is
   * not a plain copy); `prefix.*: [a, b]` is `prefix.a: a, prefix.b: b` (fields kept under one object on the target side).
   */
  fields: string[] | Record<string, unknown>;
}

/** One field: target path, and the source path or (not a string) a template computing it. */
export interface MappingField {
  target: string;
  source: string | { template: unknown };
  /** The source path of a two-way field (`{ from, forward?, reverse? }`): lint checks it; reverse writes it. */
  sourcePath?: string;
  /** A two-way field's reverse template (the source's value from the target side); absent: a plain copy back. */
  back?: { template: unknown };
  /** Pointer of the field inside the mapping (`/fields/0`, `/fields/contact.phone`). */
  pointer: string;
}

/** A two-way field: `{ from, forward?, reverse? }` and nothing else. */
const isTwoWay = (v: unknown): v is { from: unknown; forward?: unknown; reverse?: unknown } =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { from?: unknown }).from === 'string' &&
  Object.keys(v).every((k) => k === 'from' || k === 'forward' || k === 'reverse');

/**
 * A field's template with its side names written out: `{ var: from.x }` reads the `from` side's `x`, `{ var: to.x }`
 * the `to` side's (their `at`), so a two-way field's logic names neither side's long path.
 */
function sidesWritten(name: string, mapping: MappingDef, template: unknown): unknown {
  const root = (side: 'from' | 'to') => rootOf(mapping, side, name, `its logic reads '${side}.'`);
  const rename = (path: unknown): unknown => {
    if (typeof path !== 'string') return path;
    const side = path.startsWith('from.') ? 'from' : path.startsWith('to.') ? 'to' : undefined;
    return side ? join(root(side), path.slice(side.length + 1)) : path;
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, child]) => {
      if (k !== 'var') return [k, walk(child)];
      return [k, Array.isArray(child) ? [rename(child[0]), ...child.slice(1).map(walk)] : rename(child)];
    }));
  };
  return walk(template);
}

/** Where the reverse direction writes a field (its source path), and what it writes; undefined: forward only. */
function reverseOf(name: string, mapping: MappingDef, field: MappingField): { path: string; value: unknown } | undefined {
  const path = field.sourcePath ?? (typeof field.source === 'string' ? field.source : undefined);
  if (path === undefined) return undefined;
  return { path, value: field.back ? sidesWritten(name, mapping, field.back.template) : { var: join(rootOf(mapping, 'to', name, 'it cannot be read in reverse'), field.target) } };
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** The fields of a mapping, in order. */
export function mappingFields(mapping: MappingDef): MappingField[] {
  if (Array.isArray(mapping.fields)) return mapping.fields.map((name, i) => ({ target: name, source: name, pointer: `/fields/${i}` }));
  return Object.entries(mapping.fields ?? {}).flatMap(([target, source]): MappingField[] => {
    if (target.endsWith('.*') && Array.isArray(source)) {
      return source.map((name, i) => ({ target: `${target.slice(0, -1)}${String(name)}`, source: String(name), pointer: `/fields/${escape(target)}/${i}` }));
    }
    const pointer = `/fields/${escape(target)}`;
    if (isTwoWay(source)) {
      const from = String(source.from);
      return [{
        target, sourcePath: from, pointer,
        source: source.forward === undefined ? from : { template: source.forward },
        ...(source.reverse === undefined ? {} : { back: { template: source.reverse } }),
      }];
    }
    return [{ target, source: typeof source === 'string' ? source : { template: source }, pointer }];
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
      const value = typeof field.source === 'string' ? { var: join(rootOf(mapping, 'from', name, 'it cannot be read forward'), field.source) } : sidesWritten(name, mapping, field.source.template);
      setNested(out, field.target, value);
    } else {
      const back = reverseOf(name, mapping, field);
      if (back) setNested(out, back.path, back.value);
    }
  }
  return out;
}

/** The `set` effects an effects-list item `{ use: name, reverse? }` stands for: one per field, into the side's `at`. */
export function mappingEffects(name: string, mapping: MappingDef, reverse: boolean): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const field of mappingFields(mapping)) {
    if (!reverse) {
      const value = typeof field.source === 'string' ? { var: join(rootOf(mapping, 'from', name, 'it cannot be read forward'), field.source) } : sidesWritten(name, mapping, field.source.template);
      out.push({ set: join(rootOf(mapping, 'to', name, 'its fields cannot be set'), field.target), value });
    } else {
      const back = reverseOf(name, mapping, field);
      if (back) out.push({ set: join(rootOf(mapping, 'from', name, 'its fields cannot be set'), back.path), value: back.value });
    }
  }
  return out;
}
