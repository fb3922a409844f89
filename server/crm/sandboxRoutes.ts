/**
 * The CRM sandbox's demo controls (demo mode, never production), keyed by the customer's e-mail (their active
 * application's records):
 * - `GET /dev/crm?email=...`: the account, the opportunity and the stage moves so far;
 * - `POST /dev/crm` `{"email": "...", "accountSource"?: "...", "creditTotal"?: number | null, "leadSource"?: "...",
 *   "stageName"?: "...", "manualLead"?: boolean, "failNextMove"?: true}`: sets those values (failNextMove: the next
 *   stage move of that application fails, as an unreachable CRM would) and answers the records.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { activeApplicationId } from '../enforce';
import { route, type Route, type RouteRequest } from '../plugins/route';
import type { CrmSeed, SandboxCrmStore } from './sandboxCrm';

/** Base path of the demo controls. */
export const CRM_CONTROL_PATH = '/dev/crm';

const TEXT_FIELDS = ['accountSource', 'leadSource', 'stageName'] as const;

/** The sandbox's routes; `demoControls` adds the `/dev/crm` controls (there are no other pages). */
export function sandboxCrmRoutes(db: Kysely<Database>, store: SandboxCrmStore, demoControls: boolean): Route[] {
  const control = async (hook: RouteRequest): Promise<Response> => {
    const json = (status: number, body: unknown) => hook.fetchAPI.Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
    const usage = 'GET ?email=..., or POST {"email", "accountSource"?, "creditTotal"?, "leadSource"?, "stageName"?, "manualLead"?, "failNextMove"?}';
    const post = hook.request.method === 'POST';
    if (!post && hook.request.method !== 'GET') return json(405, { error: usage });
    const body = post ? ((await hook.request.json().catch(() => undefined)) as Record<string, unknown> | undefined) : undefined;
    const email = post ? body?.email : new URL(hook.request.url).searchParams.get('email');
    if (typeof email !== 'string' || email.length > 254) return json(400, { error: usage });
    const user = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
    const applicationId = user ? await activeApplicationId(db, user.id) : null;
    if (!user || !applicationId) return json(404, { error: 'no user with an application has this e-mail' });
    const who = { applicationId, userId: user.id };
    if (!post) return json(200, await store.read(who));
    const values: CrmSeed = {};
    for (const k of TEXT_FIELDS) {
      if (body?.[k] === undefined) continue;
      if (typeof body[k] !== 'string' || !body[k] || (body[k] as string).length > 80) return json(400, { error: `${k} must be a text of 1 to 80 characters` });
      values[k] = body[k] as string;
    }
    if (body?.creditTotal !== undefined) {
      if (body.creditTotal !== null && (typeof body.creditTotal !== 'number' || !Number.isFinite(body.creditTotal))) return json(400, { error: 'creditTotal must be a number or null' });
      values.creditTotal = body.creditTotal as number | null;
    }
    if (body?.manualLead !== undefined) {
      if (typeof body.manualLead !== 'boolean') return json(400, { error: 'manualLead must be true or false' });
      values.manualLead = body.manualLead;
    }
    if (body?.failNextMove === true) store.failNextMove(applicationId);
    return json(200, await store.set(who, values));
  };
  return demoControls ? [route('CRM sandbox controls', (path) => path === CRM_CONTROL_PATH, control)] : [];
}
