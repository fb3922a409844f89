import { useEffect, useState } from 'react';
import type { DialogBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { BlockList } from './BlockList';
import { lazyComponent } from './lazyComponent';

// The dialog's own code (Fluent's dialog and its focus trap) is fetched when a dialog first opens: a page
// whose dialogs stay closed (a callback request behind a button) does not download it (18 kB gzip).
const ModalDialog = lazyComponent(() => import('../dialog/ModalDialog').then((m) => m.ModalDialog));

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
