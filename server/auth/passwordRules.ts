/**
 * The reset-password rules of spec 002 section 5, read from the same definition the browser
 * checks: the `x-rules` of `schemas/resetPassword.json` (JSON-logic over `form`, message keys of
 * the catalogue), so one list is enforced in both places.
 */
import type { LogicInstance } from '../../runtime/core/logic';
import { failingRules, schemaRules, type FormRule } from '../../runtime/core/messages';
import type { DefinitionSet } from '../../runtime/core/types';

/** The form schema whose `x-rules` are the password rules. */
export const PASSWORD_SCHEMA_ID = 'resetPassword';

/** The password rules of the definitions; throws when the schema or its rules are missing (a server without them must not accept passwords). */
export function passwordRules(defs: DefinitionSet): FormRule[] {
  const rules = schemaRules(defs.schemas[PASSWORD_SCHEMA_ID]);
  if (!rules.length) throw new Error(`schemas/${PASSWORD_SCHEMA_ID}.json has no x-rules: the password rules are defined there`);
  return rules;
}

/**
 * Message keys of the rules `password` breaks, in definition order (the spec's: match first).
 * Empty = acceptable. Without `confirm` (the spec's client checks it itself) the match rule holds.
 */
export function passwordRuleErrors(logic: LogicInstance, rules: FormRule[], password: string, confirm?: string | null): string[] {
  const form = { password, confirmPassword: confirm ?? password };
  return failingRules(rules, form, logic).map((r) => r.message);
}
