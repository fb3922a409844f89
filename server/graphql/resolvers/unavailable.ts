/**
 * Operations whose providers arrive with later issues. Each checks its caller's access first, then answers
 * CAPABILITY_UNAVAILABLE naming the missing capability: never a fake success.
 */
import type { ServerContext } from '../../context';
import { checkReturnUrl } from './returnUrl';
import { capabilityUnavailable, guard, type AccessKind, type Resolver } from '../access';

/** Operation -> [root type, access, capability]. */
export const PENDING_OPERATIONS: Record<string, ['Query' | 'Mutation', Exclude<AccessKind, 'anyone'>, string]> = {};

function pending(operation: string, kind: Exclude<AccessKind, 'anyone'>, capability: string): Resolver {
  const fail = (args?: { returnUrl?: unknown }, ctx?: ServerContext) => {
    if (args && ctx) checkReturnUrl(ctx, args.returnUrl);
    throw capabilityUnavailable(capability, operation);
  };
  if (kind === 'public') return guard('public', fail);
  if (kind === 'user') return guard('user', fail);
  return guard('applicationMember', (args: { returnUrl?: unknown }, ctx) => fail(args, ctx));
}

/** Resolvers of every pending operation. */
export function pendingResolvers(): { Query: Record<string, Resolver>; Mutation: Record<string, Resolver> } {
  const out = { Query: {} as Record<string, Resolver>, Mutation: {} as Record<string, Resolver> };
  for (const [operation, [root, kind, capability]] of Object.entries(PENDING_OPERATIONS)) out[root][operation] = pending(operation, kind, capability);
  return out;
}
