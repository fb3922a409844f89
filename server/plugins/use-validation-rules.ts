/**
 * Extra validation rules in ONE onValidate hook (yoga runs every hook of every plugin per request,
 * each with its own payload and closures; results are cached per document by yoga afterwards).
 * @example useValidationRules([noIntrospectionRule, operationLimitsRule(DEFAULT_LIMITS)])
 */
import type { ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Add `rules`, in order, to every validation; no hook at all when there are none. */
export function useValidationRules(rules: readonly ValidationRule[]): Plugin {
  if (rules.length === 0) return {};
  return {
    onValidate({ addValidationRule }) {
      for (let i = 0; i < rules.length; i++) addValidationRule(rules[i]);
    },
  };
}
