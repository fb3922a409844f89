/** Resolvers of `server/graphql/schema/auth.graphql`: login, logout, session, password reset. */
import type { ServerContext } from '../../context';
import { createSession, destroySession, landingPath, sessionCookie, type SessionUser } from '../../auth';
import { guard } from '../access';

/** Catalogue keys of the sign-in answers. */
export const AUTH_MESSAGE_KEYS = {
  invalid: 'auth.login.invalid',
  throttled: 'auth.login.throttled',
  resetRequested: 'auth.reset.requested',
  passwordUpdated: 'auth.reset.updated',
  unavailable: 'auth.reset.unavailable',
} as const;

const authUser = (u: SessionUser) => ({ id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, region: u.region });
const text = (ctx: ServerContext, key: string) => ctx.definitions.message(key, ctx.brand.selection);

/** Origin for links in e-mails: the request's own when its host is one of the brand's (or localhost), else the brand's first host. */
function linkOrigin(ctx: ServerContext): string {
  const url = new URL(ctx.request.url);
  const host = url.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || ctx.brand.hosts.includes(host) || ctx.brand.hosts.length === 0) return url.origin;
  return `${url.protocol}//${ctx.brand.hosts[0]}${url.port ? `:${url.port}` : ''}`;
}

/** The resolver map: every operation is open to anyone (sign-in itself), declared through the access wrapper. */
export const authResolvers = {
  Query: {
    session: guard('anyone', async (_: unknown, ctx) => {
      if (!ctx.user) return null;
      return { user: authUser(ctx.user), redirectTo: await landingPath(ctx.db, ctx.user.id) };
    }),
  },
  Mutation: {
    login: guard('anyone', async (args: { email: string; password: string }, ctx) => {
      const result = await ctx.services.identity.signIn({ email: args.email, password: args.password });
      if (result.status !== 'ok') {
        ctx.log.info('login refused', { reason: result.status });
        return { success: false, error: text(ctx, result.status === 'throttled' ? AUTH_MESSAGE_KEYS.throttled : AUTH_MESSAGE_KEYS.invalid) };
      }
      // A new session id on every sign-in (no fixation); an old session of this request is ended.
      if (ctx.sessionIdHash) await destroySession(ctx.db, ctx.sessionIdHash);
      const id = await createSession(ctx.db, result.user.id, ctx.brand.id);
      ctx.setCookie(sessionCookie(id, ctx.services.config.production));
      ctx.log.info('login', { userId: result.user.id });
      return { success: true, error: null, user: authUser(result.user), redirectTo: await landingPath(ctx.db, result.user.id) };
    }),
    logout: guard('anyone', async (_: unknown, ctx) => {
      if (ctx.sessionIdHash) await destroySession(ctx.db, ctx.sessionIdHash);
      ctx.setCookie(sessionCookie(null, ctx.services.config.production));
      return { success: true };
    }),
    requestPasswordReset: guard('anyone', async (args: { email: string }, ctx) => {
      const reset = ctx.services.identity.passwordReset;
      if (reset) await reset.request(args.email, { origin: linkOrigin(ctx), brandId: ctx.brand.id, selection: ctx.brand.selection });
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
        return { success: false, error: errors[0], errors, message: null };
      }
      return { success: true, error: null, errors: [], message: text(ctx, AUTH_MESSAGE_KEYS.passwordUpdated) };
    }),
  },
};
