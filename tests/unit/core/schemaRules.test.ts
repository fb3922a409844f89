/**
 * `x-rules` of a form schema: the reset-password rules of spec 002 section 5 live in
 * schemas/resetPassword.json, and the browser and the server (server/auth/passwordRules.ts) read them.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogic, resolveLayers } from '../../../runtime/core';
import { failingRules, schemaRules } from '../../../runtime/core/messages';
import { loadDefinitionsFromDir } from '../../../runtime/node';
import { passwordRuleErrors, passwordRules } from '../../../server/auth/passwordRules';

const { defs } = loadDefinitionsFromDir(resolve(import.meta.dirname, '../../..'));
const rules = passwordRules(defs);
const logic = createLogic();
const { messages } = resolveLayers(defs, { region: 'au', brand: 'acme-au' });
const text = (keys: string[]) => keys.map((k) => messages[k] ?? k);

describe('reset-password rules from schemas/resetPassword.json', () => {
  it('each rule message, verbatim and in the spec order', () => {
    expect(text(passwordRuleErrors(logic, rules, 'aaa', 'bbb'))).toEqual([
      'Passwords should match', 'Min password length of 8 characters', 'A least (1) upper case letter', 'A least (1) number', 'Max 2 consecutive identical characters',
    ]);
    expect(text(passwordRuleErrors(logic, rules, 'ABCDEFG1'))).toEqual(['A least (1) lower case letter']);
    expect(passwordRuleErrors(logic, rules, 'Fleetform-Demo-1')).toEqual([]);
    expect(passwordRuleErrors(logic, rules, 'Fleetform-Demo-1', null)).toEqual([]);
  });

  it('schemaRules reads x-rules (none on a schema without them); failingRules names the field', () => {
    expect(schemaRules(defs.schemas.reassign)).toEqual([]);
    expect(failingRules(schemaRules(defs.schemas.resetPassword), { password: 'Abcdefgh1', confirmPassword: 'x' }, logic)).toEqual([
      { field: 'confirmPassword', message: 'auth.password.match' },
    ]);
  });
});
