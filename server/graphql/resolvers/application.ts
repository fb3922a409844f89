/** getVehicleApplication and the generic field writers: createOrUpdateProperty, updateDocusignStatus (updateShortlists: shortlists.ts). */
import { getPath } from '../../../runtime/core/source/pointer';
import type { ServerContext } from '../../context';
import { mainFlowId, readSnapshot, refuse, selectionOf, writeRecord, type WriteResult } from '../../enforce';
import { guard, memberAccess, type MemberAccess } from '../access';
import { accepted, depsOf, vehicleApplication } from './shared';
import { afterSecondaryIdentity } from './creditCheck';
import { quoteSignedByProvider } from './signing';

/** createOrUpdateProperty params as the spec's client sends them. */
interface PropertyParams {
  value?: unknown;
  idScanResult?: unknown;
  idScanData?: unknown;
  propertyFirst: string;
  propertySecond?: string | null;
  propertyThird?: string | null;
}

const given = (v: unknown) => v !== undefined && v !== null;

/** The record path and value a createOrUpdateProperty call writes. */
export function propertyWrite(params: PropertyParams): { path: string; value: unknown } {
  const segments = ['scoreboard', params.propertyFirst, params.propertySecond, params.propertyThird].filter((s): s is string => typeof s === 'string' && s !== '');
  const special = (['idScanResult', 'idScanData'] as const).filter((k) => given(params[k]));
  if (special.length + (given(params.value) ? 1 : 0) > 1) throw refuse('INVALID_VALUE', 'give exactly one of params.value, params.idScanResult, params.idScanData');
  const key = special[0];
  if (key && segments[segments.length - 1] !== key) segments.push(key);
  return { path: segments.join('.'), value: key ? params[key] : (params.value ?? null) };
}

/** 'NOT_ALLOWED' when saved entity details carry an entity type the layers' `eligibleEntityTypes` setting excludes. */
function entityMessage(ctx: ServerContext, access: MemberAccess, path: string, value: unknown): string | undefined {
  if (path !== 'scoreboard.entityDetails' && path !== 'scoreboard.entityDetails.entityType') return undefined;
  const type = path.endsWith('entityType') ? value : getPath(value, 'entityType');
  const eligible = ctx.definitions.layers(selectionOf(access.app)).settings.eligibleEntityTypes;
  if (typeof type !== 'string' || !Array.isArray(eligible)) return undefined;
  return eligible.includes(type) ? undefined : 'NOT_ALLOWED';
}

/** After the quote signing completes, the primary journey moves from orderVerification to businessDetails. */
async function advanceAfterSigning(ctx: ServerContext, access: MemberAccess, result: WriteResult): Promise<WriteResult> {
  if (mainFlowId(access.app.type) !== 'primary') return result;
  const app = await readSnapshot(ctx.db, access.app.id);
  const status = getPath(app?.record, 'scoreboard.status');
  if (!app || getPath(app.record, 'scoreboard.docusignStatus') !== 'completed' || (status !== undefined && status !== 'orderVerification')) return result;
  try {
    return await writeRecord(depsOf(ctx), { applicationId: app.id, caller: access.user, request: { path: 'scoreboard.status', value: 'businessDetails' } });
  } catch (e) {
    ctx.log.info({ reason: (e as Error).message }, 'status not advanced after signing');
    return result;
  }
}

/**
 * Each read of an officer's own ID details (the ID form, the scan's data: only their own officer gets them,
 * shared.ts redactOfficer) is an audit row (issue 31 item 7); what was read stays out of the row and the logs.
 */
async function auditIdRead(ctx: ServerContext, access: MemberAccess): Promise<void> {
  for (const officer of ['primaryApplicant', 'secondaryApplicant']) {
    const applicant = getPath(access.app.record, `scoreboard.${officer}`) as Record<string, unknown> | undefined;
    if (!applicant || applicant.userId !== access.user.id || (!applicant.idScanResult && !applicant.idScanData)) continue;
    await ctx.db.insertInto('audit_log').values({ application_id: access.app.id, user_id: access.user.id, action: 'read:idDetails', path: `scoreboard.${officer}` }).execute();
  }
}

/** Resolvers of application.graphql (writers; applicants are in applicants.ts). */
export const applicationResolvers = {
  Query: {
    getVehicleApplication: guard('user', async (args: { applicationId?: string | null }, ctx) => {
      try {
        const access = await memberAccess(ctx, args.applicationId);
        const answer = vehicleApplication(access.app, access.roles, access.user.id, ctx.services.brands.byId(access.app.brandId)?.orgId);
        await auditIdRead(ctx, access);
        return answer;
      } catch (e) {
        if (!args.applicationId && (e as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
        throw e;
      }
    }),
  },
  Mutation: {
    createOrUpdateProperty: guard('applicationMember', async (args: { applicationId: string; params: PropertyParams; expectedVersion?: number | null }, ctx, access) => {
      const { path, value } = propertyWrite(args.params);
      const request = { path, value, operation: 'createOrUpdateProperty' };
      const result = await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request, expectedVersion: args.expectedVersion, snapshot: access.app });
      await afterSecondaryIdentity(ctx, access, result);
      return accepted(result, entityMessage(ctx, access, path, value));
    }),
    requestTransition: guard('applicationMember', async (args: { applicationId: string; event: string; expectedVersion?: number | null }, ctx, access) => {
      if (!/^[A-Za-z0-9_]{1,64}$/.test(args.event)) throw refuse('INVALID_TRANSITION', `'${args.event.slice(0, 64)}' is not an event name`);
      const request = { path: '', value: null, event: args.event, operation: 'requestTransition' };
      const result = await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request, expectedVersion: args.expectedVersion, snapshot: access.app });
      await afterSecondaryIdentity(ctx, access, result);
      return accepted(result);
    }),
    updateDocusignStatus: guard('applicationMember', async (args: { applicationId: string; docusignStatus: string; expectedVersion?: number | null }, ctx, access) => {
      const request = { path: 'scoreboard.docusignStatus', value: args.docusignStatus };
      // Completion is the e-signature provider's outcome: reported by the server only when the application's own
      // envelope is completed there; otherwise it is the client's request, which the flow grants only for wet signature.
      const by = args.docusignStatus === 'completed' && (await quoteSignedByProvider(ctx, access.app.id)) ? 'server' : 'client';
      const first = await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request, expectedVersion: args.expectedVersion, by });
      const result = args.docusignStatus === 'completed' ? await advanceAfterSigning(ctx, access, first) : first;
      // 'unchanged' only when neither the signing status nor (after it) the journey's status moved.
      const moved = first.decision.kind !== 'unchanged' || result !== first;
      return accepted(result, moved ? 'OK' : 'unchanged');
    }),
  },
};
