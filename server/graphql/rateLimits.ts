/**
 * Rate limits of the public and sign-in operations, as the resolvers apply them: the request's client
 * address and the target e-mail, the rules of the request's brand (`settings.rateLimits`), and the
 * refusal a client can recognise (`extensions.code` RATE_LIMITED, the catalogue text, `retryAfterSeconds`).
 * @example
 * await enforceLimit(ctx, 'passwordReset', args.email); // throws RATE_LIMITED when over
 */
import type { ServerContext } from '../context';
import type { LimitAction, LimitVerdict } from '../limits';
import { apiError } from './apiErrors';

/** The refusal of a limited request. */
export function rateLimited(action: LimitAction, verdict: Extract<LimitVerdict, { allowed: false }>) {
  return apiError('RATE_LIMITED', `too many ${action} requests per ${verdict.rule.per} (limit ${verdict.rule.limit} per ${verdict.rule.windowSeconds} s)`, {
    retryAfterSeconds: verdict.retryAfterSeconds,
  });
}

/** Count one `action` for this request's client and `email`; throws {@link rateLimited} when any rule is over its limit. */
export async function enforceLimit(ctx: ServerContext, action: LimitAction, email?: string | null): Promise<void> {
  const verdict = await ctx.services.limits.hit(action, ctx.services.limitRules(ctx.brand)[action], { client: ctx.client, email });
  if (!verdict.allowed) {
    ctx.log.info({ action, per: verdict.rule.per }, 'rate limited');
    throw rateLimited(action, verdict);
  }
}

/**
 * Count one `action` before the work it limits, as {@link enforceLimit} does but with a refused request counting
 * nothing (`RateLimiter.take`); throws {@link rateLimited} when over. Answers the function that gives the count
 * back, for work that turns out not to happen (e.g. an invitation that sends no e-mail).
 */
export async function takeLimit(ctx: ServerContext, action: LimitAction, email?: string | null): Promise<() => Promise<void>> {
  const ticket = await ctx.services.limits.take(action, ctx.services.limitRules(ctx.brand)[action], { client: ctx.client, email });
  if (!ticket.allowed) {
    ctx.log.info({ action, per: ticket.rule.per }, 'rate limited');
    throw rateLimited(action, ticket);
  }
  return ticket.release;
}
