/**
 * The idle warning dialog (its own chunk: loaded when the warning first shows, not with the initial JS).
 * Texts: `session.idle.*` of messages/session.yaml; `{seconds}` counts down to the end.
 */
import { Button, DialogActions } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Translate } from '../../runtime/react';
import { ModalDialog } from '../../runtime/react/dialog';

/** Catalogue keys of the warning. */
export const IDLE_KEYS = { title: 'session.idle.title', body: 'session.idle.body', stay: 'session.idle.stay', logout: 'session.idle.logout' } as const;

/** Props of {@link IdleWarning}. */
export interface IdleWarningProps {
  /** When the session ends (epoch ms). */
  deadline: number;
  t: Translate;
  settings: Record<string, unknown>;
  onStay(): void;
  onLogout(): void;
}

/** An alert dialog: Escape and clicks outside do not close it; the user chooses. */
export function IdleWarning({ deadline, t, settings, onStay, onLogout }: IdleWarningProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const vars = { settings, seconds: Math.max(0, Math.ceil((deadline - now) / 1000)) };
  return (
    <ModalDialog
      title={t(IDLE_KEYS.title, vars)}
      alert
      describedBy="idle-session-body"
      actions={(
        <DialogActions>
          <Button appearance="primary" onClick={onStay}>{t(IDLE_KEYS.stay, vars)}</Button>
          <Button onClick={onLogout}>{t(IDLE_KEYS.logout, vars)}</Button>
        </DialogActions>
      )}
    >
      <div id="idle-session-body">{t(IDLE_KEYS.body, vars)}</div>
    </ModalDialog>
  );
}
