/**
 * The one rewriter behind the loader's local names (runtime/core/README.md 'Shorthands'): a step's `edits.x`, a
 * lookup's `lookup.x`, an upload slot's `upload.slot.x` are each a prefix that stands for a longer path.
 */

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `name` read under `to` when it is `from` or starts with `from.`, else `name` as it is. */
function renamed(name: unknown, from: string, to: string): unknown {
  if (typeof name !== 'string' || (name !== from && !name.startsWith(`${from}.`))) return name;
  return `${to}${name.slice(from.length)}`;
}

/**
 * `value` (logic, a block, a step: anything) with every variable under `from` read under `to`: `{ var: 'from' }`,
 * `{ var: 'from.x' }` and the default form `{ var: ['from.x', default] }` (the default rewritten too), at any depth.
 * `members` names other keys whose string value is such a path, with the prefix they get instead (a step's
 * `save: edits.x` is `save: <path>.x` where its logic reads `record.<path>.x`). A new value; `value` is not changed.
 */
export function renameVars(value: unknown, from: string, to: string, members: Record<string, string> = {}): unknown {
  const rename = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rename);
    if (!isObject(v)) return v;
    const out: Obj = {};
    for (const [k, child] of Object.entries(v)) {
      if (k === 'var') out[k] = Array.isArray(child) ? [renamed(child[0], from, to), ...child.slice(1).map(rename)] : renamed(child, from, to);
      else if (Object.hasOwn(members, k)) out[k] = renamed(child, from, members[k]);
      else out[k] = rename(child);
    }
    return out;
  };
  return rename(value);
}
