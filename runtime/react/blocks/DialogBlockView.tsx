import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { DialogBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { BlockList } from './BlockList';

const useStyles = makeStyles({
  // Full screen: the viewport less a small margin; the content (e.g. a frame) takes the height left.
  fullSurface: { width: 'calc(100vw - 16px)', maxWidth: 'none', height: 'calc(100dvh - 16px)', maxHeight: 'none', padding: '12px', boxSizing: 'border-box' },
  fullBody: { height: '100%', maxHeight: 'none', display: 'flex', flexDirection: 'column' },
  fullContent: { flexGrow: 1, display: 'flex', flexDirection: 'column', overflowY: 'auto', minHeight: 0, '& > div': { flexGrow: 1, alignItems: 'stretch' } },
});

/**
 * A modal dialog (`size: fullscreen` fills the viewport), open while `openWhen` holds (always when absent). A non-dismissable dialog is an
 * `alert` dialog that ignores Escape and outside clicks; its own buttons raise events. Dismissing
 * raises `closeEvent` (which should make `openWhen` false) or, without one, hides it until
 * `openWhen` turns false and true again.
 */
export function DialogBlockView({ block }: { block: DialogBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
  const { context, raise } = useStep();
  const full = block.size === 'fullscreen';
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
      <DialogSurface aria-describedby={undefined} data-dialog={block.id} className={full ? styles.fullSurface : undefined}>
        <DialogBody className={full ? styles.fullBody : undefined}>
          <DialogTitle>{t(block.title, context)}</DialogTitle>
          <DialogContent className={full ? styles.fullContent : undefined}>
            <BlockList blocks={block.blocks} />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
