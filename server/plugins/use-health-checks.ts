/** `/healthz` (the process answers) and `/readyz` (the database answers and definitions loaded). */
import type { OnRequestPayload, RouteHandler } from './use-router';

/** The two health routes by exact path; `ready` throws or answers false when not ready. */
export function healthRoutes(ready: () => Promise<boolean>): Record<string, RouteHandler> {
  return {
    '/healthz': ({ endResponse, fetchAPI }: OnRequestPayload) => {
      endResponse(fetchAPI.Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } }));
    },
    '/readyz': ({ endResponse, fetchAPI }: OnRequestPayload) =>
      ready()
        .catch(() => false)
        .then((ok) => endResponse(fetchAPI.Response.json({ status: ok ? 'ready' : 'not ready' }, { status: ok ? 200 : 503, headers: { 'cache-control': 'no-store' } }))),
  };
}
