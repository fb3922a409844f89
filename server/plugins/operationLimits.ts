/** Depth, alias, cost and introspection limits as one validation rule (validation results are cached by yoga). */
import type { ValidationRule } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { operationStats } from './operationStats';

/** Limits per operation. */
export interface OperationLimits {
  /** Deepest field nesting allowed. */
  maxDepth: number;
  /** Aliased fields allowed. */
  maxAliases: number;
  /** Field selections allowed after fragment expansion. */
  maxCost: number;
  /**
   * Introspection root selections (`__schema`, `__type`) allowed: each answers up to the whole schema
   * (about 150 kB), so this bounds what one introspection operation can answer. Production refuses
   * introspection whatever this says (disableIntrospection.ts).
   */
  maxIntrospection: number;
}

/**
 * Defaults sized for the spec's operations (getVehicleApplication is the deepest, about 7 levels) and
 * for the standard introspection query in development (one `__schema`, cost about 230).
 */
export const DEFAULT_LIMITS: OperationLimits = { maxDepth: 12, maxAliases: 15, maxCost: 1000, maxIntrospection: 1 };

/** Options of the limits. */
export interface OperationLimitsOptions {
  /**
   * Development, where introspection is on: introspection selections add no depth, so GraphiQL and
   * code generators can send the standard introspection query (graphql-js `getIntrospectionQuery()`:
   * depth 15, cost about 230, no alias). Their aliases and fields count towards the alias and cost
   * limits as any other's: only depth is exempt.
   */
  introspectionDepthExempt?: boolean;
}

/** The validation rule: reports each exceeded limit with the figure found. */
export function operationLimitsRule(limits: OperationLimits, options: OperationLimitsOptions = {}): ValidationRule {
  const introspectionDepthExempt = options.introspectionDepthExempt === true;
  return (context) => ({
    Document: {
      leave(doc) {
        const s = operationStats(doc, { introspectionDepthExempt });
        const problem = (what: string, found: number, max: number) =>
          context.reportError(createGraphQLError(`Operation ${what} ${found} exceeds the limit of ${max}.`, { extensions: { code: 'OPERATION_LIMIT', http: { status: 400 } } }));
        if (s.depth > limits.maxDepth) problem('depth', s.depth, limits.maxDepth);
        if (s.aliases > limits.maxAliases) problem('alias count', s.aliases, limits.maxAliases);
        if (s.cost > limits.maxCost) problem('cost', s.cost, limits.maxCost);
        if (s.introspection > limits.maxIntrospection) problem('introspection field count', s.introspection, limits.maxIntrospection);
      },
    },
  });
}

/** The plugin: the rule over `limits` (defaults: {@link DEFAULT_LIMITS}) added to every validation. */
export function operationLimits(limits: Partial<OperationLimits> = {}, options: OperationLimitsOptions = {}): Plugin {
  const rule = operationLimitsRule({ ...DEFAULT_LIMITS, ...limits }, options);
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}
