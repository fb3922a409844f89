/**
 * Production: no `__schema` / `__type` (`__typename` stays allowed). Checked on the AST by field
 * name, like graphql's NoSchemaIntrospectionCustomRule but with no type-system objects, so it works
 * whichever copy of graphql (ESM or CJS) built the schema.
 */
import type { ValidationRule } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

const INTROSPECTION = new Set(['__schema', '__type']);

/** The validation rule (exported for tests). */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (INTROSPECTION.has(node.name.value)) {
      context.reportError(createGraphQLError(`GraphQL introspection has been disabled, but the requested query contained the field "${node.name.value}".`, { nodes: [node], extensions: { code: 'INTROSPECTION_DISABLED' } }));
    }
  },
});

/** The plugin: the rule added to every validation (results are cached per document by yoga). */
export function disableIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(noIntrospectionRule);
    },
  };
}
