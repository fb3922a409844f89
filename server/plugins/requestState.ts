/** Per-request scratch state shared by plugins and the context (kept on the Request object itself). */
import { randomUUID } from 'node:crypto';

/** What plugins note about one request. */
export interface RequestState {
  /** Request id, also on every log line of the request. */
  id: string;
  /** performance.now() at arrival. */
  start: number;
  /** Set-Cookie headers queued by resolvers. */
  cookies: string[];
  /** Operation name once known. */
  operation?: string;
}

// A symbol-keyed property of the request (cheaper than a WeakMap entry on every request).
const STATE = Symbol('fleetform.requestState');
type WithState = Request & { [STATE]?: RequestState };

/** The state of `request`, created on first use. */
export function requestState(request: Request): RequestState {
  const holder = request as WithState;
  let s = holder[STATE];
  if (!s) {
    s = { id: randomUUID(), start: performance.now(), cookies: [] };
    holder[STATE] = s;
  }
  return s;
}
