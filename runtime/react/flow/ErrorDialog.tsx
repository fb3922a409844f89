import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useRuntime } from '../RuntimeContext';

/** Message keys of the global error dialog (catalogue texts, spec 000 section 8). */
export const ERROR_DIALOG_KEYS = { title: 'runtime.error.title', body: 'runtime.error.body', retry: 'runtime.error.tryAgain' } as const;

/** The global error dialog: title and (layered) text from the catalogue, and a Try Again button that re-runs the failed action. */
export function ErrorDialog({ open, onRetry, onClose }: { open: boolean; onRetry: () => void; onClose: () => void }) {
  const { t, bundle } = useRuntime();
  return (
    <Dialog open={open} onOpenChange={(_, data) => { if (!data.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t(ERROR_DIALOG_KEYS.title, { settings: bundle.settings })}</DialogTitle>
          <DialogContent>{t(ERROR_DIALOG_KEYS.body, { settings: bundle.settings })}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onRetry}>{t(ERROR_DIALOG_KEYS.retry)}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
