/** Whether a template node is an operation: a one-key object naming one of `operations`. */
export function isOperation(template: object, operations: ReadonlySet<string>): boolean {
  const keys = Object.keys(template);
  return keys.length === 1 && operations.has(keys[0]);
}

/**
 * The logic expressions inside a template (what a logic instance's `evaluateTemplate` evaluates):
 * one-key objects naming one of `operations`, anywhere in literal objects and lists. Lint reads it
 * with the operation names definitions may use.
 * @example templateParts({ a: { var: 'x' }, b: 3 }, new Set(['var'])) // [{ var: 'x' }]
 */
export function templateParts(template: unknown, operations: ReadonlySet<string>): unknown[] {
  if (Array.isArray(template)) return template.flatMap((item) => templateParts(item, operations));
  if (template === null || typeof template !== 'object') return [];
  if (isOperation(template, operations)) return [template];
  return Object.values(template).flatMap((value) => templateParts(value, operations));
}
