/** Resolvers of `server/graphql/schema/auth.graphql`: login, logout, session, password reset. */
import type { ServerContext } from '../../context';
import { createSession, destroySession, landingPath, RESET_KEYS, sessionCookie, type SessionUser } from '../../auth';
import type { LimitVerdict } from '../../limits';
import { guard } from '../access';
import { enforceLimit } from '../rateLimits';

/** Catalogue keys of the sign-in answers. */
export const AUTH_MESSAGE_KEYS = {
  invalid: 'auth.login.invalid',
  throttled: 'auth.login.throttled',
  otherBrand: 'auth.login.otherBrand',
  resetRequested: 'auth.reset.requested',
  passwordUpdated: 'auth.reset.updated',
  unavailable: 'auth.reset.unavailable',
  /** The Reset Password link's text, answered as `message` when the token has expired (spec 002 s8). */
  requestAgain: 'account.reset.requestAgain',
} as const;

const authUser = (u: SessionUser) => ({ id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, region: u.region });
const text = (ctx: ServerContext, key: string, vars?: Record<string, string | number>) => ctx.definitions.message(key, ctx.brand.selection, vars);

/**
 * Spec 000 s2 and s6: the browser host is compared with the white-label domain of the user, so a
 * user of another brand may not sign in on this host. Answers the user's own portal (its public origin) when refused.
 */
function otherBrandPortal(ctx: ServerContext, user: SessionUser): string | null {
  if (user.brandId === ctx.brand.id) return null;
  return ctx.services.brands.byId(user.brandId)?.publicOrigin ?? user.brandId;
}

/** A refused sign-in: its code (INVALID_CREDENTIALS, RATE_LIMITED, OTHER_BRAND) and catalogue text. */
const refusedLogin = (ctx: ServerContext, code: string, key: string, vars?: Record<string, string>) => ({ success: false, code, error: text(ctx, key, vars) });

/** A sign-in refused by a rate limit (RATE_LIMITED, with the wait). */
function throttledLogin(ctx: ServerContext, verdict: Extract<LimitVerdict, { allowed: false }>) {
  ctx.log.info({ reason: 'rateLimited', per: verdict.rule.per }, 'login refused');
  return { ...refusedLogin(ctx, 'RATE_LIMITED', AUTH_MESSAGE_KEYS.throttled), retryAfterSeconds: verdict.retryAfterSeconds };
}

/** The resolver map: every operation is open to anyone (sign-in itself), declared through the access wrapper. */
export const authResolvers = {
  Query: {
    session: guard('anyone', async (_: unknown, ctx) => {
      if (!ctx.user) return null;
      return { user: authUser(ctx.user), redirectTo: await landingPath(ctx.db, ctx.user.id) };
    }),
    sessionIdle: guard('anyone', (_: unknown, ctx) => {
      const idle = ctx.user ? ctx.sessionIdle : null;
      if (!idle) return null;
      const remainingMs = Math.max(0, idle.lastSeenAt + idle.idleMs - Date.now());
      return { idleSeconds: Math.round(idle.idleMs / 1000), warningSeconds: Math.round(idle.warningMs / 1000), remainingSeconds: remainingMs / 1000 };
    }),
  },
  Mutation: {
    login: guard('anyone', async (args: { email: string; password: string }, ctx) => {
      // Counted per client and per (client, e-mail) whether or not the e-mail has an account, so a
      // known and an unknown e-mail get the same answers; a refused attempt runs no verification.
      // The failure is counted before the password is checked (`take`: one atomic increment per rule),
      // so parallel tries each count and no more than the limit are ever checked; a success gives it back.
      const rules = ctx.services.limitRules(ctx.brand);
      const subject = { client: ctx.client, email: args.email };
      const attempt = await ctx.services.limits.hit('signIn', rules.signIn, subject);
      if (!attempt.allowed) return throttledLogin(ctx, attempt);
      const failure = await ctx.services.limits.take('signInFailure', rules.signInFailure, subject);
      if (!failure.allowed) return throttledLogin(ctx, failure);
      const result = await ctx.services.identity.signIn({ email: args.email, password: args.password });
      if (result.status !== 'ok') {
        ctx.log.info({ reason: result.status }, 'login refused');
        return refusedLogin(ctx, 'INVALID_CREDENTIALS', AUTH_MESSAGE_KEYS.invalid);
      }
      // Not a failure after all: the client's count loses this attempt, and its failures for this e-mail are forgotten.
      await failure.release();
      await ctx.services.limits.clear('signInFailure', rules.signInFailure, subject, 'clientEmail');
      const portal = otherBrandPortal(ctx, result.user);
      if (portal !== null) {
        ctx.log.info({ reason: 'otherBrand', userId: result.user.id }, 'login refused');
        return refusedLogin(ctx, 'OTHER_BRAND', AUTH_MESSAGE_KEYS.otherBrand, { portal });
      }
      // A new session id on every sign-in (no fixation); an old session of this request is ended.
      if (ctx.sessionIdHash) await destroySession(ctx.db, ctx.sessionIdHash);
      const id = await createSession(ctx.db, result.user.id, ctx.brand.id);
      ctx.setCookie(sessionCookie(id, ctx.services.config.production));
      ctx.log.info({ userId: result.user.id }, 'login');
      return { success: true, code: null, error: null, user: authUser(result.user), redirectTo: await landingPath(ctx.db, result.user.id) };
    }),
    logout: guard('anyone', async (_: unknown, ctx) => {
      const ended = ctx.sessionIdHash ? await destroySession(ctx.db, ctx.sessionIdHash) : false;
      ctx.setCookie(sessionCookie(null, ctx.services.config.production));
      return { success: true, message: ended ? 'OK' : 'unchanged' };
    }),
    requestPasswordReset: guard('anyone', async (args: { email: string }, ctx) => {
      // Counted whether or not the e-mail has an account: the answer never tells them apart.
      await enforceLimit(ctx, 'passwordReset', args.email);
      const reset = ctx.services.identity.passwordReset;
      if (reset) await reset.request(args.email);
      return { success: true, message: text(ctx, AUTH_MESSAGE_KEYS.resetRequested) };
    }),
    resetPassword: guard('anyone', async (args: { email: string; hash: string; password: string; confirmPassword?: string | null }, ctx) => {
      const reset = ctx.services.identity.passwordReset;
      if (!reset) {
        const error = text(ctx, AUTH_MESSAGE_KEYS.unavailable);
        return { success: false, error, errors: [error], message: null };
      }
      const outcome = await reset.reset(args);
      if (!outcome.ok) {
        const errors = outcome.errors.map((key) => text(ctx, key));
        // Spec 002 s8: only the expired-token text adds a Reset Password link; compared by catalogue key,
        // the answer's `message` is then that link's text (the page shows the link when it is set).
        const message = outcome.errors.includes(RESET_KEYS.expired) ? text(ctx, AUTH_MESSAGE_KEYS.requestAgain) : null;
        return { success: false, error: errors[0], errors, message };
      }
      return { success: true, error: null, errors: [], message: text(ctx, AUTH_MESSAGE_KEYS.passwordUpdated) };
    }),
  },
};
