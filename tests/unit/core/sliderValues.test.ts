/**
 * runtime/core/slider: a slider's scale, where its thumbs show (bound values, defaults, open ends) and where a key
 * moves one (the React block only draws these).
 */
import { describe, expect, it } from 'vitest';
import { nextValue, scaleOf, sliderValues } from '../../../runtime/core/slider';

describe('slider values', () => {
  const rrp = scaleOf(20000, 120000, 20000);

  it('reads a scale forgivingly and snaps values onto it, its top reachable when not a whole number of steps away', () => {
    expect([rrp.snap(47000), rrp.snap(51000), rrp.snap(5), rrp.snap(1e9), rrp.snap(Number.NaN)]).toEqual([40000, 60000, 20000, 120000, 20000]);
    expect(scaleOf(undefined, Number.NaN, -1)).toMatchObject({ from: 0, to: 1, step: 1 });
    const odd = scaleOf(1000, 500000, 10000);
    expect([odd.snap(494000), odd.snap(496000), odd.snap(0.1 + 0.2)]).toEqual([491000, 500000, 1000]);
    expect(scaleOf(0, 1, 0.1).snap(0.30000000000000004)).toEqual(0.3);
  });

  it('shows bound values, defaults while nothing is set, an open end at its end of the scale once the other is set', () => {
    expect(sliderValues(rrp, [null, undefined], [undefined, 100000])).toEqual({ shown: [20000, 100000], anySet: false });
    expect(sliderValues(rrp, ['60000', ''], [undefined, 100000])).toEqual({ shown: [60000, 120000], anySet: true });
    expect(sliderValues(rrp, [null, 40000], [60000, 100000])).toEqual({ shown: [20000, 40000], anySet: true });
    // Crossed values never cross on screen.
    expect(sliderValues(rrp, [100000, 40000], [])).toEqual({ shown: [100000, 100000], anySet: true });
    expect(sliderValues(rrp, [null, null], [80000, 40000]).shown).toEqual([40000, 40000]);
    expect(sliderValues(scaleOf(0, 500000, 10000), [null], [50000])).toEqual({ shown: [50000], anySet: false });
    expect(sliderValues(scaleOf(0, 500000, 10000), ['abc'], [])).toEqual({ shown: [0], anySet: false });
  });

  it('moves by a step with arrows, a tenth of the scale (at least a step) with Page Up / Down, to the limits with Home / End', () => {
    const limits: [number, number] = [20000, 80000];
    expect(['ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', 'Tab'].map((key) => nextValue(rrp, 60000, key, limits)))
      .toEqual([80000, 80000, 40000, 40000, 80000, 40000, 20000, 80000, undefined]);
    expect(nextValue(rrp, 80000, 'ArrowRight', limits)).toEqual(80000);
    const limit = scaleOf(0, 500000, 10000);
    expect([nextValue(limit, 50000, 'PageUp', [0, 500000]), nextValue(limit, 20000, 'PageDown', [0, 500000])]).toEqual([100000, 0]);
  });
});
