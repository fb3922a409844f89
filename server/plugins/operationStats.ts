/**
 * Depth, alias count and cost of one operation, with fragments expanded (cycles cut). Introspection
 * (`__schema`, `__type` and everything under them) can be left out: what they select is schema
 * metadata only, never data.
 */
import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';

/** What the limit plugins measure. */
export interface OperationStats {
  /** Deepest field nesting (a top-level field is depth 1). */
  depth: number;
  /** Number of aliased fields. */
  aliases: number;
  /** Number of field selections after fragment expansion (a simple cost: every field costs 1). */
  cost: number;
}

/** Introspection root fields: nothing below them is data. */
const INTROSPECTION = new Set(['__schema', '__type']);

/** Measure every operation of a document; answers the maximum of each figure (`skipIntrospection`: leave introspection fields out). */
export function operationStats(doc: DocumentNode, options: { skipIntrospection?: boolean } = {}): OperationStats {
  const skipIntrospection = options.skipIntrospection === true;
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const def of doc.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION) operations.push(def);
  }
  const total: OperationStats = { depth: 0, aliases: 0, cost: 0 };
  for (const op of operations) {
    const stats: OperationStats = { depth: 0, aliases: 0, cost: 0 };
    const walk = (set: SelectionSetNode, depth: number, seen: Set<string>) => {
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (skipIntrospection && INTROSPECTION.has(sel.name.value)) continue;
          stats.cost += 1;
          if (sel.alias) stats.aliases += 1;
          stats.depth = Math.max(stats.depth, depth);
          if (sel.selectionSet) walk(sel.selectionSet, depth + 1, seen);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          walk(sel.selectionSet, depth, seen);
        } else {
          const name = sel.name.value;
          const frag = fragments.get(name);
          if (!frag || seen.has(name)) continue;
          walk(frag.selectionSet, depth, new Set(seen).add(name));
        }
        // Cut pathological documents short: the limits are far below this.
        if (stats.cost > 100_000) return;
      }
    };
    walk(op.selectionSet, 1, new Set());
    total.depth = Math.max(total.depth, stats.depth);
    total.aliases = Math.max(total.aliases, stats.aliases);
    total.cost = Math.max(total.cost, stats.cost);
  }
  return total;
}
