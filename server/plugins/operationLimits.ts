/** Depth, alias and cost limits as one validation rule (validation results are cached by yoga). */
import { GraphQLError, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { operationStats } from './operationStats';

/** Limits per operation. */
export interface OperationLimits {
  /** Deepest field nesting allowed. */
  maxDepth: number;
  /** Aliased fields allowed. */
  maxAliases: number;
  /** Field selections allowed after fragment expansion. */
  maxCost: number;
}

/** Defaults sized for the spec's operations (getVehicleApplication is the deepest, about 7 levels). */
export const DEFAULT_LIMITS: OperationLimits = { maxDepth: 12, maxAliases: 15, maxCost: 1000 };

/**
 * The validation rule: reports each exceeded limit with the figure found. `exemptIntrospection`
 * (development, where introspection is on): introspection fields and their selections are not
 * counted, so GraphiQL and code generators can send the standard introspection query; the rest of
 * the operation is measured as always.
 */
export function operationLimitsRule(limits: OperationLimits, options: { exemptIntrospection?: boolean } = {}): ValidationRule {
  const skipIntrospection = options.exemptIntrospection === true;
  return (context) => ({
    Document: {
      leave(doc) {
        const s = operationStats(doc, { skipIntrospection });
        const problem = (what: string, found: number, max: number) =>
          context.reportError(new GraphQLError(`Operation ${what} ${found} exceeds the limit of ${max}.`, { extensions: { code: 'OPERATION_LIMIT', http: { status: 400 } } }));
        if (s.depth > limits.maxDepth) problem('depth', s.depth, limits.maxDepth);
        if (s.aliases > limits.maxAliases) problem('alias count', s.aliases, limits.maxAliases);
        if (s.cost > limits.maxCost) problem('cost', s.cost, limits.maxCost);
      },
    },
  });
}

/** The plugin: the rule over `limits` (defaults: {@link DEFAULT_LIMITS}) added to every validation. */
export function operationLimits(limits: Partial<OperationLimits> = {}, options: { exemptIntrospection?: boolean } = {}): Plugin {
  const rule = operationLimitsRule({ ...DEFAULT_LIMITS, ...limits }, options);
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}
