/**
 * Demo mode only (never in production): `POST /dev/session-idle` gives the session of the request's
 * cookie its own idle time, so a test (or a person trying the warning) sees a session end in seconds
 * without changing the brand's `settings.session` for everybody else.
 * @example
 * POST /dev/session-idle {"idleSeconds": 8}     -> 200 {"idleSeconds": 8}
 * POST /dev/session-idle {"idleSeconds": null}  -> 200 {"idleSeconds": null}   (the brand's rule again)
 * POST /dev/session-idle {"idleSeconds": 1e12}  -> 400 (4 to 43200 seconds: a session's lifetime at most)
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { route, type Route, type RouteRequest } from '../plugins/route';
import { readCookie, SESSION_TTL_MS, sessionIdHash, setSessionIdleSeconds } from './sessions';

/** The shortest idle time the control accepts (the browser's warning is half of it). */
export const MIN_DEMO_IDLE_SECONDS = 4;
/** The longest: a session's lifetime (SESSION_TTL_MS); a longer idle time would never end a session. */
export const MAX_DEMO_IDLE_SECONDS = SESSION_TTL_MS / 1000;

/** The route (the app registers it in demo mode outside production only). */
export function devSessionIdle(db: Kysely<Database>, cookieName: string): Route {
  const json = ({ fetchAPI }: RouteRequest, status: number, body: unknown) =>
    fetchAPI.Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
  return route('dev session idle', (path) => path === '/dev/session-idle', async (hook) => {
    if (hook.request.method !== 'POST') return json(hook, 405, { error: 'POST {"idleSeconds": n | null}' });
    const body = (await hook.request.json().catch(() => undefined)) as { idleSeconds?: unknown } | undefined;
    const seconds = body?.idleSeconds;
    if (seconds !== null && !(Number.isInteger(seconds) && (seconds as number) >= MIN_DEMO_IDLE_SECONDS && (seconds as number) <= MAX_DEMO_IDLE_SECONDS)) {
      return json(hook, 400, { error: `idleSeconds must be an integer from ${MIN_DEMO_IDLE_SECONDS} to ${MAX_DEMO_IDLE_SECONDS} (a session's lifetime), or null` });
    }
    const raw = readCookie(hook.request.headers.get('cookie'), cookieName);
    const idHash = raw ? sessionIdHash(raw) : null;
    if (!idHash || !(await setSessionIdleSeconds(db, idHash, seconds as number | null))) return json(hook, 404, { error: 'no session: sign in first' });
    return json(hook, 200, { idleSeconds: seconds });
  });
}
