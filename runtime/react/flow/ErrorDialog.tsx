import { Button, DialogActions, makeStyles, tokens } from '@fluentui/react-components';
import { canTryAgain, type StackedError } from '../../core/chain';
import { ModalDialog } from '../dialog/ModalDialog';
import { useRuntime } from '../RuntimeContext';

/** Message keys of the global error dialog (catalogue texts, spec 000 section 8). */
export const ERROR_DIALOG_KEYS = { title: 'runtime.error.title', body: 'runtime.error.body', retry: 'runtime.error.tryAgain', fallback: 'runtime.error.fallback' } as const;

const useStyles = makeStyles({
  body: { margin: 0 },
  list: { margin: `${tokens.spacingVerticalM} 0 0`, paddingLeft: tokens.spacingHorizontalXL },
});

/**
 * The global error dialog: title and (layered) text from the catalogue, then each stacked failure's
 * message (the catalogue's fallback when it has none). Try Again shows while a failure can be re-run
 * (`onError: retry`) and none is running; it re-runs those and clears the others. The dialog is
 * shown while the stack holds a failure; closing it (Escape, outside) clears what is not being re-run.
 */
export function ErrorDialog({ errors, onRetry, onClose }: { errors: StackedError[]; onRetry: () => void; onClose: () => void }) {
  const { t, bundle } = useRuntime();
  const styles = useStyles();
  const retryable = errors.some((e) => e.retry);
  return (
    <ModalDialog
      title={t(ERROR_DIALOG_KEYS.title, { settings: bundle.settings })}
      onDismiss={onClose}
      actions={retryable ? (
        <DialogActions>
          <Button appearance="primary" disabled={!canTryAgain(errors)} onClick={onRetry}>{t(ERROR_DIALOG_KEYS.retry)}</Button>
        </DialogActions>
      ) : null}
    >
      <p className={styles.body}>{t(ERROR_DIALOG_KEYS.body, { settings: bundle.settings })}</p>
      <ul className={styles.list} data-errors={errors.length}>
        {errors.map((e) => <li key={e.id}>{e.message || t(ERROR_DIALOG_KEYS.fallback)}</li>)}
      </ul>
    </ModalDialog>
  );
}
