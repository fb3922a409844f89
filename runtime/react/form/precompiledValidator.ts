import type { RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import type { CompiledValidator } from './formStore';

/**
 * An rjsf `ValidatorType` that never compiles a schema (CSP without 'unsafe-eval'). rjsf only
 * needs it for schema utilities; the runtime validates itself through the form store, so
 * `validateFormData` reports nothing. `isValid` answers for the root schema with the build-time
 * validator and for sub-schemas with a structural check of `const` / `enum` (enough to pick a
 * `oneOf` branch by discriminator); forms express conditions with `ui:visibleWhen` instead.
 */
export function precompiledValidator(rootSchema: RJSFSchema, validate: CompiledValidator): ValidatorType {
  return {
    validateFormData: (): ValidationData<unknown> => ({ errors: [], errorSchema: {} }),
    isValid: (schema, formData) => (schema === rootSchema ? validate(formData) : matches(schema, formData)),
    rawValidation: () => ({ errors: [] }),
  };
}

function matches(schema: RJSFSchema, data: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  if ('const' in schema && schema.const !== data) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(data as never)) return false;
  if (schema.properties && data && typeof data === 'object') {
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (typeof sub === 'object' && !matches(sub as RJSFSchema, (data as Record<string, unknown>)[key])) return false;
    }
  }
  return true;
}
