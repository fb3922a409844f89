/** The generic function roundUpToStep (runtime/core/functions/values.ts): a value rounded up to a whole step. */
import { describe, expect, it } from 'vitest';
import { createLogic, roundUpToStep } from '../../../runtime/core';

const logic = createLogic({});
/** The modulo formula it names: value + (step - value % step) % step. */
const formula = { '+': [{ var: 'value' }, { '%': [{ '-': [{ var: 'step' }, { '%': [{ var: 'value' }, { var: 'step' }] }] }, { var: 'step' }] }] };

describe('roundUpToStep', () => {
  it('rounds up to the next multiple of the step, and keeps a value already on one', () => {
    expect(roundUpToStep.fn(45300, 1000)).toBe(46000);
    expect(roundUpToStep.fn(46000, 1000)).toBe(46000);
    expect(roundUpToStep.fn(0, 5000)).toBe(0);
    expect(roundUpToStep.fn(1, 5000)).toBe(5000);
  });

  it('leaves the value when the step is not a positive number', () => {
    for (const step of [0, -1000, null, undefined, 'x']) expect(roundUpToStep.fn(45300, step), String(step)).toBe(45300);
  });

  it('answers as the modulo formula does for positive steps', () => {
    for (const value of [0, 1, 999, 1000, 45300, 45000.5, 120001]) {
      for (const step of [1, 500, 1000, 5000]) {
        const data = { value, step };
        expect(logic.evaluate({ roundUpToStep: [{ var: 'value' }, { var: 'step' }] }, data), JSON.stringify(data)).toBe(logic.evaluate(formula, data));
      }
    }
  });
});
