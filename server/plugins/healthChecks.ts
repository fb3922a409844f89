/** `/healthz` (liveness: the process answers) and `/readyz` (readiness: the database answers). */
import type { Plugin } from 'graphql-yoga';
import type { OnRequestPayload } from './route';

/** The health paths (the request log writes their lines at debug level). */
export const HEALTH_PATHS: readonly string[] = ['/healthz', '/readyz'];

const NO_STORE = { 'cache-control': 'no-store' };

/** The plugin; `ready` throws or answers false when the server cannot serve requests. */
export function healthChecks(ready: () => Promise<boolean>): Plugin {
  const readiness = ({ endResponse, fetchAPI }: OnRequestPayload) =>
    ready()
      .catch(() => false)
      .then((ok) => endResponse(fetchAPI.Response.json({ status: ok ? 'ready' : 'not ready' }, { status: ok ? 200 : 503, headers: NO_STORE })));
  return {
    onRequest(hook) {
      const path = hook.url.pathname;
      if (path === '/healthz') return hook.endResponse(hook.fetchAPI.Response.json({ status: 'ok' }, { headers: NO_STORE }));
      if (path === '/readyz') return readiness(hook);
    },
  };
}
