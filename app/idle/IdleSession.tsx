/**
 * The signed-in session's idle timeout in the browser: runs the idle timer (idleTimer.ts) from the
 * server's answer, counts user activity (pointer, keys, wheel, touch: it keeps the session alive), and
 * shows the warning (IdleWarning.tsx, loaded when first needed) `warningSeconds` before the end, with
 * 'Stay signed in' (asks the server, which restarts the session's idle clock) and 'Log out' (/logout).
 * When the time is up the session is ended on the server and the app goes to the sign-in page, which
 * says why (`/login?reason=idle`, text `session.idle.ended`).
 */
import { useEffect, useRef, useState } from 'react';
import { lazyComponent, useRuntime } from '../../runtime/react';
import { startIdleTimer, type IdleClock, type IdlePhase, type IdleTimer } from './idleTimer';

/** Where the app goes when the session has ended for inactivity. */
export const IDLE_ENDED_PATH = '/login?reason=idle';
/** The events that count as activity. */
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

const IdleWarning = lazyComponent(() => import('./IdleWarning').then((m) => m.IdleWarning));

/** Props: the server's first answer and the calls the timer makes. */
export interface IdleSessionProps {
  clock: IdleClock;
  /** Asks the server (restarting its idle clock): the time left, or null when the session is gone. */
  keepAlive(): Promise<IdleClock | null>;
  /** Ends the session on the server (the app then leaves for {@link IDLE_ENDED_PATH}). */
  endSession(): Promise<void>;
}

/** Mount once for a signed-in user, inside FlowRunner (its theme and texts). */
export function IdleSession({ clock, keepAlive, endSession }: IdleSessionProps) {
  const { t, bundle } = useRuntime();
  const [phase, setPhase] = useState<IdlePhase>({ status: 'active', deadline: 0 });
  const timer = useRef<IdleTimer | null>(null);
  useEffect(() => {
    const started = startIdleTimer(clock, {
      keepAlive,
      onChange: setPhase,
      onEnd: () => void endSession().finally(() => location.assign(IDLE_ENDED_PATH)),
    });
    timer.current = started;
    const onActivity = () => started.activity();
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      started.stop();
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [clock, keepAlive, endSession]);
  if (phase.status !== 'warning') return null;
  return (
    <IdleWarning
      deadline={phase.deadline}
      t={t}
      settings={bundle.settings}
      onStay={() => void timer.current?.stay()}
      onLogout={() => location.assign('/logout')}
    />
  );
}
