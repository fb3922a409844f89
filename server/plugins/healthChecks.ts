/** `/healthz` (liveness: the process answers) and `/readyz` (readiness: the database answers). */
import { route, type Route, type RouteRequest } from './route';

/** The health paths (the request log writes their lines at debug level). */
export const HEALTH_PATHS: readonly string[] = ['/healthz', '/readyz'];

const NO_STORE = { 'cache-control': 'no-store' };

/** The route; `ready` throws or answers false when the server cannot serve requests. */
export function healthChecks(ready: () => Promise<boolean>): Route {
  const readiness = ({ fetchAPI }: RouteRequest) =>
    ready()
      .catch(() => false)
      .then((ok) => fetchAPI.Response.json({ status: ok ? 'ready' : 'not ready' }, { status: ok ? 200 : 503, headers: NO_STORE }));
  return route('health', (path) => HEALTH_PATHS.includes(path), (hook, path) => {
    if (path === '/readyz') return readiness(hook);
    return hook.fetchAPI.Response.json({ status: 'ok' }, { headers: NO_STORE });
  });
}
