import { Body1, Button, Caption1, Field, Input, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { normalizeValues, validateForm } from '../../core/messages';
import type { InlineEditBlock } from '../../core/types';
import { ERROR_DIALOG_KEYS } from '../flow/ErrorDialog';
import { useStep } from '../flow/StepContext';
import { validatorsOf } from '../form/validatorCache';
import { useRuntime } from '../RuntimeContext';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
  read: { display: 'flex', flexDirection: 'column', minWidth: '12rem', flexGrow: 1 },
  field: { flexGrow: 1, maxWidth: '28rem' },
});

/** The refusal shown when the server's answer carries no message (the error dialog's fallback). */
const REFUSED_FALLBACK = ERROR_DIALOG_KEYS.fallback;

/** The value as its box shows it (numbers as text; nothing as an empty box). */
const asText = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * An inline edit (without `schema`, a read-only row): the label and the value (`display`, else the chosen option's label, else the value) with a pencil (while `editableWhen` holds);
 * the pencil turns it into a box (or radios, with `options`) with a tick and a cross. The tick checks the value by the
 * property `field` of the form schema `schema` as a form would (normalised first: a phone's spaces, an amount's
 * separators), shows its message, or raises `event` with `{ value }` (the normalised value) and closes once the
 * event is done. When the event fails (the server refuses the save) the box stays open with what was typed and shows
 * the refusal (the first GraphQL error's message) under it; the error dialog does not open. The cross closes and
 * forgets what was typed. The server checks the same value again.
 */
export function InlineEditBlockView({ block }: { block: InlineEditBlock }) {
  const styles = useStyles();
  const rt = useRuntime();
  const { t, logic, bundle } = rt;
  const { context, attempt, busy } = useStep();
  const stored = logic.evaluate(block.value, context);
  const option = block.options?.find((o) => o.value === stored);
  const shown = block.display !== undefined ? asText(logic.evaluate(block.display, context)) : option ? t(option.label, context) : asText(stored);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string>();
  const editing = draft !== undefined;
  const label = t(block.label, context);
  const close = () => { setDraft(undefined); setError(undefined); };

  const tick = async () => {
    if (!block.schema || !block.field) return;
    const field = block.field;
    const schema = bundle.schemas[block.schema];
    const name = bundle.validators[block.schema];
    const validate = schema && name ? (await validatorsOf(rt.loadValidators, name))[name] : undefined;
    if (!schema || !validate) throw new Error(`no schema or compiled validator for '${block.schema}'; run \`npm run build\``);
    const values = normalizeValues(schema, { [field]: draft ?? '' }, bundle.formats);
    const errors = validateForm(validate, values, {
      schema, messages: bundle.messages, formats: bundle.formats, form: block.schema,
      ...(block.messages ? { overrides: { [field]: block.messages } } : {}), onMissing: rt.onMissing,
    });
    if (errors[field]) return setError(errors[field]);
    setError(undefined);
    // The server's refusal: the box stays open with what was typed and says why (not the error dialog).
    const refused = block.event ? await attempt(block.event, { value: values[field] ?? '' }) : undefined;
    if (refused) return setError(refused.message || t(REFUSED_FALLBACK, context));
    close();
  };

  if (!editing) {
    return (
      <div className={styles.row} data-inline-edit={block.id}>
        <div className={styles.read}>
          <Caption1>{label}</Caption1>
          <Body1 data-inline-value={block.id}>{shown}</Body1>
        </div>
        {block.schema && block.editLabel && logic.holds(block.editableWhen, context) && (
          <Button appearance="subtle" aria-label={t(block.editLabel, context)} data-inline-action="edit" disabled={busy}
            onClick={() => setDraft(asText(stored))}>✎</Button>
        )}
      </div>
    );
  }
  const box = block.options
    ? (
      <RadioGroup value={draft} layout="horizontal" onChange={(_, d) => setDraft(d.value)}>
        {block.options.map((o) => <Radio key={o.value} value={o.value} label={t(o.label, context)} />)}
      </RadioGroup>
    )
    : <Input value={draft} autoFocus onChange={(_, d) => setDraft(d.value)} onKeyDown={(e) => { if (e.key === 'Enter') void tick(); if (e.key === 'Escape') close(); }} />;
  return (
    <div className={styles.row} data-inline-edit={block.id}>
      <Field className={styles.field} label={label} validationState={error ? 'error' : 'none'} validationMessage={error}>
        {box}
      </Field>
      <Button appearance="subtle" aria-label={t(block.saveLabel ?? '', context)} data-inline-action="save" disabledFocusable={busy} onClick={() => void tick()}>✓</Button>
      <Button appearance="subtle" aria-label={t(block.cancelLabel ?? '', context)} data-inline-action="cancel" onClick={close}>✕</Button>
    </div>
  );
}
