import { isPrototypeName } from '../../core/source/pointer';
import type { Logic } from '../../core/types';

/** Values some `var` roots take in one selection (e.g. `settings`), shown beside the path: `settings.limit (5)`. */
export type KnownRoots = Record<string, unknown>;

/** Longest label before it is cut with an ellipsis. */
export const MAX_LABEL = 80;

const INFIX: Record<string, { text: string; rank: number }> = {
  or: { text: ' || ', rank: 1 },
  and: { text: ' && ', rank: 2 },
  '==': { text: ' == ', rank: 3 }, '===': { text: ' == ', rank: 3 },
  '!=': { text: ' != ', rank: 3 }, '!==': { text: ' != ', rank: 3 },
  '<': { text: ' < ', rank: 3 }, '<=': { text: ' <= ', rank: 3 },
  '>': { text: ' > ', rank: 3 }, '>=': { text: ' >= ', rank: 3 },
  in: { text: ' in ', rank: 3 },
  '+': { text: ' + ', rank: 4 }, '-': { text: ' - ', rank: 4 },
  '*': { text: ' * ', rank: 5 }, '/': { text: ' / ', rank: 5 }, '%': { text: ' % ', rank: 5 },
};
const UNARY_RANK = 6;
const ATOM_RANK = 7;

function valueAt(root: unknown, path: string[]): unknown {
  let at = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || isPrototypeName(key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function variable(args: unknown, known: KnownRoots): string {
  const [path, fallback] = Array.isArray(args) ? args : [args];
  const name = path === undefined || path === null || path === '' ? 'data' : String(path);
  const [root, ...rest] = name.split('.');
  let out = name;
  if (Object.hasOwn(known, root)) {
    const value = valueAt(known[root], rest);
    out = `${name} (${value === undefined ? 'unset' : cut(literal(value), 24)})`;
  }
  return fallback === undefined ? out : `${out} ?? ${literal(fallback)}`;
}

function render(logic: Logic, known: KnownRoots): { text: string; rank: number } {
  if (Array.isArray(logic)) return { text: `[${logic.map((item) => render(item, known).text).join(', ')}]`, rank: ATOM_RANK };
  if (logic === null || typeof logic !== 'object') return { text: literal(logic), rank: ATOM_RANK };
  const keys = Object.keys(logic);
  if (keys.length !== 1) return { text: literal(logic), rank: ATOM_RANK };
  const op = keys[0];
  const raw = (logic as Record<string, unknown>)[op];
  const args = Array.isArray(raw) ? raw : [raw];
  const wrap = (arg: Logic, rank: number) => {
    const inner = render(arg, known);
    return inner.rank < rank ? `(${inner.text})` : inner.text;
  };
  if (op === 'var') return { text: variable(raw, known), rank: ATOM_RANK };
  if ((op === '!' || op === '!!') && args.length === 1) return { text: `${op}${wrap(args[0], UNARY_RANK)}`, rank: UNARY_RANK };
  if ((op === 'if' || op === '?:') && args.length >= 2) {
    // if: [c1, a1, c2, a2, ..., else]: right-nested conditionals.
    const chain = (at: number): string => {
      if (at >= args.length) return 'null';
      if (at === args.length - 1) return wrap(args[at], 2);
      return `${wrap(args[at], 2)} ? ${wrap(args[at + 1], 2)} : ${chain(at + 2)}`;
    };
    return { text: chain(0), rank: 0 };
  }
  const infix = INFIX[op];
  if (infix && args.length >= 2) {
    // Comparisons of three arguments are JsonLogic's "between": a < b < c.
    return { text: args.map((arg) => wrap(arg, infix.rank + 1)).join(infix.text), rank: infix.rank };
  }
  return { text: `${op}(${args.map((arg) => render(arg, known).text).join(', ')})`, rank: ATOM_RANK };
}

/**
 * A JsonLogic expression as one compact line: `var` paths bare, infix comparisons and `&&`/`||`,
 * `!x`, other operations as calls; paths under a known root show that root's value.
 * @example logicLabel({ and: [{ '==': [{ var: 'a.b' }, 'x'] }, { '!': { var: 'c' } }] }) // "a.b == 'x' && !c"
 */
export function logicLabel(logic: Logic, known: KnownRoots = {}, max = MAX_LABEL): string {
  return cut(render(logic, known).text, max);
}

/**
 * Text made safe inside a quoted Mermaid label (flowchart `"..."`, state diagram `: ...`): the
 * characters Mermaid or its HTML labels read (quote, angle brackets, `#`, `&`, `|`, `;`, backtick) as entity codes.
 */
export function mermaidEscape(text: string): string {
  return text.replace(/[#&"<>|;`]|\r?\n/g, (c) => (c.endsWith('\n') ? ' ' : `#${c.charCodeAt(0)};`));
}
