import { Checkbox, Label, makeStyles, mergeClasses, Radio, RadioGroup, Select, ToggleButton, tokens } from '@fluentui/react-components';
import { useId, useMemo } from 'react';
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
});

interface Option { value: unknown; label: string; key: string }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Pick one or several values (toggle buttons, check boxes with an optional select-all, radio
 * buttons or a drop-down). It reads `value` (or the `bind` state path) and writes `bind`, then
 * raises `event` with `{ value }`.
 */
export function ChoiceBlockView({ block }: { block: ChoiceBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
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

  if (block.appearance === 'dropdown') {
    const index = options.findIndex((o) => same(o.value, selected));
    return (
      <div className={styles.dropdown}>
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
      <fieldset className={styles.fieldset} data-choice={block.id}>
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
    <fieldset className={mergeClasses(styles.fieldset, block.appearance === 'checkboxes' && styles.full, dense && styles.denseBoxes)} data-choice={block.id} disabled={!enabled}>
      {label ? <legend className={styles.legend}>{label}</legend> : null}
      {block.selectAll && block.multiple ? (
        <Checkbox label={t(block.selectAll, context)} checked={all ? true : some ? 'mixed' : false} disabled={!enabled || !options.length}
          onChange={(_, d) => change(d.checked === true ? options.map((o) => o.value) : [])} />
      ) : null}
      <div className={block.appearance === 'checkboxes' ? mergeClasses(styles.grid, dense && styles.denseGrid) : styles.buttons} style={block.appearance === 'checkboxes' ? grid : undefined}>
        {options.map((o) => (block.appearance === 'checkboxes'
          ? <Checkbox key={o.key} label={o.label} checked={isOn(o)} disabled={!enabled} onChange={(_, d) => toggle(o, d.checked === true)} />
          : <ToggleButton key={o.key} checked={isOn(o)} disabled={!enabled} appearance={isOn(o) ? 'primary' : 'secondary'} onClick={() => toggle(o, !isOn(o))}>{o.label}</ToggleButton>))}
      </div>
    </fieldset>
  );
}
