import { defineFunction } from './defineFunction';

/**
 * The value, or null when it equals `sentinel` (JSON-logic's `==`, loose as JavaScript's), e.g. an upper
 * limit whose top step means "no limit" and is then not sent.
 */
export const nullIf = defineFunction({
  name: 'nullIf',
  signature: '(value: any, sentinel: any) => any',
  description: "value, or null when it equals sentinel (as logic's '==' compares), e.g. a top step meaning 'no limit'",
  // Loose on purpose: the same comparison as `{ if: [{ '==': [value, sentinel] }, null, value] }`.
  fn: (value: unknown, sentinel: unknown): unknown => (value == sentinel ? null : value ?? null),
});

/**
 * The first whole step at or above a value: `value` rounded up to a multiple of `step` (a slider's first
 * notch at or above a minimum). A step that is not a positive number leaves the value as it is.
 * @example roundUpToStep(45300, 1000) // 46000
 */
export const roundUpToStep = defineFunction({
  name: 'roundUpToStep',
  signature: '(value: number, step: number) => number',
  description: 'value rounded up to a whole multiple of step (value itself when step is not a positive number)',
  fn: (value: unknown, step: unknown): unknown => {
    const n = Number(value);
    const s = Number(step);
    if (!(s > 0) || !Number.isFinite(n)) return value;
    return n + ((s - (n % s)) % s);
  },
});
