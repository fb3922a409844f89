/**
 * The idle timeout of signed-in sessions (spec 002 s7: a session-idle timer whose timeouts the spec does
 * not show; ours: `settings.session` of messages/session.yaml). A session ends after `idleMs` without a
 * request; each request writes its last-seen time when that is older than {@link idleTouchMs} (not on
 * every request), and the browser learns what is left from `sessionIdle` (its warning `warningMs` before).
 * @example
 * const rule = idleRule(layers(brand.selection).settings); // { idleMs: 1_800_000, warningMs: 60_000 }
 */

/** A session's idle rule. */
export interface IdleRule {
  /** Time without a request after which the session ends. */
  idleMs: number;
  /** How long before the end the browser warns. */
  warningMs: number;
}

/** The rule when a layer selection sets none (the values of messages/session.yaml). */
export const DEFAULT_IDLE_RULE: IdleRule = { idleMs: 30 * 60_000, warningMs: 60_000 };

/** The rule of a selection's settings (`settings.session: { idleMinutes, warningSeconds }`, checked by schemas/settings.json). */
export function idleRule(settings: Record<string, unknown>): IdleRule {
  const s = settings.session as { idleMinutes?: unknown; warningSeconds?: unknown } | undefined;
  const minutes = typeof s?.idleMinutes === 'number' && s.idleMinutes > 0 ? s.idleMinutes : undefined;
  const seconds = typeof s?.warningSeconds === 'number' && s.warningSeconds > 0 ? s.warningSeconds : undefined;
  return { idleMs: minutes === undefined ? DEFAULT_IDLE_RULE.idleMs : minutes * 60_000, warningMs: seconds === undefined ? DEFAULT_IDLE_RULE.warningMs : seconds * 1000 };
}

/**
 * How stale a session's last-seen time may get before a request writes it again: a thirtieth of the
 * idle time, at most a minute (one write a minute per active session, not one per request). The idle
 * clock counts from the last write, so a session may end up to this much before `idleMs` after the
 * last request; `sessionIdle` answers the time actually left, which the browser schedules by.
 */
export const idleTouchMs = (idleMs: number): number => Math.min(60_000, Math.max(250, Math.floor(idleMs / 30)));

/**
 * The warning the browser gets for a session of `idleMs`: the rule's, but at most half the idle time
 * (a short demo timeout still leaves time to act before the warning shows).
 */
export const warningFor = (rule: IdleRule, idleMs: number): number => Math.min(rule.warningMs, Math.floor(idleMs / 2));

/** What a live session's request knows of its idle clock. */
export interface SessionIdleState {
  /** This session's idle time (the rule's, or the session's own set by the demo control). */
  idleMs: number;
  /** This session's warning time ({@link warningFor}). */
  warningMs: number;
  /** When the idle clock last started (epoch ms), after this request's write if it wrote. */
  lastSeenAt: number;
}
