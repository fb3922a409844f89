import { groupEntries } from '../query/codec';
import { getPath } from '../source/pointer';
import { formatNumber } from './formatNumber';

/** An added JSON-logic operation: receives the evaluated arguments. */
export type LogicOp = (...args: unknown[]) => unknown;

/** Extension record of logic operations: name -> implementation. */
export type LogicOps = Record<string, LogicOp>;

const regexCache = new Map<string, RegExp>();
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Operations the runtime adds to json-logic-js (documented here, usable in every definition):
 * - `{"lower": x}` / `{"upper": x}`: x as a string in lower / upper case (null -> '');
 * - `{"trim": x}`: x as a string without surrounding white space;
 * - `{"length": x}`: length of a string or array (anything else -> 0);
 * - `{"matches": [x, pattern, flags?]}`: whether x as a string matches the regular expression;
 * - `replaceAll` [text, find, replacement]: every `find` in the text replaced (`{ replaceAll: [id, /, '|'] }`);
 * - lists: `split` [text, sep], `join` [list, sep], `unique` list, `toggle` [list, v] (add or remove),
 *   `append` [list, v], `slice` [list, start, end?], `range` [start, end, step?], `pluck` [list, key],
 *   `findBy` / `filterBy` / `rejectBy` [list, key1, value1, key2?, value2? ...] (every pair equal), `whereIn` [list, key, values];
 * - `keys` object; `same` [a, b] (deep equality); `assign` [o1, o2, ...]: the fields of each object in turn, later ones winning;
 * - `filled` [object, paths]: the dotted paths (of `paths`) whose value in object is set (not null, '' or []),
 *   e.g. `{ filled: [{ var: form }, { keys: { var: formErrors } }] }`: the fields with a value that show an error;
 * - `formatNumber` [x, { locale, ...Intl.NumberFormat options }] ('' for no number);
 * - `groupDigits` [x, groups]: the digits of x in groups of the given sizes, space-separated (`[2, 3, 3, 3]`:
 *   '51 824 753 556'); x as it is when its digits do not add up to the groups (or no groups are given);
 * - `groupEntries` [groups, allowedKeys?]: a `groups` query value as `key` / `key:a,b` entries (runtime/core/query).
 */
export const coreLogicOps: LogicOps = {
  lower: (value) => text(value).toLowerCase(),
  upper: (value) => text(value).toUpperCase(),
  trim: (value) => text(value).trim(),
  length: (value) => (typeof value === 'string' || Array.isArray(value) ? value.length : 0),
  split: (value, separator) => (text(value) === '' ? [] : text(value).split(text(separator ?? ','))),
  join: (list, separator) => (Array.isArray(list) ? list.map(text).join(text(separator ?? ',')) : ''),
  replaceAll: (value, find, replacement) => text(value).split(text(find)).join(text(replacement)),
  unique: (list) => (Array.isArray(list) ? [...new Set(list)] : []),
  // The fields of each object in turn, later ones winning (what is not an object is skipped): one value from parts.
  assign: (...objects) => Object.assign({}, ...objects.filter((o) => o !== null && typeof o === 'object' && !Array.isArray(o))),
  keys: (value) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []),
  same: (a, b) => canonical(a) === canonical(b),
  filled: (object, paths) => (Array.isArray(paths) ? paths.filter((path) => isSet(getPath(object, text(path)))) : []),
  toggle: (list, value) => {
    const items = Array.isArray(list) ? list : [];
    return items.some((i) => canonical(i) === canonical(value)) ? items.filter((i) => canonical(i) !== canonical(value)) : [...items, value];
  },
  pluck: (list, key) => (Array.isArray(list) ? list.map((item) => field(item, key)) : []),
  findBy: (list, ...pairs) => (Array.isArray(list) ? list.find((item) => matchesAll(item, pairs)) ?? null : null),
  filterBy: (list, ...pairs) => (Array.isArray(list) ? list.filter((item) => matchesAll(item, pairs)) : []),
  rejectBy: (list, ...pairs) => (Array.isArray(list) ? list.filter((item) => !matchesAll(item, pairs)) : []),
  whereIn: (list, key, values) => (Array.isArray(list) && Array.isArray(values) ? list.filter((item) => values.includes(field(item, key))) : []),
  append: (list, item) => [...(Array.isArray(list) ? list : []), item],
  slice: (list, start, end) => (Array.isArray(list) ? list.slice(Number(start ?? 0), end === undefined || end === null ? undefined : Number(end)) : []),
  range: (start, end, step) => {
    const out: number[] = [];
    const by = Number(step ?? 1) || 1;
    for (let n = Number(start); by > 0 ? n <= Number(end) : n >= Number(end); n += by) out.push(n);
    return out;
  },
  groupDigits: (value, groups) => {
    const digits = text(value).replace(/\s+/g, '');
    const sizes = Array.isArray(groups) ? groups.map(Number) : [];
    if (!/^[0-9]+$/.test(digits) || sizes.length === 0 || sizes.reduce((a, b) => a + b, 0) !== digits.length) return value;
    let at = 0;
    return sizes.map((n) => digits.slice(at, (at += n))).join(' ');
  },
  formatNumber: (value, options) => {
    if (value === null || value === undefined || value === '' || Number.isNaN(Number(value))) return '';
    return formatNumber(Number(value), (options && typeof options === 'object' ? options : {}) as Record<string, unknown>);
  },
  groupEntries: (value, allowed) => groupEntries(value, allowed),
  matches: (value, pattern, flags) => {
    const key = `${text(flags)}/${text(pattern)}`;
    let regex = regexCache.get(key);
    if (!regex) {
      regex = new RegExp(text(pattern), text(flags));
      regexCache.set(key, regex);
    }
    return regex.test(text(value));
  },
};

/** Whether a value counts as given: not absent, null, '' or an empty list. */
const isSet = (value: unknown): boolean => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Stable text of a value for equality (object keys sorted). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v)) ?? 'undefined';
}

function field(item: unknown, key: unknown): unknown {
  return item && typeof item === 'object' ? (item as Record<string, unknown>)[text(key)] : undefined;
}

/** Whether every `key, value` pair (a flat list) equals the item's field. */
function matchesAll(item: unknown, pairs: unknown[]): boolean {
  if (pairs.length < 2) return false;
  for (let i = 0; i + 1 < pairs.length; i += 2) if (canonical(field(item, pairs[i])) !== canonical(pairs[i + 1])) return false;
  return true;
}

/** Operations json-logic-js provides itself. */
export const BUILTIN_LOGIC_OPS = [
  'var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and', '>', '>=', '<', '<=',
  'max', 'min', '+', '-', '*', '/', '%', 'map', 'filter', 'reduce', 'all', 'none', 'some', 'merge', 'in', 'cat', 'substr', 'log',
];


/**
 * How many arguments each operation of json-logic-js and of {@link coreLogicOps} takes: [least, most]
 * (a lone value counts as one). Lint reports a call outside it (`'!=': [a, b, c]` compares a with b only).
 */
export const LOGIC_ARITY: Record<string, readonly [number, number]> = {
  var: [0, 2], missing: [0, Infinity], missing_some: [2, 2], if: [1, Infinity], '?:': [3, 3],
  '==': [2, 2], '===': [2, 2], '!=': [2, 2], '!==': [2, 2], '!': [1, 1], '!!': [1, 1], or: [1, Infinity], and: [1, Infinity],
  '>': [2, 2], '>=': [2, 2], '<': [2, 3], '<=': [2, 3], max: [1, Infinity], min: [1, Infinity],
  '+': [1, Infinity], '-': [1, 2], '*': [1, Infinity], '/': [2, 2], '%': [2, 2],
  map: [2, 2], filter: [2, 2], reduce: [2, 3], all: [2, 2], none: [2, 2], some: [2, 2],
  merge: [0, Infinity], in: [2, 2], cat: [1, Infinity], substr: [2, 3], log: [1, 1],
  lower: [1, 1], upper: [1, 1], trim: [1, 1], length: [1, 1], split: [1, 2], join: [1, 2], replaceAll: [3, 3], unique: [1, 1],
  assign: [1, Infinity], keys: [1, 1], same: [2, 2], filled: [2, 2], toggle: [2, 2], pluck: [2, 2],
  findBy: [3, Infinity], filterBy: [3, Infinity], rejectBy: [3, Infinity], whereIn: [3, 3], append: [2, 2], slice: [2, 3],
  range: [2, 3], formatNumber: [1, 2], groupDigits: [2, 2], groupEntries: [1, 2], matches: [2, 3],
};
