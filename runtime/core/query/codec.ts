import type { StateDef } from '../types';

/** A `groups` value: the keys, and items qualified by their key (`key:item`). */
export interface GroupsValue {
  keys: string[];
  values: string[];
}

/** The leading integer of a text, as `parseInt` reads it (`60000abc` -> 60000, `12.5` -> 12); undefined when it has none. */
const int = (text: string): number | undefined => (/^\s*[-+]?\d/.test(text) ? Number.parseInt(text, 10) : undefined);

/** An int state's value within its `minimum` and snapped to the nearest of its `snap` values (ties: the smaller). */
function constrainInt(def: StateDef, n: number): number {
  let v = typeof def.minimum === 'number' ? Math.max(def.minimum, n) : n;
  if (def.snap?.length) v = def.snap.reduce((best, s) => (Math.abs(s - v) < Math.abs(best - v) || (Math.abs(s - v) === Math.abs(best - v) && s < best) ? s : best), def.snap[0]);
  return v;
}

/** A text in the state's `case` (query lists and groups). */
const cased = (def: StateDef, text: string): string => (def.case === 'upper' ? text.toUpperCase() : def.case === 'lower' ? text.toLowerCase() : text);

/** Decodes one query value (`raw` is already percent-decoded) by its state definition. */
export function decodeValue(def: StateDef, raw: string | null): unknown {
  if (raw === null) return def.default;
  switch (def.type ?? 'text') {
    case 'int': {
      const n = int(raw);
      return n === undefined ? def.default : constrainInt(def, n);
    }
    case 'list': {
      const items = raw.split(def.separator ?? ',').map((s) => s.trim()).filter(Boolean);
      return def.items === 'int' ? items.map(int).filter((n) => n !== undefined) : items.map((item) => cased(def, item));
    }
    case 'groups': {
      const keySep = def.keySeparator ?? ':';
      const itemSep = def.itemSeparator ?? ',';
      const out: GroupsValue = { keys: [], values: [] };
      for (const group of raw.split(def.separator ?? '|')) {
        const at = group.indexOf(keySep);
        const key = cased(def, (at < 0 ? group : group.slice(0, at)).trim());
        if (!key) continue;
        if (!out.keys.includes(key)) out.keys.push(key);
        if (at >= 0) for (const item of group.slice(at + keySep.length).split(itemSep).map((s) => cased(def, s.trim())).filter(Boolean)) out.values.push(`${key}${keySep}${item}`);
      }
      return out;
    }
    default:
      return raw;
  }
}

/** The groups of a `groups` value as entries `key` or `key:item1,item2` (only keys in `allowed`, when it is non-empty). */
export function groupEntries(value: unknown, allowed?: unknown, keySeparator = ':', itemSeparator = ','): string[] {
  const v = value as Partial<GroupsValue> | null | undefined;
  const keys = Array.isArray(v?.keys) ? v.keys.map(String) : [];
  const values = Array.isArray(v?.values) ? v.values.map(String) : [];
  const only = Array.isArray(allowed) && allowed.length ? allowed.map((a) => String(a).toUpperCase()) : undefined;
  return keys.filter((k) => !only || only.includes(k.toUpperCase())).map((key) => {
    const items = values.filter((q) => q.startsWith(key + keySeparator)).map((q) => q.slice(key.length + keySeparator.length));
    return items.length ? `${key}${keySeparator}${items.join(itemSeparator)}` : key;
  });
}

/** Encodes one value as query text, or undefined to leave the parameter out (empty, or the default). */
export function encodeValue(def: StateDef, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (JSON.stringify(value) === JSON.stringify(def.default)) return undefined;
  switch (def.type ?? 'text') {
    case 'list':
      return Array.isArray(value) && value.length ? value.join(def.separator ?? ',') : undefined;
    case 'groups': {
      const entries = groupEntries(value, undefined, def.keySeparator, def.itemSeparator);
      return entries.length ? entries.join(def.separator ?? '|') : undefined;
    }
    case 'int':
      return typeof value === 'number' && Number.isFinite(value) ? String(Math.trunc(value)) : undefined;
    default:
      return String(value);
  }
}

/**
 * Reads the query-state values of `defs` from a query string. Parameters are percent-decoded first,
 * so a value may arrive raw (`a|b:c`) or encoded (`a%7Cb%3Ac`).
 * @example decodeQuery({ page: { source: 'query', type: 'int', default: 1 } }, '?page=2') // { page: 2 }
 */
export function decodeQuery(defs: Record<string, StateDef>, search: string): Record<string, unknown> {
  const params = new URLSearchParams(search);
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(defs)) if (def.source === 'query') out[name] = decodeValue(def, params.get(def.key ?? name));
  return out;
}

/**
 * Writes query-state values as a query string (`?a=1&b=x%7Cy`, standard URL encoding, `%20` for
 * spaces), in the order of `values`; empty values and defaults are left out. '' when nothing is left.
 */
export function encodeQuery(defs: Record<string, StateDef>, values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const def = defs[name];
    if (!def || def.source !== 'query') continue;
    const text = encodeValue(def, value);
    if (text !== undefined) parts.push(`${encodeURIComponent(def.key ?? name)}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
