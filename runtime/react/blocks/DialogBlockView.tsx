import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { DialogBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { BlockList } from './BlockList';

/**
 * A modal dialog, open while `openWhen` holds (always when absent). A non-dismissable dialog is an
 * `alert` dialog that ignores Escape and outside clicks; its own buttons raise events. Dismissing
 * raises `closeEvent` (which should make `openWhen` false) or, without one, hides it until
 * `openWhen` turns false and true again.
 */
export function DialogBlockView({ block }: { block: DialogBlock }) {
  const { t, logic } = useRuntime();
  const { context, raise } = useStep();
  const [dismissed, setDismissed] = useState(false);
  const wanted = logic.holds(block.openWhen, context);
  useEffect(() => {
    if (!wanted) setDismissed(false);
  }, [wanted]);
  const open = !dismissed && wanted;
  const dismissable = block.dismissable !== false;
  const onOpenChange = (_: unknown, data: { open: boolean }) => {
    if (!dismissable || data.open) return;
    if (block.closeEvent) void raise(block.closeEvent);
    else setDismissed(true);
  };
  return (
    <Dialog open={open} modalType={dismissable ? 'modal' : 'alert'} onOpenChange={onOpenChange}>
      <DialogSurface aria-describedby={undefined} data-dialog={block.id}>
        <DialogBody>
          <DialogTitle>{t(block.title, context)}</DialogTitle>
          <DialogContent>
            <BlockList blocks={block.blocks} />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
