import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { getPath } from '../../core/source/pointer';
import type { Logic, SliderBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { nextValue, scaleOf, sliderValues, type Scale } from '../../core/slider';

const THUMB = 24;

const thumb = {
  boxSizing: 'border-box', width: `${THUMB}px`, height: `${THUMB}px`, borderRadius: tokens.borderRadiusCircular, cursor: 'pointer',
  backgroundColor: tokens.colorCompoundBrandBackground, border: `${tokens.strokeWidthThickest} solid ${tokens.colorNeutralBackground1}`,
  boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorCompoundBrandBackground}`, pointerEvents: 'auto',
} as const;
const focusRing = { boxShadow: `0 0 0 ${tokens.strokeWidthThick} ${tokens.colorNeutralBackground1}, 0 0 0 4px ${tokens.colorStrokeFocus2}` } as const;
const disabledThumb = { backgroundColor: tokens.colorNeutralForegroundDisabled, boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralForegroundDisabled}`, cursor: 'default' } as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, width: '100%', minWidth: '12rem' },
  heading: { fontWeight: tokens.fontWeightSemibold },
  texts: { display: 'flex', justifyContent: 'space-between', columnGap: tokens.spacingHorizontalM },
  text: { display: 'flex', flexDirection: 'column' },
  end: { textAlign: 'end' },
  value: { fontWeight: tokens.fontWeightSemibold },
  disabled: { color: tokens.colorNeutralForegroundDisabled },
  rail: { position: 'relative', height: `${THUMB}px`, touchAction: 'pan-y' },
  line: {
    position: 'absolute', top: '50%', left: `${THUMB / 2}px`, right: `${THUMB / 2}px`, height: '4px', marginTop: '-2px',
    borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralStrokeAccessible,
  },
  fill: { position: 'absolute', top: '50%', height: '4px', marginTop: '-2px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorCompoundBrandBackground },
  fillDisabled: { backgroundColor: tokens.colorNeutralForegroundDisabled },
  input: {
    position: 'absolute', top: 0, left: 0, width: '100%', height: `${THUMB}px`, margin: 0, padding: 0,
    appearance: 'none', backgroundColor: 'transparent', outlineStyle: 'none', cursor: 'pointer',
    '::-webkit-slider-runnable-track': { height: `${THUMB}px`, backgroundColor: 'transparent' },
    '::-moz-range-track': { height: `${THUMB}px`, backgroundColor: 'transparent' },
    '::-webkit-slider-thumb': { appearance: 'none', ...thumb },
    '::-moz-range-thumb': thumb,
    ':focus-visible::-webkit-slider-thumb': focusRing,
    ':focus-visible::-moz-range-thumb': focusRing,
    ':disabled': { cursor: 'default' },
    ':disabled::-webkit-slider-thumb': disabledThumb,
    ':disabled::-moz-range-thumb': disabledThumb,
  },
  // Two thumbs on one rail: the inputs let clicks through, only their thumbs take them.
  overlaid: { pointerEvents: 'none' },
  top: { zIndex: 1 },
});

/** A fraction of the scale as a CSS position on the rail (the thumb's centre travels within half a thumb of each side). */
const at = (scale: Scale, value: number) => `calc(${(value - scale.from) / (scale.to - scale.from || 1)} * (100% - ${THUMB}px) + ${THUMB / 2}px)`;

/**
 * A slider (`type: slider`): one thumb bound to `bind`, or two (`min`, `max`) that never cross. Each thumb is a
 * native range input (so `role=slider`, touch and assistive technology work as the platform has them), with its
 * value text (`valueLabel` over `item`, or `placeholder` while its path is empty) shown and given as
 * `aria-valuetext`; arrows move a step, Page Up / Page Down a tenth of the scale, Home / End to the ends it may reach.
 * A move writes the thumb's path (both paths when neither held a value, so what shows is what is set), then raises `event`.
 */
export function SliderBlockView({ block }: { block: SliderBlock }) {
  const styles = useStyles();
  const { t, logic, hydrating } = useRuntime();
  const { context, writeAll } = useStep();
  const id = useId();
  const rail = useRef<HTMLDivElement>(null);
  const num = (value: Logic | undefined) => (value === undefined ? undefined : Number(logic.evaluate(value, context)));
  const scale = scaleOf(num(block.from), num(block.to), num(block.step));
  const ends = block.bind !== undefined
    ? [{ key: 'value', id: block.id, label: block.label, bind: block.bind, default: block.default }]
    : [{ key: 'min', ...block.min! }, { key: 'max', ...block.max! }];
  const bound = ends.map((end) => getPath(context, end.bind));
  const values = sliderValues(scale, bound, ends.map((end) => num(end.default)));
  // A move shows at once; the written state catches up a moment later (a controlled input would jump back meanwhile).
  const [pending, setPending] = useState<number[] | null>(null);
  const shown = pending ?? values.shown;
  const settled = JSON.stringify(values.shown);
  useEffect(() => { setPending((p) => (p && JSON.stringify(p) === settled ? null : p)); }, [settled]);
  const enabled = logic.holds(block.enabledWhen, context);
  const text = (value: number, set: boolean) => (!set && block.placeholder
    ? t(block.placeholder, context)
    : String(block.valueLabel === undefined ? value : logic.evaluate(block.valueLabel, { ...context, item: value }) ?? ''));
  const limits = (i: number): [number, number] => [i === 1 ? shown[0] : scale.from, i === 0 && ends.length === 2 ? shown[1] : scale.to];

  const move = (i: number, value: number) => {
    if (!enabled || value === shown[i]) return;
    const next = shown.map((v, j) => (j === i ? value : v));
    const writes: Record<string, unknown> = { [ends[i].bind]: value };
    if (!values.anySet) ends.forEach((end, j) => { writes[end.bind] = next[j]; });
    setPending(next);
    void writeAll(writes, block.event, ends.length === 2 ? { min: next[0], max: next[1] } : { value });
  };
  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    const value = nextValue(scale, shown[i], e.key, limits(i));
    if (value === undefined) return;
    e.preventDefault();
    move(i, value);
  };
  const onChange = (i: number, raw: string) => {
    const [low, high] = limits(i);
    move(i, Math.min(high, Math.max(low, scale.snap(Number(raw)))));
  };
  // Thumbs moved on the server's page before the app (a drag or arrow keys on the native range inputs): read as the
  // app takes the page over, written in one go once the step has mounted, as one move of every thumb moved.
  const fromServer = useRef(hydrating);
  const pageMoves = useRef<number[]>(undefined);
  useLayoutEffect(() => {
    if (!fromServer.current || !rail.current) return;
    fromServer.current = false;
    const inputs = [...rail.current.querySelectorAll<HTMLInputElement>('input[type="range"]')];
    if (inputs.length === ends.length && inputs.some((input) => input.value !== input.defaultValue)) pageMoves.current = inputs.map((input) => scale.snap(Number(input.value)));
  });
  useEffect(() => {
    const moved = pageMoves.current;
    pageMoves.current = undefined;
    if (!moved || !enabled) return;
    const next = ends.length === 2 ? [Math.min(moved[0], moved[1]), Math.max(moved[0], moved[1])] : moved;
    setPending(next);
    // After the step's `enter` (raised by the screen's own effect, which runs after this one), which may reset state.
    queueMicrotask(() => void writeAll(Object.fromEntries(ends.map((end, j) => [end.bind, next[j]])), block.event, ends.length === 2 ? { min: next[0], max: next[1] } : { value: next[0] }));
  });
  // A press on the rail beside the thumbs moves the nearer one there (a single thumb's input takes it itself).
  const onRailDown = (e: PointerEvent<HTMLDivElement>) => {
    if (ends.length !== 2 || !enabled || e.target instanceof HTMLInputElement) return;
    const box = e.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (e.clientX - box.left - THUMB / 2) / Math.max(1, box.width - THUMB)));
    const value = scale.snap(scale.from + fraction * (scale.to - scale.from));
    const i = Math.abs(value - shown[0]) < Math.abs(value - shown[1]) || (value < shown[0]) ? 0 : 1;
    move(i, Math.min(limits(i)[1], Math.max(limits(i)[0], value)));
  };

  const labelId = (i: number) => `${id}-label-${i}`;
  const fillFrom = ends.length === 2 ? shown[0] : scale.from;
  const fillTo = ends.length === 2 ? shown[1] : shown[0];
  // The lower thumb goes on top when both sit towards the high end, so thumbs that meet can still be pulled apart.
  const minOnTop = ends.length === 2 && shown[0] - scale.from > scale.to - shown[1];
  return (
    <div className={mergeClasses(styles.root, !enabled && styles.disabled)} data-slider={block.id}
      role={ends.length === 2 && block.label ? 'group' : undefined} aria-labelledby={ends.length === 2 && block.label ? `${id}-heading` : undefined}>
      {ends.length === 2 && block.label ? <div id={`${id}-heading`} className={styles.heading}>{t(block.label, context)}</div> : null}
      <div className={styles.texts}>
        {ends.map((end, i) => (
          <div key={end.key} className={mergeClasses(styles.text, i === 1 && styles.end)}>
            <span id={labelId(i)}>{end.label ? t(end.label, context) : ''}</span>
            <span className={styles.value} data-value={end.key}>{text(shown[i], bound[i] != null && bound[i] !== '')}</span>
          </div>
        ))}
      </div>
      <div ref={rail} className={styles.rail} onPointerDown={onRailDown}>
        <div className={styles.line} />
        <div className={mergeClasses(styles.fill, !enabled && styles.fillDisabled)} style={{ left: at(scale, fillFrom), width: `calc(${at(scale, fillTo)} - ${at(scale, fillFrom)})` }} />
        {ends.map((end, i) => {
          const [low, high] = limits(i);
          return (
            <input key={end.key} type="range" className={mergeClasses(styles.input, ends.length === 2 && styles.overlaid, i === 0 && minOnTop && styles.top)}
              min={scale.from} max={scale.to} step={scale.step} value={shown[i]} disabled={!enabled} data-thumb={end.id ?? end.key}
              aria-labelledby={end.label ? labelId(i) : undefined} aria-valuemin={low} aria-valuemax={high} aria-valuenow={shown[i]}
              aria-valuetext={text(shown[i], bound[i] != null && bound[i] !== '')}
              onKeyDown={(e) => onKeyDown(i, e)} onChange={(e) => onChange(i, e.target.value)} />
          );
        })}
      </div>
    </div>
  );
}
