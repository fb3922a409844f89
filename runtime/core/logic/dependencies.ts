import type { Logic } from '../types';

/** Marker dependency: the expression reads a path computed at run time, so any change may affect it. */
export const ANY_PATH = '*';

const SCOPED = new Set(['map', 'filter', 'all', 'none', 'some', 'reduce']);

const isLogic = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1;

/** Root data paths (dotted) an expression reads through `var`, `missing` and `missing_some`. */
export function varPaths(logic: Logic): string[] {
  const out = new Set<string>();
  const literal = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') out.add(String(v) === '' ? ANY_PATH : String(v));
    else if (v !== null && v !== undefined) {
      out.add(ANY_PATH);
      visit(v);
    }
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isLogic(node)) return;
    const op = Object.keys(node)[0];
    const raw = node[op];
    const args = Array.isArray(raw) ? raw : [raw];
    if (op === 'var') {
      literal(args[0]);
      args.slice(1).forEach(visit);
    } else if (op === 'missing') {
      args.forEach((a) => (Array.isArray(a) ? a.forEach(literal) : literal(a)));
    } else if (op === 'missing_some') {
      visit(args[0]);
      if (Array.isArray(args[1])) args[1].forEach(literal);
      else literal(args[1]);
    } else if (SCOPED.has(op)) {
      // Only the collection (and reduce's initial value) read root data; inner logic reads each item.
      visit(args[0]);
      if (op === 'reduce') visit(args[2]);
    } else {
      args.forEach(visit);
    }
  };
  visit(logic);
  return [...out];
}

/** Whether a change at `changed` can affect a read of `read` (equal, ancestor or descendant). */
export function pathsOverlap(changed: string, read: string): boolean {
  if (read === ANY_PATH || changed === read) return true;
  return read.startsWith(changed + '.') || changed.startsWith(read + '.');
}

/** Operator names an expression uses (objects with one key are operations, as in json-logic). */
export function logicOperators(logic: Logic): string[] {
  const out = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isLogic(node)) return;
    const op = Object.keys(node)[0];
    out.add(op);
    visit(node[op]);
  };
  visit(logic);
  return [...out];
}
