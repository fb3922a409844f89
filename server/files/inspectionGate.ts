/**
 * Limits on inspecting a user's files, applied before any byte is decoded: at most
 * {@link MAX_INSPECTIONS_IN_FLIGHT} of one user's inspections running at once on this instance (the
 * workers are this instance's), and the definitions' `settings.rateLimits.fileInspection` rules, counted in
 * the database across instances (messages/api.yaml: per user, a minute and an hour). Over either, the
 * upload is refused RATE_LIMITED with `retryAfterSeconds`; nothing was judged, so its URL stays usable.
 * Files with no owner (their account removed) count per client address.
 * @example
 * const refusal = await gate.inspect({ userId, client, rules: limitRules(brand).fileInspection }, bytes, 'image/png');
 */
import type { LimitRule, RateLimiter } from '../limits';
import { FileRefused } from './fileRefused';
import { sharedInspectionPool, type InspectionPool, type InspectionRefusal } from './inspect';

/** Inspections of one user running (or waiting for a worker) at once on one instance. */
export const MAX_INSPECTIONS_IN_FLIGHT = 2;

/** Whose file is inspected, from where, under which rules. */
export interface Inspectee {
  userId: string | null;
  client: string;
  rules: LimitRule[];
}

/** Inspections within their owners' limits. */
export interface InspectionGate {
  /** The inspection's refusal or null; throws FileRefused RATE_LIMITED when `who` is over a limit. */
  inspect(who: Inspectee, bytes: Uint8Array, mimeType: string): Promise<InspectionRefusal | null>;
}

/** A gate counting with `limiter`, inspecting on `pool` (default: the process's shared pool). */
export function createInspectionGate(limiter: RateLimiter, options: { pool?: InspectionPool; maxInFlight?: number } = {}): InspectionGate {
  const maxInFlight = options.maxInFlight ?? MAX_INSPECTIONS_IN_FLIGHT;
  const running = new Map<string, number>();
  return {
    async inspect(who, bytes, mimeType) {
      const key = who.userId ? `u:${who.userId}` : `c:${who.client}`;
      const now = running.get(key) ?? 0;
      if (now >= maxInFlight) throw new FileRefused('RATE_LIMITED', `${now} inspections of this user are running (at most ${maxInFlight} at once)`, { retryAfterSeconds: 1 });
      running.set(key, now + 1);
      try {
        const verdict = await limiter.hit('fileInspection', who.rules, { client: who.client, user: who.userId });
        if (!verdict.allowed) {
          throw new FileRefused('RATE_LIMITED', `too many inspections per ${verdict.rule.per} (limit ${verdict.rule.limit} per ${verdict.rule.windowSeconds} s)`, { retryAfterSeconds: verdict.retryAfterSeconds });
        }
        return (await (options.pool ?? sharedInspectionPool()).inspect(bytes, mimeType, key)).refusal;
      } finally {
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      }
    },
  };
}
