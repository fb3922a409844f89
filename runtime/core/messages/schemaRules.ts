import type { JsonSchema, LogicContext } from '../types';
import type { LogicInstance } from '../logic/createLogic';
import type { FormRule } from './validateForm';

/**
 * The logic rules a form schema carries itself (`x-rules`: `{ field, when, message }`, `when`
 * holding = the field shows `message`). The browser checks them with the form's other rules; the
 * server reads the same list, so both enforce one definition.
 */
export function schemaRules(schema: JsonSchema | undefined): FormRule[] {
  const rules = (schema as { 'x-rules'?: unknown } | undefined)?.['x-rules'];
  return Array.isArray(rules) ? (rules as FormRule[]) : [];
}

/**
 * Every rule of `rules` that fails for `form` (in definition order), as `{ field, message }`.
 * @example failingRules(schemaRules(schema), { password: 'abc' }, logic) // [{ field: 'password', message: 'auth.password.minLength' }, ...]
 */
export function failingRules(rules: FormRule[], form: Record<string, unknown>, logic: LogicInstance, context: LogicContext = {}): { field: string; message: string }[] {
  const data = { ...context, form };
  return rules.filter((rule) => logic.holds(rule.when, data)).map(({ field, message }) => ({ field, message }));
}
