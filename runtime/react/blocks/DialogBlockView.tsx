import { useEffect, useState } from 'react';
import type { DialogBlock } from '../../core/types';
import { ModalDialog } from '../dialog/ModalDialog';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { BlockList } from './BlockList';

/**
 * A modal dialog (`size: fullscreen` fills the viewport), open while `openWhen` holds (always when absent),
 * and in the page only then (`ModalDialog`: the native `<dialog>`, focus returns to the opener on close).
 * A non-dismissable dialog is an `alertdialog` that ignores Escape and outside clicks; its own buttons
 * raise events. Dismissing raises `closeEvent` (which should make `openWhen` false) or, without one,
 * hides it until `openWhen` turns false and true again.
 */
export function DialogBlockView({ block }: { block: DialogBlock }) {
  const { t, logic } = useRuntime();
  const { context, raise } = useStep();
  const [dismissed, setDismissed] = useState(false);
  const wanted = logic.holds(block.openWhen, context);
  useEffect(() => {
    if (!wanted) setDismissed(false);
  }, [wanted]);
  if (dismissed || !wanted) return null;
  const dismissable = block.dismissable !== false;
  const onDismiss = () => {
    if (block.closeEvent) void raise(block.closeEvent);
    else setDismissed(true);
  };
  return (
    <ModalDialog title={t(block.title, context)} alert={!dismissable} onDismiss={onDismiss} size={block.size} name={block.id}>
      <BlockList blocks={block.blocks} />
    </ModalDialog>
  );
}
