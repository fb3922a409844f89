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
