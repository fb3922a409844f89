/**
 * Depth, alias count, cost and introspection count of one operation, with fragments expanded (cycles
 * cut). The depth of introspection (`__schema`, `__type` and everything under them) can be left out:
 * the standard introspection query nests 15 deep (`ofType` chains) over schema metadata only. Its
 * aliases and fields are always counted, and so are its root selections: each answers up to the whole
 * schema (about 150 kB here), so 15 aliased `__schema { types { ... } }` within the alias and cost
 * limits still answered 2 MB.
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
  /** Number of introspection root selections (`__schema`, `__type`) after fragment expansion. */
  introspection: number;
}

/** Introspection root fields: nothing below them is data. */
const INTROSPECTION = new Set(['__schema', '__type']);

/** Measure every operation of a document; answers the maximum of each figure (`introspectionDepthExempt`: introspection selections add no depth). */
export function operationStats(doc: DocumentNode, options: { introspectionDepthExempt?: boolean } = {}): OperationStats {
  const depthExempt = options.introspectionDepthExempt === true;
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const def of doc.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else if (def.kind === Kind.OPERATION_DEFINITION) operations.push(def);
  }
  const total: OperationStats = { depth: 0, aliases: 0, cost: 0, introspection: 0 };
  for (const op of operations) {
    const stats: OperationStats = { depth: 0, aliases: 0, cost: 0, introspection: 0 };
    // `measured`: whether this selection's depth counts (false under an exempt introspection field).
    const walk = (set: SelectionSetNode, depth: number, seen: Set<string>, measured: boolean) => {
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          const introspection = INTROSPECTION.has(sel.name.value);
          if (introspection) stats.introspection += 1;
          const counted = measured && !(depthExempt && introspection);
          stats.cost += 1;
          if (sel.alias) stats.aliases += 1;
          if (counted) stats.depth = Math.max(stats.depth, depth);
          if (sel.selectionSet) walk(sel.selectionSet, depth + 1, seen, counted);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          walk(sel.selectionSet, depth, seen, measured);
        } else {
          const name = sel.name.value;
          const frag = fragments.get(name);
          if (!frag || seen.has(name)) continue;
          walk(frag.selectionSet, depth, new Set(seen).add(name), measured);
        }
        // Cut pathological documents short: the limits are far below this.
        if (stats.cost > 100_000) return;
      }
    };
    walk(op.selectionSet, 1, new Set(), true);
    total.depth = Math.max(total.depth, stats.depth);
    total.aliases = Math.max(total.aliases, stats.aliases);
    total.cost = Math.max(total.cost, stats.cost);
    total.introspection = Math.max(total.introspection, stats.introspection);
  }
  return total;
}
