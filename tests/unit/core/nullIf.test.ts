/** The generic function nullIf (runtime/core/functions/values.ts): the value, or null when it equals the sentinel. */
import { describe, expect, it } from 'vitest';
import { createLogic, nullIf } from '../../../runtime/core';

const logic = createLogic({});
const cases: [unknown, unknown][] = [
  [120000, 120000], [100000, 120000], ['120000', 120000], [null, 120000], [undefined, 120000],
  [null, null], [0, null], [0, 0], ['', 0], [[], 0], ['a', 'a'], [true, 1],
];

describe('nullIf', () => {
  it('is null for the sentinel (a top step meaning no limit), else the value', () => {
    expect(nullIf.fn(120000, 120000)).toBeNull();
    expect(nullIf.fn(100000, 120000)).toBe(100000);
    expect(nullIf.fn(undefined, 120000)).toBeNull();
  });

  it("answers as { if: [{ '==': [value, sentinel] }, null, value] } does, for every case", () => {
    for (const [value, sentinel] of cases) {
      const data = { value, sentinel };
      const long = logic.evaluate({ if: [{ '==': [{ var: 'value' }, { var: 'sentinel' }] }, null, { var: 'value' }] }, data);
      expect(logic.evaluate({ nullIf: [{ var: 'value' }, { var: 'sentinel' }] }, data), JSON.stringify(data)).toEqual(long);
    }
  });
});
