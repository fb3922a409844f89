/**
 * The browser's side of the session idle timeout (spec 002 s7 'session-idle timer', 'session-kicker';
 * the server's side: server/auth/sessionIdle.ts). The server ends a session after its idle time without
 * a request and answers, when asked, the time left (`sessionIdle`); this timer schedules the warning and
 * the end from that answer, and keeps the session alive while the user is active: activity (any input)
 * asks the server again once a ping interval has passed since the last ask, which restarts its clock.
 * Pure scheduling over injected timers, so tests drive it with fake ones.
 * @example
 * const timer = startIdleTimer(clock, { keepAlive, onChange: setPhase, onEnd: signOut });
 * window.addEventListener('keydown', timer.activity);
 */

/** The server's answer (`sessionIdle`). */
export interface IdleClock {
  idleSeconds: number;
  warningSeconds: number;
  remainingSeconds: number;
}

/** Where the session is, for the screen. */
export type IdlePhase =
  | { status: 'active'; deadline: number }
  /** The warning shows; `deadline` is when the session ends (epoch ms, the timer's clock). */
  | { status: 'warning'; deadline: number }
  | { status: 'ended' };

/** What the timer needs from the page. */
export interface IdleTimerOptions {
  /** Asks the server (restarting its clock): the time left, or null when the session is gone. */
  keepAlive(): Promise<IdleClock | null>;
  /** Told of every change of phase. */
  onChange(phase: IdlePhase): void;
  /** The session ended (idle past its time, or gone on the server): sign out. Called once. */
  onEnd(): void;
  /** The clock (default Date.now). */
  now?: () => number;
}

/** The running timer. */
export interface IdleTimer {
  /** User activity: keeps the session alive (asks the server at most once per ping interval); ignored while the warning shows. */
  activity(): void;
  /** 'Stay signed in': asks the server now and, when the session lives, hides the warning. */
  stay(): Promise<void>;
  /** Stops every timer (unmount, logout). */
  stop(): void;
  /** The phase now. */
  phase(): IdlePhase;
}

/** How often activity asks the server at most: a tenth of the idle time, at most a minute. */
export const pingIntervalMs = (idleSeconds: number): number => Math.min(60_000, idleSeconds * 100);

/** Starts the timer from the server's first answer. */
export function startIdleTimer(first: IdleClock, options: IdleTimerOptions): IdleTimer {
  const now = options.now ?? Date.now;
  let clock = first;
  let phase: IdlePhase = { status: 'active', deadline: 0 };
  let lastAsked = now();
  let asking: Promise<void> | undefined;
  let timers: ReturnType<typeof setTimeout>[] = [];
  const clear = () => {
    for (const t of timers) clearTimeout(t);
    timers = [];
  };
  const set = (next: IdlePhase) => {
    phase = next;
    options.onChange(next);
  };
  const end = () => {
    if (phase.status === 'ended') return;
    clear();
    set({ status: 'ended' });
    options.onEnd();
  };
  /** Schedules from an answer received at `at`: the warning `warningSeconds` before the end, then the end. */
  const schedule = (answer: IdleClock, at: number) => {
    clock = answer;
    clear();
    const deadline = at + answer.remainingSeconds * 1000;
    const warnAt = deadline - answer.warningSeconds * 1000;
    const t = now();
    if (deadline <= t) return end();
    if (warnAt <= t) set({ status: 'warning', deadline });
    else {
      set({ status: 'active', deadline });
      timers.push(setTimeout(() => set({ status: 'warning', deadline }), warnAt - t));
    }
    timers.push(setTimeout(end, deadline - t));
  };
  const ask = (): Promise<void> => {
    const at = now();
    lastAsked = at;
    asking ??= options.keepAlive().then(
      (answer) => {
        asking = undefined;
        if (phase.status === 'ended') return;
        if (answer === null) end();
        else schedule(answer, at);
      },
      // A failed ask (offline): the schedule stands; the next activity asks again.
      () => {
        asking = undefined;
        lastAsked = 0;
      },
    );
    return asking;
  };
  schedule(first, lastAsked);
  return {
    activity() {
      if (phase.status !== 'active') return;
      if (now() - lastAsked >= pingIntervalMs(clock.idleSeconds)) void ask();
    },
    stay() {
      return phase.status === 'ended' ? Promise.resolve() : ask();
    },
    stop: clear,
    phase: () => phase,
  };
}
