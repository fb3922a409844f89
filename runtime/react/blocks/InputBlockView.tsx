import { Field, Input, makeStyles } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { getPath } from '../../core/source/pointer';
import type { InputBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';

const useStyles = makeStyles({
  field: { width: '100%', maxWidth: '40rem' },
});

/**
 * A one-line text box bound to page state: each keystroke writes `bind` (then raises `event` with
 * `{ value }`). While the box has the focus it keeps what was typed (writes land after the keystroke);
 * otherwise it shows what `bind` holds, so an effect that empties the state empties the box.
 */
export function InputBlockView({ block }: { block: InputBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
  const { context, write } = useStep();
  const stored = getPath(context, block.bind);
  const external = stored === undefined || stored === null ? '' : String(stored);
  const [text, setText] = useState(external);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current?.ownerDocument.activeElement !== ref.current) setText(external);
  }, [external]);
  const enabled = logic.holds(block.enabledWhen, context);
  return (
    <Field className={styles.field} label={t(block.label, context)} hint={block.hint ? t(block.hint, context) : undefined}>
      <Input ref={ref} value={text} disabled={!enabled} autoComplete={block.autoComplete ?? 'off'} data-input={block.id}
        placeholder={block.placeholder ? t(block.placeholder, context) : undefined}
        onChange={(_, d) => { setText(d.value); void write(block.bind, d.value, block.event); }} />
    </Field>
  );
}
