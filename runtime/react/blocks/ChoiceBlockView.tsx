import { Checkbox, Label, makeStyles, mergeClasses, Radio, RadioGroup, Select, shorthands, tokens } from '@fluentui/react-components';
import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { getPath } from '../../core/source/pointer';
import type { ChoiceBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { NARROW_MAX } from './media';

const useStyles = makeStyles({
  fieldset: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  full: { width: '100%' },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  grid: {
    display: 'grid', gridTemplateColumns: 'repeat(var(--choice-columns, 1), minmax(0, 1fr))', columnGap: tokens.spacingHorizontalM,
    [`@media (max-width: ${NARROW_MAX})`]: { gridTemplateColumns: 'repeat(var(--choice-columns-narrow, 2), minmax(0, 1fr))' },
  },
  // Three or more columns on a phone: tighter gaps and indicators, small text that wraps (even inside a long word).
  denseGrid: { [`@media (max-width: ${NARROW_MAX})`]: { columnGap: tokens.spacingHorizontalXS } },
  denseBoxes: {
    [`@media (max-width: ${NARROW_MAX})`]: {
      '& .fui-Checkbox__indicator': { marginLeft: tokens.spacingHorizontalXXS, marginRight: 0 },
      '& .fui-Checkbox__label': { paddingLeft: tokens.spacingHorizontalXS, paddingRight: 0, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, overflowWrap: 'anywhere' },
    },
  },
  // Never wider than its column: a long option (an industry's name) must not push a phone's card sideways.
  dropdown: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 'min(10rem, 100%)', maxWidth: '100%' },
  select: { width: '100%', maxWidth: '100%', '& select': { minWidth: 0, maxWidth: '100%', textOverflow: 'ellipsis' } },
  // A toggle is a check box (a radio button for a single choice) drawn as a button: a native control, so a click
  // before the app has the page is kept by the page itself (and shows at once, by `:has(:checked)`).
  toggle: {
    position: 'relative', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', boxSizing: 'border-box',
    minHeight: '32px', minWidth: '96px', padding: `5px ${tokens.spacingHorizontalM}`, cursor: 'pointer', userSelect: 'none',
    fontFamily: tokens.fontFamilyBase, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, ...shorthands.borderColor(tokens.colorNeutralStroke1Hover) },
    ':has(input:checked)': { color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackground, ...shorthands.borderColor('transparent') },
    ':has(input:checked):hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':has(input:focus-visible)': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: tokens.strokeWidthThin },
    ':has(input:disabled)': {
      cursor: 'not-allowed', color: tokens.colorNeutralForegroundDisabled, backgroundColor: tokens.colorNeutralBackgroundDisabled,
      ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled),
    },
  },
  toggleInput: { position: 'absolute', inset: 0, width: '100%', height: '100%', margin: 0, opacity: 0, cursor: 'inherit' },
});

/** The control of a select-all check box (told apart from the options' check boxes). */
const SELECT_ALL = 'all';

/**
 * What a person chose on the server's page before the app took it over (the controls' state differs from what
 * was rendered: their defaults), as the value the block writes; undefined when they left it as rendered.
 */
function pageChoice(root: HTMLElement, options: Option[], multiple: boolean | undefined): { value: unknown } | undefined {
  const select = root.querySelector('select');
  if (select) {
    if (![...select.options].some((o) => o.selected !== o.defaultSelected)) return undefined;
    return { value: select.value === '' ? null : options[Number(select.value)]?.value };
  }
  const inputs = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')];
  if (!inputs.some((i) => i.checked !== i.defaultChecked)) return undefined;
  const all = inputs.find((i) => i.value === SELECT_ALL);
  if (all && all.checked !== all.defaultChecked) return { value: all.checked ? options.map((o) => o.value) : [] };
  const chosen = options.filter((o) => inputs.some((i) => i.value === o.key && i.checked)).map((o) => o.value);
  return { value: multiple ? chosen : chosen[0] };
}

interface Option { value: unknown; label: string; key: string }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Pick one or several values (toggle buttons, check boxes with an optional select-all, radio
 * buttons or a drop-down). It reads `value` (or the `bind` state path) and writes `bind`, then
 * raises `event` with `{ value }`.
 */
export function ChoiceBlockView({ block }: { block: ChoiceBlock }) {
  const styles = useStyles();
  const { t, logic, hydrating } = useRuntime();
  const { context, write, raise } = useStep();
  const id = useId();
  const options = useMemo<Option[]>(() => {
    if (block.options) return block.options.map((o) => ({ value: o.value, label: t(o.label, context), key: JSON.stringify(o.value) }));
    const items = logic.evaluate(block.optionsFrom, context);
    return (Array.isArray(items) ? items : []).map((item) => {
      const scope = { ...context, item };
      const value = block.optionValue === undefined ? item : logic.evaluate(block.optionValue, scope);
      const label = block.optionLabel === undefined ? value : logic.evaluate(block.optionLabel, scope);
      return { value, label: String(label ?? ''), key: JSON.stringify(value) };
    });
  }, [block, context, t]);
  const current = block.value !== undefined ? logic.evaluate(block.value, context) : block.bind ? getPath(context, block.bind) : undefined;
  const selected = block.multiple ? (Array.isArray(current) ? current : []) : current;
  const enabled = logic.holds(block.enabledWhen, context);
  const isOn = (o: Option) => (block.multiple ? (selected as unknown[]).some((v) => same(v, o.value)) : same(selected, o.value));
  const change = (value: unknown) => {
    if (block.bind) void write(block.bind, value, block.event);
    else if (block.event) void raise(block.event, { value });
  };
  const toggle = (o: Option, on: boolean) => {
    if (!block.multiple) return change(o.value);
    const rest = (selected as unknown[]).filter((v) => !same(v, o.value));
    // Keep the options' order so the written list is stable.
    change(on ? options.filter((x) => x === o || rest.some((v) => same(v, x.value))).map((x) => x.value) : rest);
  };
  const label = block.label ? t(block.label, context) : undefined;
  // Rendered by the server: a choice made on its page before the app took it over is the block's from now on.
  const ref = useRef<HTMLDivElement & HTMLFieldSetElement>(null);
  // Read as the app takes the page over (before a render sets the controls to the state), written once the step's
  // screen has mounted and raised its `enter` (a write may navigate: the router takes that only after its own mount).
  const fromServer = useRef(hydrating);
  const pageChosen = useRef<{ value: unknown }>(undefined);
  useLayoutEffect(() => {
    if (!fromServer.current || !ref.current) return;
    fromServer.current = false;
    const chosen = pageChoice(ref.current, options, block.multiple);
    if (chosen && !same(chosen.value, selected)) pageChosen.current = chosen;
  });
  useEffect(() => {
    const chosen = pageChosen.current;
    pageChosen.current = undefined;
    // After the step's `enter` (raised by the screen's own effect, which runs after this one), which may reset state.
    if (chosen) queueMicrotask(() => change(chosen.value));
  });

  if (block.appearance === 'dropdown') {
    const index = options.findIndex((o) => same(o.value, selected));
    return (
      <div ref={ref} className={styles.dropdown}>
        {label ? <Label htmlFor={id}>{label}</Label> : null}
        <Select id={id} className={styles.select} value={index < 0 ? '' : String(index)} disabled={!enabled} data-choice={block.id}
          onChange={(e) => change(e.target.value === '' ? null : options[Number(e.target.value)]?.value)}>
          {block.placeholder || index < 0 ? <option value="">{block.placeholder ? t(block.placeholder, context) : ''}</option> : null}
          {options.map((o, i) => <option key={o.key} value={String(i)}>{o.label}</option>)}
        </Select>
      </div>
    );
  }
  if (block.appearance === 'radio') {
    return (
      <fieldset ref={ref} className={styles.fieldset} data-choice={block.id}>
        {label ? <legend className={styles.legend}>{label}</legend> : null}
        <RadioGroup layout="horizontal" value={options.find(isOn)?.key ?? ''} disabled={!enabled}
          onChange={(_, d) => change(options.find((o) => o.key === d.value)?.value)}>
          {options.map((o) => <Radio key={o.key} value={o.key} label={o.label} />)}
        </RadioGroup>
      </fieldset>
    );
  }
  // Never more columns than options: a lone checkbox (a long label) takes the whole width, not half of it on a phone.
  const count = Math.max(options.length, 1);
  const grid = { ['--choice-columns' as string]: String(Math.min(block.columns ?? 1, count)), ['--choice-columns-narrow' as string]: String(Math.min(block.narrowColumns ?? 2, count)) };
  const dense = block.appearance === 'checkboxes' && (block.narrowColumns ?? 2) >= 3;
  const all = block.multiple && options.length > 0 && options.every(isOn);
  const some = block.multiple && options.some(isOn);
  return (
    <fieldset ref={ref} className={mergeClasses(styles.fieldset, block.appearance === 'checkboxes' && styles.full, dense && styles.denseBoxes)} data-choice={block.id} disabled={!enabled}>
      {label ? <legend className={styles.legend}>{label}</legend> : null}
      {block.selectAll && block.multiple ? (
        <Checkbox label={t(block.selectAll, context)} value={SELECT_ALL} checked={all ? true : some ? 'mixed' : false} disabled={!enabled || !options.length}
          onChange={(_, d) => change(d.checked === true ? options.map((o) => o.value) : [])} />
      ) : null}
      <div className={block.appearance === 'checkboxes' ? mergeClasses(styles.grid, dense && styles.denseGrid) : styles.buttons} style={block.appearance === 'checkboxes' ? grid : undefined}>
        {options.map((o) => (block.appearance === 'checkboxes'
          ? <Checkbox key={o.key} label={o.label} value={o.key} checked={isOn(o)} disabled={!enabled} onChange={(_, d) => toggle(o, d.checked === true)} />
          : (
            <label key={o.key} className={styles.toggle}>
              <input className={styles.toggleInput} type={block.multiple ? 'checkbox' : 'radio'} name={id} value={o.key} checked={isOn(o)}
                disabled={!enabled} onChange={(e) => toggle(o, e.target.checked)} />
              {o.label}
            </label>
          )))}
      </div>
    </fieldset>
  );
}
