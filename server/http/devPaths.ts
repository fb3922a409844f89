/**
 * Outside demo mode (`demoMode`, server/config.ts) every path under `/dev/` answers 404 here, first among
 * the routes, so no route registered later (a provider's controls, a new demo page) can answer one
 * whatever it checks itself: the demo controls exist by one rule or not at all.
 * @example
 * ...(demoMode(config) ? [devMailbox(db), ...] : [devPathsClosed()])
 */
import { route, type Route } from '../plugins/route';

/** The prefix of every demo control's path. */
export const DEV_PATH_PREFIX = '/dev/';

/** The route answering 404 (no body: the app's JSON refusal body is added on the way out) to `/dev` and every path below it. */
export function devPathsClosed(): Route {
  return route('dev paths closed', (path) => path === '/dev' || path.startsWith(DEV_PATH_PREFIX), ({ fetchAPI }) => new fetchAPI.Response(null, { status: 404, headers: { 'cache-control': 'no-store' } }));
}
