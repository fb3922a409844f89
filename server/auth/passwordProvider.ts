/**
 * The built-in identity provider: e-mail + password (argon2id) and password reset. Throttling is not
 * the provider's: sign-in attempts are counted per client and per (client, e-mail) by the rate limits
 * (server/limits), so nobody can lock an owner out of their account from another address.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BrandRegistry } from '../brands';
import { getPath } from '../../runtime/core/source/pointer';
import type { Database } from '../db';
import type { ServerDefinitions } from '../definitions';
import type { EmailOutbox } from '../email';
import { hashPassword, verifyPassword } from './password';
import { passwordRuleErrors, passwordRules } from './passwordRules';
import { destroyUserSessions, sha256 } from './sessions';
import type { IdentityProvider, PasswordResetCapability, ResetEmailTexts, SignInResult } from './types';

/** Reset token lifetime. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** Catalogue keys for reset outcomes and e-mail texts. */
export const RESET_KEYS = {
  expired: 'auth.reset.expired',
  invalid: 'auth.reset.invalid',
  subject: 'auth.reset.emailSubject',
  body: 'auth.reset.emailBody',
} as const;

/** The password-reset e-mail. */
export const RESET_EMAIL: ResetEmailTexts = { template: 'passwordReset', subject: RESET_KEYS.subject, body: RESET_KEYS.body };

/** The invitation of an authorised officer: the same set-password link, its own texts. */
export const INVITATION_EMAIL: ResetEmailTexts = {
  template: 'invitation',
  subject: 'auth.invite.emailSubject',
  body: 'auth.invite.emailBody',
  expiryHoursSetting: 'invitation.expiryHours',
  withoutCompany: { subject: 'auth.invite.emailSubject.noCompany', body: 'auth.invite.emailBody.noCompany' },
};

/** A link's lifetime: the whole hours the setting gives for the selection (at least one), else {@link RESET_TOKEN_TTL_MS}. */
function expiryOf(definitions: ServerDefinitions, selection: Record<string, string>, setting: string | undefined): number {
  if (!setting) return RESET_TOKEN_TTL_MS;
  const hours = getPath(definitions.layers(selection).settings, setting);
  return typeof hours === 'number' && Number.isInteger(hours) && hours >= 1 ? hours * 3_600_000 : RESET_TOKEN_TTL_MS;
}

/** Dependencies of the password provider. */
export interface PasswordProviderDeps {
  db: Kysely<Database>;
  email: EmailOutbox;
  definitions: ServerDefinitions;
  /** Brands: a link goes to the public origin of the user's own brand. */
  brands: BrandRegistry;
  /** Clock, for tests. */
  now?: () => Date;
  /** Password verification (default argon2id `verifyPassword`); tests count its calls. */
  verify?: (stored: string | null, password: string) => Promise<boolean>;
}

/** Create the e-mail + password provider. */
export function createPasswordProvider(deps: PasswordProviderDeps): IdentityProvider {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const verify = deps.verify ?? verifyPassword;

  async function signIn({ email, password }: { email: string; password: string }): Promise<SignInResult> {
    const user = await db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    // Known or unknown, with or without a password yet: the same verification runs, and the same answer comes back.
    const ok = await verify(user?.password_hash ?? null, password);
    if (!user || !ok) return { status: 'invalid' };
    return {
      status: 'ok',
      user: { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name, brandId: user.brand_id, region: user.region },
    };
  }

  const passwordReset: PasswordResetCapability = {
    async request(email, { email: texts = RESET_EMAIL, vars: extra = {} } = {}) {
      const user = await db.selectFrom('users').select(['id', 'email', 'first_name', 'brand_id']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
      if (!user) return; // same answer for unknown e-mails
      // The link and texts are the user's own brand's: its configured public origin, never the request's Host.
      const brand = deps.brands.byId(user.brand_id) ?? deps.brands.fallback;
      const { id: brandId, selection } = brand;
      const token = randomBytes(32).toString('base64url'); // 256 bits
      const link = `${brand.publicOrigin}/reset-password?hash=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      const ttlMs = expiryOf(deps.definitions, selection, texts.expiryHoursSetting);
      const vars = { ...extra, firstName: user.first_name, link, hours: String(ttlMs / 3_600_000) };
      const keys = texts.withoutCompany && !extra.company?.trim() ? texts.withoutCompany : texts;
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('password_resets')
          .values({ token_hash: sha256(token), user_id: user.id, expires_at: new Date(now().getTime() + ttlMs) })
          .execute();
        await deps.email.send(
          {
            to: user.email,
            template: texts.template,
            brandId,
            subject: deps.definitions.message(keys.subject, selection, vars).trim(),
            text: deps.definitions.message(keys.body, selection, vars),
            data: { link },
          },
          tx,
        );
      });
    },

    async reset({ email, hash, password, confirmPassword }) {
      const rules = passwordRuleErrors(deps.definitions.logic, passwordRules(deps.definitions.defs), password, confirmPassword);
      if (rules.length) return { ok: false, errors: rules };
      const row = await db
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select(['password_resets.token_hash', 'password_resets.expires_at', 'password_resets.used_at', 'users.id as user_id', 'users.email'])
        .where('password_resets.token_hash', '=', sha256(hash ?? ''))
        .executeTakeFirst();
      if (!row || row.email !== email.trim().toLowerCase() || row.used_at) return { ok: false, errors: [RESET_KEYS.invalid] };
      if (row.expires_at <= now()) return { ok: false, errors: [RESET_KEYS.expired] };
      const passwordHash = await hashPassword(password);
      const consumed = await db.transaction().execute(async (tx) => {
        // Single use even under concurrency: only the update that flips used_at proceeds.
        const taken = await tx
          .updateTable('password_resets')
          .set({ used_at: now() })
          .where('token_hash', '=', row.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return false;
        await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', row.user_id).execute();
        await tx.insertInto('audit_log').values({ user_id: row.user_id, action: 'password-reset' }).execute();
        // The password changed: every other outstanding link of the account and every session end with it.
        await tx.updateTable('password_resets').set({ used_at: now() }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
        await destroyUserSessions(tx, row.user_id);
        return true;
      });
      return consumed ? { ok: true } : { ok: false, errors: [RESET_KEYS.invalid] };
    },
  };

  return { id: 'password', signIn, passwordReset };
}
