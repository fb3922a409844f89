/**
 * The credit-bureau sandbox's demo controls (demo mode, never production; nothing here is logged):
 * - `POST /dev/creditbureau` `{"outcome": "approved" | "declined" | "refer" | "none", "email"?: "...", "standing"?: true}`
 *   sets the result of the next request of that person (the primary officer; of anyone without `email`), used up by
 *   it; `standing` keeps it for every request of theirs. `none`: the request has no result until decided.
 *   secondary_idscan_not_complete is no control: the sandbox answers it while an officer's identity is not completed.
 * - `GET /dev/creditbureau` lists the controls (and seeded outcomes) waiting.
 * - `GET /dev/creditbureau/{applicationId}` lists the application's requests (reference, status, result).
 * - `POST /dev/creditbureau/decide` `{"reference": "...", "outcome": "approved" | "declined" | "refer"}` gives a request
 *   without a result its result (what the waiting screen's polls then read).
 */
import { route, type Route, type RouteRequest } from '../plugins/route';
import { ANYONE, SANDBOX_OUTCOMES, type SandboxCreditStore, type SandboxOutcome } from './sandboxCreditBureau';

/** Base path of the demo controls. */
export const CREDIT_BUREAU_CONTROL_PATH = '/dev/creditbureau';

const APPLICATION = /^\/dev\/creditbureau\/([0-9a-f-]{36})$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;
const REFERENCE = /^[A-Za-z0-9:_-]{1,100}$/;

/** The sandbox's demo control routes (none unless `demoControls`). */
export function sandboxCreditBureauRoutes(store: SandboxCreditStore, demoControls: boolean): Route[] {
  if (!demoControls) return [];
  const control = async (hook: RouteRequest, path: string): Promise<Response> => {
    const json = (status: number, body: unknown) => hook.fetchAPI.Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
    const method = hook.request.method;
    const applicationId = APPLICATION.exec(path)?.[1];
    if (applicationId) {
      if (method !== 'GET') return json(405, { error: 'GET the application\'s requests' });
      return json(200, { requests: await store.requestsOf(applicationId) });
    }
    if (path === `${CREDIT_BUREAU_CONTROL_PATH}/decide`) {
      if (method !== 'POST') return json(405, { error: 'POST {"reference", "outcome"}' });
      const b = (await hook.request.json().catch(() => undefined)) as { reference?: unknown; outcome?: unknown } | undefined;
      if (typeof b?.reference !== 'string' || !REFERENCE.test(b.reference) || typeof b.outcome !== 'string' || !['approved', 'declined', 'refer'].includes(b.outcome)) {
        return json(400, { error: 'POST {"reference": a request\'s reference, "outcome": one of approved, declined, refer}' });
      }
      const answer = await store.decide(b.reference, b.outcome as 'approved' | 'declined' | 'refer');
      return answer ? json(200, answer) : json(404, { error: 'no sandbox request with this reference' });
    }
    if (path !== CREDIT_BUREAU_CONTROL_PATH) return json(404, { error: `GET or POST ${CREDIT_BUREAU_CONTROL_PATH}, GET ${CREDIT_BUREAU_CONTROL_PATH}/{applicationId}, POST ${CREDIT_BUREAU_CONTROL_PATH}/decide` });
    if (method === 'GET') return json(200, { next: await store.pending() });
    if (method !== 'POST') return json(405, { error: 'GET the controls waiting or POST one' });
    const b = (await hook.request.json().catch(() => undefined)) as { outcome?: unknown; email?: unknown; standing?: unknown } | undefined;
    const { outcome, email, standing } = b ?? {};
    if (typeof outcome !== 'string' || !SANDBOX_OUTCOMES.includes(outcome as SandboxOutcome) || (email !== undefined && (typeof email !== 'string' || !EMAIL.test(email))) || (standing !== undefined && typeof standing !== 'boolean')) {
      return json(400, { error: `POST {"outcome": one of ${SANDBOX_OUTCOMES.join(', ')}, "email"?: the primary officer's (default: anyone's next request), "standing"?: true (every request of theirs)}` });
    }
    await store.setNext(typeof email === 'string' ? email.toLowerCase() : ANYONE, outcome as SandboxOutcome, standing === true);
    return json(200, { next: await store.pending() });
  };
  return [route('credit-bureau sandbox controls', (path) => path === CREDIT_BUREAU_CONTROL_PATH || path.startsWith(`${CREDIT_BUREAU_CONTROL_PATH}/`), control)];
}
