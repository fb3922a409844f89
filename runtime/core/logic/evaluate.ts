import type { Logic } from '../types';
import { createLogic, truthy, type LogicInstance } from './createLogic';

/**
 * The logic instance the runtime's own modules evaluate with: the runtime's operations and generic
 * functions until the host (the browser entry, the server for its definition set) calls
 * {@link setRuntimeLogic} with the instance it created from its extensions.
 */
let current: LogicInstance = createLogic();

/** Make `logic` the instance the runtime evaluates definitions with (the host does this once, at start). */
export function setRuntimeLogic(logic: LogicInstance): void {
  current = logic;
}

/** The instance the runtime evaluates with now. */
export function runtimeLogic(): LogicInstance {
  return current;
}

/**
 * Evaluate a JSON-logic expression against data with the runtime's instance.
 * @example evaluate({ '==': [{ lower: { var: 'form.email' } }, { lower: { var: 'user.email' } }] }, ctx)
 */
export function evaluate(logic: Logic, data: unknown): unknown {
  return current.evaluate(logic, data);
}

export { truthy };

/** Evaluate and apply JSON-logic truthiness; an absent expression holds. */
export function holds(logic: Logic | undefined, data: unknown): boolean {
  return current.holds(logic, data);
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
  return current.evaluateTemplate(template, data);
}

/** The logic expressions inside a template (what {@link evaluateTemplate} would evaluate), for checks. */
export function templateParts(template: unknown): unknown[] {
  return current.templateParts(template);
}
