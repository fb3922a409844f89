/** Inviting an authorised officer: find or create their account and send the set-password e-mail. */
import type { ServerContext } from '../../context';
import { INVITATION_EMAIL } from '../../auth';
import { assertPayload, decideWrite, refuse, selectionOf, type AppSnapshot, type Caller, type WriteRequest } from '../../enforce';

/** The person a form names. */
export interface UserInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The catalogue text of a key for the application's layers. */
const text = (ctx: ServerContext, app: AppSnapshot, key: string) => ctx.definitions.message(key, selectionOf(app));

/**
 * Refuse before creating anything: the e-mail is not the sender's own, the details pass the form's schema
 * (`schema`, e.g. `reassign`: the browser's checks with the application's layers, fields named `userInfo.*`)
 * and the write would be accepted.
 */
export function precheckInvite(ctx: ServerContext, app: AppSnapshot, caller: Caller, info: UserInfo, request: (userId: string) => WriteRequest, schema?: string): void {
  if (info.email.trim().toLowerCase() === caller.email) {
    throw refuse('INVALID_VALUE', text(ctx, app, 'validation.notOwnEmail'), { fields: { 'userInfo.email': text(ctx, app, 'validation.notOwnEmail') } });
  }
  const layers = ctx.definitions.layers(selectionOf(app));
  if (schema) assertPayload(layers, schema, info, 'userInfo');
  decideWrite({ defs: ctx.definitions.defs, layers, logic: ctx.definitions.logic, app, caller, request: request('00000000-0000-4000-8000-000000000000') });
}

/**
 * The invited officer's user id: an existing account with that e-mail (which must not belong to another
 * application) or a new one without a password. The set-password e-mail is queued after the write.
 */
export async function officerAccount(ctx: ServerContext, app: AppSnapshot, info: UserInfo): Promise<string> {
  const email = info.email.trim().toLowerCase();
  const existing = await ctx.db.selectFrom('users').select(['id', 'brand_id']).where('email', '=', email).executeTakeFirst();
  if (existing) {
    if (existing.brand_id !== app.brandId) throw refuse('CONFLICT', 'this person has an account with another organisation: invite someone else or contact support', { email });
    const other = await ctx.db
      .selectFrom('applications')
      .select('id')
      .where('id', '!=', app.id)
      .where((eb) => eb.or([eb('primary_user_id', '=', existing.id), eb('secondary_user_id', '=', existing.id)]))
      .executeTakeFirst();
    if (other) throw refuse('CONFLICT', 'this person already has an application of their own: invite someone else or contact support', { email });
    return existing.id;
  }
  const row = await ctx.db
    .insertInto('users')
    .values({ email, first_name: info.firstName.trim(), last_name: info.lastName.trim(), phone: info.phone.trim(), brand_id: app.brandId, region: app.region, password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Queue the e-mail inviting the officer to set a password (the identity provider's set-password link, the invitation's own texts). */
export async function sendInvitation(ctx: ServerContext, app: AppSnapshot, email: string): Promise<void> {
  const reset = ctx.services.identity.passwordReset;
  if (!reset) return;
  await reset.request(email.trim().toLowerCase(), { email: INVITATION_EMAIL });
}
