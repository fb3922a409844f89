import { Field, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { getPath } from '../../core/source/pointer';
import type { ComboboxBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { usePageValue } from '../state/usePageValue';

const useStyles = makeStyles({
  field: { width: '100%', maxWidth: '40rem' },
  anchor: { position: 'relative' },
  input: { width: '100%' },
  list: {
    position: 'absolute', top: '100%', left: 0, right: 0, zIndex: 10, margin: 0, marginTop: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} 0`, listStyleType: 'none', maxHeight: '16rem', overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow16,
  },
  option: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, cursor: 'pointer', color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected, outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: `calc(-1 * ${tokens.strokeWidthThick})` },
});

interface Option { value: unknown; label: string }

/** Several words: what a pasted whole address looks like (a single pasted word is treated as typing). */
const severalWords = (text: string) => /\S\s+\S/.test(text.trim());

/**
 * A text box with a list of options to pick from, as the ARIA combobox pattern has it (`role=combobox`,
 * `aria-expanded`, `aria-controls` the listbox while open, `aria-activedescendant` the active option). Each
 * keystroke writes `text` and empties `bind`; a pick writes the option's label to `text` and its value to
 * `bind`, then raises `event` with `{ value, label }`. A paste of several words picks the first option
 * `autoPickAfterMs` after the paste, as soon as options other than those shown at the paste have arrived.
 */
export function ComboboxBlockView({ block }: { block: ComboboxBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
  const { context, write, writeAll } = useStep();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const stored = getPath(context, block.text);
  const external = stored === undefined || stored === null ? '' : String(stored);
  const [text, setText] = useState(external);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ref = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Set by a paste, read by the change that follows it. */
  const pasted = useRef(false);
  /** A paste waiting for its options: when it happened and the options shown then (JSON), which are stale. */
  const [pending, setPending] = useState<{ at: number; stale: string } | null>(null);
  useEffect(() => {
    if (ref.current?.ownerDocument.activeElement !== ref.current) setText(external);
  }, [external]);

  const options = useMemo<Option[]>(() => {
    const items = logic.evaluate(block.optionsFrom, context);
    return (Array.isArray(items) ? items : []).map((item) => {
      const scope = { ...context, item };
      const value = block.optionValue === undefined ? item : logic.evaluate(block.optionValue, scope);
      const label = block.optionLabel === undefined ? value : logic.evaluate(block.optionLabel, scope);
      return { value, label: String(label ?? '') };
    });
  }, [block, context, logic]);
  const optionsKey = JSON.stringify(options);
  const enabled = logic.holds(block.enabledWhen, context);
  const invalid = block.invalidWhen !== undefined && logic.holds(block.invalidWhen, context);
  const delay = block.autoPickAfterMs === undefined ? undefined : Number(logic.evaluate(block.autoPickAfterMs, context));
  const expanded = open && options.length > 0;

  const pick = (option: Option | undefined) => {
    if (!option) return;
    setPending(null);
    setOpen(false);
    setActive(-1);
    setText(option.label);
    void writeAll({ [block.text]: option.label, [block.bind]: option.value }, block.event, { value: option.value, label: option.label });
  };

  // A paste's auto-pick: once the options are not those shown at the paste, and `delay` after it.
  useEffect(() => {
    if (!pending || !options.length || optionsKey === pending.stale || delay === undefined || !Number.isFinite(delay)) return undefined;
    const timer = setTimeout(() => pick(options[0]), Math.max(0, pending.at + delay - Date.now()));
    return () => clearTimeout(timer);
    // `pick` and the options are those of the render that scheduled it (the effect runs again when they change).
  }, [pending, optionsKey, delay]);

  useEffect(() => {
    if (active >= 0) listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const change = (value: string) => {
    const wasPaste = pasted.current;
    pasted.current = false;
    setText(value);
    setOpen(true);
    setActive(-1);
    setPending(wasPaste && delay !== undefined && severalWords(value) ? { at: Date.now(), stale: value === text ? '' : optionsKey } : null);
    const picked = getPath(context, block.bind);
    void (picked === undefined || picked === null ? write(block.text, value) : writeAll({ [block.text]: value, [block.bind]: null }));
  };

  // Typed on the server's page before the app: searched for as if typed now.
  usePageValue(ref, change);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!n) return;
      e.preventDefault();
      setOpen(true);
      const down = e.key === 'ArrowDown';
      setActive((i) => (!expanded || i < 0 ? (down ? 0 : n - 1) : (i + (down ? 1 : n - 1)) % n));
    } else if (e.key === 'Enter') {
      if (expanded && active >= 0 && active < n) {
        e.preventDefault();
        pick(options[active]);
      }
    } else if (e.key === 'Escape') {
      // Closes the list only (a dialog around the box stays open); the text stays.
      if (expanded) {
        e.preventDefault();
        e.stopPropagation();
      }
      setOpen(false);
      setActive(-1);
      setPending(null);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <Field className={styles.field} label={t(block.label, context)} hint={block.hint ? t(block.hint, context) : undefined} required={block.required === true}
      validationState={invalid ? 'error' : 'none'} validationMessage={invalid && block.invalidMessage ? t(block.invalidMessage, context) : undefined}>
      <div className={styles.anchor}>
        <Input ref={ref} className={styles.input} value={text} disabled={!enabled} autoComplete={block.autoComplete ?? 'off'} data-combobox={block.id}
          role="combobox" aria-autocomplete="list" aria-expanded={expanded} aria-controls={expanded ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder={block.placeholder ? t(block.placeholder, context) : undefined}
          onPaste={() => { pasted.current = true; }}
          onKeyDown={onKeyDown}
          onBlur={() => { setOpen(false); setActive(-1); }}
          onChange={(_, d) => change(d.value)} />
        {expanded ? (
          <ul ref={listRef} id={listId} role="listbox" aria-label={t(block.label, context)} className={styles.list}>
            {options.map((o, i) => (
              <li key={`${i}:${o.label}`} id={optionId(i)} role="option" aria-selected={i === active}
                className={mergeClasses(styles.option, i === active && styles.active)}
                // Keeps the focus in the box, so the pick does not blur it first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}>
                {o.label}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Field>
  );
}
