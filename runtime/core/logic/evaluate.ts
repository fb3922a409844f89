import jsonLogic from 'json-logic-js';
import type { Logic } from '../types';
import { BUILTIN_LOGIC_OPS, registeredLogicOps } from './ops';

/**
 * Evaluate a JSON-logic expression against data (json-logic-js semantics plus the added operations).
 * @example evaluate({ '==': [{ lower: { var: 'form.email' } }, { lower: { var: 'user.email' } }] }, ctx)
 */
export function evaluate(logic: Logic, data: unknown): unknown {
  return jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], data);
}

/** JSON-logic truthiness (`[]` is false, unlike JavaScript). */
export function truthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}

/** Evaluate and apply JSON-logic truthiness; an absent expression holds. */
export function holds(logic: Logic | undefined, data: unknown): boolean {
  return logic === undefined || truthy(evaluate(logic, data));
}

/**
 * Evaluate a template: an operation (a one-key object naming a known operation) is evaluated;
 * any other object or list is kept with each value evaluated as a template, and object members
 * that come out null or undefined are left out (an absent answer, e.g. an optional field nobody
 * filled, is not sent as null). So effect variables and widget props can nest literal objects
 * around logic.
 * @example evaluateTemplate({ filters: { page: { var: 'state.page' }, size: 25, max: { var: 'state.none' } } }, ctx) // { filters: { page: 2, size: 25 } }
 */
export function evaluateTemplate(template: unknown, data: unknown): unknown {
  if (Array.isArray(template)) return template.map((item) => evaluateTemplate(item, data));
  if (template === null || typeof template !== 'object') return template;
  const keys = Object.keys(template);
  if (keys.length === 1 && (BUILTIN_LOGIC_OPS.includes(keys[0]) || registeredLogicOps().includes(keys[0]))) return evaluate(template, data);
  return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, evaluateTemplate(v, data)]).filter(([, v]) => v !== null && v !== undefined));
}

/** The logic expressions inside a template (what {@link evaluateTemplate} would evaluate), for checks. */
export function templateParts(template: unknown): unknown[] {
  if (Array.isArray(template)) return template.flatMap(templateParts);
  if (template === null || typeof template !== 'object') return [];
  const keys = Object.keys(template);
  if (keys.length === 1 && (BUILTIN_LOGIC_OPS.includes(keys[0]) || registeredLogicOps().includes(keys[0]))) return [template];
  return Object.values(template).flatMap(templateParts);
}
