/** Inviting an authorised officer: find or create their account and send the set-password e-mail. */
import { getPath } from '../../../runtime/core/source/pointer';
import type { Logic, ResolvedLayers } from '../../../runtime/core/types';
import type { ServerContext } from '../../context';
import { INVITATION_EMAIL } from '../../auth';
import { takeLimit } from '../rateLimits';
import { assertPayload, decideWrite, EnforceError, logicContext, refuse, selectionOf, type AppSnapshot, type Caller, type WriteRequest } from '../../enforce';

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
 * The form an invitation's details were entered in: its schema id (`schemas/<id>.json`, with the application's
 * layers) and, when the form has fields beyond `userInfo`'s, the argument one of them came in as.
 */
export interface InviteForm {
  schema: string;
  /**
   * An argument filled from one of the form's other fields (e.g. `applicantType` from the second officer's role):
   * its name and value, and the form fields it may have come from; the value is checked as the one of them the
   * form shows for the application's layers (its uiSchema's `ui:visibleWhen`), and a refusal names the argument.
   */
  argument?: { name: string; value: unknown; fields: readonly string[] };
  /** The name a refusal gives `userInfo`'s field or the argument (by its name); default `userInfo.<field>` and the argument's name. */
  name?: (field: string) => string;
}

/** The form data an invitation's arguments stand for: `userInfo`'s fields, and the argument in each of its fields the form shows. */
function formData(ctx: ServerContext, layers: ResolvedLayers, app: AppSnapshot, caller: Caller, info: UserInfo, form: InviteForm): Record<string, unknown> {
  const data: Record<string, unknown> = { ...info };
  const argument = form.argument;
  if (!argument) return data;
  const ui = (ctx.definitions.defs.uiSchemas[form.schema] ?? {}) as Record<string, { 'ui:visibleWhen'?: Logic } | undefined>;
  const context = { ...logicContext(app, caller), settings: layers.settings, form: data };
  for (const field of argument.fields) if (ctx.definitions.logic.holds(ui[field]?.['ui:visibleWhen'], context)) data[field] = argument.value;
  return data;
}

/**
 * Refuse before creating anything: the caller may make the write at all (a refusal other than of the value:
 * FORBIDDEN_PATH, before anything about the details is said), the e-mail is not the sender's own, the details
 * pass the form's schema (`form`, e.g. `reassign`: the browser's checks with the application's layers, fields
 * named `userInfo.*`, or as `form.name` says) and the write would be accepted (its value as the record's schema says).
 */
export function precheckInvite(ctx: ServerContext, app: AppSnapshot, caller: Caller, info: UserInfo, request: (userId: string) => WriteRequest, form?: InviteForm): void {
  const layers = ctx.definitions.layers(selectionOf(app));
  // The write as the definitions decide it; a refused value waits until the form's own checks have had their say.
  let valueRefused: EnforceError | undefined;
  try {
    decideWrite({ defs: ctx.definitions.defs, layers, logic: ctx.definitions.logic, app, caller, request: request('00000000-0000-4000-8000-000000000000') });
  } catch (error) {
    if (!(error instanceof EnforceError) || error.code !== 'INVALID_VALUE') throw error;
    valueRefused = error;
  }
  if (info.email.trim().toLowerCase() === caller.email) {
    throw refuse('INVALID_VALUE', text(ctx, app, 'validation.notOwnEmail'), { fields: { 'userInfo.email': text(ctx, app, 'validation.notOwnEmail') } });
  }
  if (form) {
    const { argument, name = (field: string) => (field === argument?.name ? field : `userInfo.${field}`) } = form;
    // A form field the argument filled is refused under the argument's name, any other under userInfo's.
    assertPayload(layers, form.schema, formData(ctx, layers, app, caller, info, form), (field) => name(argument?.fields.includes(field) ? argument.name : field));
  }
  if (valueRefused) throw valueRefused;
}

/**
 * The invited officer's user id: an existing account with that e-mail (which must not belong to another
 * application) or a new one without a password. One account per e-mail, also when two requests invite the same
 * new address at once (the insert that loses the race reads the winner's). The set-password e-mail is queued after the write.
 */
export async function officerAccount(ctx: ServerContext, app: AppSnapshot, info: UserInfo): Promise<string> {
  const email = info.email.trim().toLowerCase();
  for (;;) {
    const existing = await existingOfficer(ctx, app, email);
    if (existing) return existing;
    const row = await ctx.db
      .insertInto('users')
      .values({ email, first_name: info.firstName.trim(), last_name: info.lastName.trim(), phone: info.phone.trim(), brand_id: app.brandId, region: app.region, password_hash: null })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return row.id;
  }
}

/** The account of an invited officer's e-mail, if there is one and it may be invited to this application. */
async function existingOfficer(ctx: ServerContext, app: AppSnapshot, email: string): Promise<string | null> {
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
  return null;
}

/**
 * Queue the e-mail inviting the officer to set a password (the identity provider's set-password link, the invitation's
 * own texts), naming the company (when the application knows it) and the sender.
 */
async function sendInvitation(ctx: ServerContext, app: AppSnapshot, email: string): Promise<void> {
  const reset = ctx.services.identity.passwordReset;
  if (!reset) return;
  const company = getPath(app.record, 'scoreboard.companyDetails.companyName');
  const sender = ctx.user ? `${ctx.user.firstName} ${ctx.user.lastName}`.trim() : '';
  await reset.request(email.trim().toLowerCase(), {
    email: INVITATION_EMAIL,
    vars: { company: typeof company === 'string' ? company.trim() : '', sender: sender || text(ctx, app, 'auth.invite.someone') },
  });
}

/**
 * Name an invited officer and invite them. The invitation is counted first (rate limits `invitation`, per client
 * address and per target e-mail, as reset e-mails are; refused with RATE_LIMITED before anything is created or
 * written, and one atomic count per request, so parallel requests cannot pass together). Then the officer's account
 * ({@link officerAccount}), `write(officerId)` naming them on the application, and the set-password e-mail when the
 * write changed the application; a write that changed nothing (the officer already named) or failed sends nothing
 * and gives its count back, so the limits count e-mails sent.
 */
export async function inviteOfficer<R extends { decision: { kind: string } }>(ctx: ServerContext, app: AppSnapshot, info: UserInfo, write: (officerId: string) => Promise<R>): Promise<{ officerId: string; result: R }> {
  const giveBack = await takeLimit(ctx, 'invitation', info.email.trim().toLowerCase());
  try {
    const officerId = await officerAccount(ctx, app, info);
    const result = await write(officerId);
    if (result.decision.kind === 'unchanged') await giveBack();
    else await sendInvitation(ctx, app, info.email);
    return { officerId, result };
  } catch (error) {
    await giveBack();
    throw error;
  }
}
