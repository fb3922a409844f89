/**
 * Operations whose providers arrive with later issues. Each checks its caller's access first, then answers
 * CAPABILITY_UNAVAILABLE naming the missing capability: never a fake success.
 */
import type { ServerContext } from '../../context';
import { checkReturnUrl } from './returnUrl';
import { apiError, capabilityUnavailable, guard, type AccessKind, type Resolver } from '../access';

/** Operation -> [root type, access, capability]. */
export const PENDING_OPERATIONS: Record<string, ['Query' | 'Mutation', Exclude<AccessKind, 'anyone'>, string]> = {
  getEnvelopeMLA: ['Mutation', 'applicationMember', 'eSignature'],
  getMLADocusign: ['Mutation', 'applicationMember', 'eSignature'],
  getWetSignatureUrl: ['Mutation', 'applicationMember', 'wetSignatureDocuments'],
  sendWetSignatureEmail: ['Mutation', 'applicationMember', 'wetSignatureDocuments'],
  submitCreditCheck: ['Mutation', 'applicationMember', 'creditBureau'],
  creditCheck: ['Query', 'applicationMember', 'creditBureau'],
  getSalesforceAccountByUser: ['Query', 'user', 'crm'],
  getSalesforceOpportunityByUser: ['Query', 'user', 'crm'],
  updateQuoteStageName: ['Mutation', 'applicationMember', 'crm'],
};

/** creditCheck names the application by the first 8 characters of its id followed by '3' (spec 001 s7). */
const creditCheckParamMatches = (param: string, applicationId: string) => param.length === 9 && param.endsWith('3') && applicationId.startsWith(param.slice(0, 8));

function pending(operation: string, kind: Exclude<AccessKind, 'anyone'>, capability: string): Resolver {
  const fail = (args?: { returnUrl?: unknown }, ctx?: ServerContext) => {
    if (args && ctx) checkReturnUrl(ctx, args.returnUrl);
    throw capabilityUnavailable(capability, operation);
  };
  if (kind === 'public') return guard('public', fail);
  if (kind === 'user') return guard('user', fail);
  if (operation === 'creditCheck') {
    // The param carries no full id: the caller's active application must be the one it names.
    return guard('applicationMember', (args: { param: string }, _ctx, access) => {
      if (!creditCheckParamMatches(args.param, access.app.id)) throw apiError('FORBIDDEN', 'no application of yours matches this credit check reference');
      return fail({}, _ctx);
    }, () => undefined);
  }
  return guard('applicationMember', (args: { returnUrl?: unknown }, ctx) => fail(args, ctx));
}

/** Resolvers of every pending operation. */
export function pendingResolvers(): { Query: Record<string, Resolver>; Mutation: Record<string, Resolver> } {
  const out = { Query: {} as Record<string, Resolver>, Mutation: {} as Record<string, Resolver> };
  for (const [operation, [root, kind, capability]] of Object.entries(PENDING_OPERATIONS)) out[root][operation] = pending(operation, kind, capability);
  return out;
}
