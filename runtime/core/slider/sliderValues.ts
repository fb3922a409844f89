/**
 * What a slider shows and where a key moves a thumb (the React block draws it: runtime/react/blocks/SliderBlockView).
 * Pure numbers: no React, no DOM.
 */

/** A slider's scale: `from`..`to` in `step`s, and `snap`, the nearest value on it. */
export interface Scale {
  from: number;
  to: number;
  step: number;
  /** The value on the scale nearest to `value` (a step from `from`, within `from`..`to`). */
  snap: (value: number) => number;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The scale from evaluated `from`, `to` and `step`: a missing or non-numeric `from` reads 0, a `to` not above
 * `from` reads `from` + `step`, a step not above 0 reads 1.
 * @example scaleOf(20000, 120000, 20000).snap(47000) // 40000
 */
export function scaleOf(from: number | undefined, to: number | undefined, step: number | undefined): Scale {
  const s = finite(step) && step > 0 ? step : 1;
  const low = finite(from) ? from : 0;
  const high = finite(to) && to > low ? to : low + s;
  const snap = (value: number) => {
    if (!finite(value)) return low;
    const steps = Math.round((Math.min(high, Math.max(low, value)) - low) / s);
    // A scale whose top is not a whole number of steps away still reaches its top.
    return Math.min(high, Number((low + steps * s).toPrecision(12)));
  };
  return { from: low, to: high, step: s, snap };
}

/** A bound value read as a number on the scale, or null when the path holds none. */
export function boundValue(scale: Scale, value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? scale.snap(n) : null;
}

/**
 * Where the thumbs show (one or two, from their bound values) and whether any path holds a value. A thumb whose
 * path is empty shows its default (given, else its end of the scale) while no thumb's path holds a value, and its
 * end of the scale once the other's does (an open end: what the search does then); two thumbs never cross.
 * @example sliderValues(scaleOf(20000, 120000, 20000), [null, null], [undefined, 100000]).shown // [20000, 100000]
 */
export function sliderValues(scale: Scale, bound: unknown[], defaults: (number | undefined)[]): { shown: number[]; anySet: boolean } {
  const values = bound.map((v) => boundValue(scale, v));
  const anySet = values.some((v) => v !== null);
  const edge = (i: number) => (i === values.length - 1 && values.length === 2 ? scale.to : scale.from);
  const shown = values.map((v, i) => v ?? (!anySet && finite(defaults[i]) ? scale.snap(defaults[i]!) : edge(i)));
  if (shown.length === 2 && shown[0] > shown[1]) return { shown: values[0] === null ? [shown[1], shown[1]] : [shown[0], Math.max(shown[0], shown[1])], anySet };
  return { shown, anySet };
}

/**
 * The value a key moves a thumb to, within `[low, high]` (the scale, or up to the other thumb), or undefined for a
 * key that does not move it: arrows a step (right and up higher), Page Up / Page Down a tenth of the scale (at least
 * a step), Home / End to `low` / `high`.
 */
export function nextValue(scale: Scale, value: number, key: string, [low, high]: [number, number]): number | undefined {
  const big = scale.step * Math.max(1, Math.round((scale.to - scale.from) / scale.step / 10));
  const by: Record<string, number> = { ArrowRight: scale.step, ArrowUp: scale.step, ArrowLeft: -scale.step, ArrowDown: -scale.step, PageUp: big, PageDown: -big };
  if (key === 'Home') return low;
  if (key === 'End') return high;
  if (!(key in by)) return undefined;
  return Math.min(high, Math.max(low, scale.snap(value + by[key])));
}
