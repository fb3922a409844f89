/** `/healthz` (the process answers) and `/readyz` (the database answers and definitions loaded). */
import type { Plugin } from 'graphql-yoga';

/** Health and readiness endpoints; `ready` throws or answers false when not ready. */
export function useHealthChecks(ready: () => Promise<boolean>): Plugin {
  return {
    // Synchronous for every other path: no promise on the hot path.
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname === '/healthz') {
        endResponse(fetchAPI.Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } }));
      } else if (url.pathname === '/readyz') {
        return ready()
          .catch(() => false)
          .then((ok) => endResponse(fetchAPI.Response.json({ status: ok ? 'ready' : 'not ready' }, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } })));
      }
    },
  };
}
