/**
 * The CRM calls and the credit application start (spec 002 s4 'Credit application start (dashboard)', s7):
 * getSalesforceAccountByUser and getSalesforceOpportunityByUser read the caller's records at the CRM provider
 * (server/crm) for their active application; updateQuoteStageName moves an opportunity only along the moves the
 * portal makes (server/crm/creditApplication.ts: 'Needs Analysis' -> 'Quote Requested OP' for a calculator
 * application); creditApplicationEligibility says whether the caller may start a credit application and why not;
 * startCreditApplication checks that again, and with no status sets viewShortlist and moves the stage to
 * 'Deal Mobilising' (a failed move is only logged).
 */
import { getPath } from '../../../runtime/core/source/pointer';
import { calculatorProviders } from '../../calculatorProviders';
import { calculatorRules } from '../../catalogue';
import type { ServerContext } from '../../context';
import { clientMayMove, eligibility, START_STAGE, type CrmSubject } from '../../crm';
import { activeApplicationId, refuse, writeRecord } from '../../enforce';
import type { SessionUser } from '../../auth';
import { guard, memberAccess, type MemberAccess } from '../access';
import { depsOf } from './shared';

const subjectOf = (access: MemberAccess): CrmSubject => ({ applicationId: access.app.id, userId: access.app.primaryUserId ?? access.user.id });

/** The caller's active application (null: none). */
async function activeAccess(ctx: ServerContext, user: SessionUser): Promise<MemberAccess | null> {
  const id = await activeApplicationId(ctx.db, user.id);
  return id ? memberAccess(ctx, id) : null;
}

/** Only the primary applicant of a calculator application starts its credit application or moves its stage. */
function requireCalculatorPrimary(access: MemberAccess): void {
  if (access.app.type !== 'calculator') throw refuse('FORBIDDEN', 'only a calculator application has a credit application start and a CRM stage the portal moves');
  if (!access.roles.includes('primary')) throw refuse('FORBIDDEN', 'only the calculator customer (the primary applicant) may do this');
}

/** The entity type the business registry answers for the company's ABN or NZBN (null: none found). */
async function entityTypeOf(ctx: ServerContext, access: MemberAccess): Promise<string | null> {
  const company = (getPath(access.app.record, 'scoreboard.companyDetails') ?? {}) as { abn?: unknown; nzbn?: unknown };
  const number = String(company.abn ?? company.nzbn ?? '').replace(/\s/g, '');
  const region = ctx.services.regions.get(access.app.region);
  if (!number || !region) return null;
  const brand = ctx.services.brands.byId(access.app.brandId) ?? ctx.brand;
  const { maxResults, minLength } = calculatorRules(ctx.definitions.layers(brand.selection).settings).businessSearch;
  const { rows } = await calculatorProviders(ctx.services).businessRegistry.lookup({ param: number, region: region.code, numbers: region.businessNumber, limit: maxResults, minLength });
  return (rows.find((r) => (r.abn ?? '').replace(/\s/g, '') === number) ?? rows[0])?.entityType ?? null;
}

/** Whether the application's customer may start a credit application (002 s4), from the registry, the region and the CRM. */
async function eligibilityOf(ctx: ServerContext, access: MemberAccess) {
  const brand = ctx.services.brands.byId(access.app.brandId) ?? ctx.brand;
  const types = ctx.definitions.layers(brand.selection).settings.eligibleEntityTypes;
  const who = subjectOf(access);
  const [entityType, account, opportunity] = await Promise.all([entityTypeOf(ctx, access), ctx.services.crm.account(who), ctx.services.crm.opportunity(who)]);
  return eligibility({ entityType, eligibleEntityTypes: Array.isArray(types) ? types.map(String) : [], account, opportunity });
}

/** Resolvers of the CRM calls and the credit application start. */
export const crmResolvers = {
  Query: {
    getSalesforceAccountByUser: guard('user', async (_args: unknown, ctx, user) => {
      const access = await activeAccess(ctx, user);
      return access ? ctx.services.crm.account(subjectOf(access)) : null;
    }),
    // Skipped unless the application is of type calculator (002 s7).
    getSalesforceOpportunityByUser: guard('user', async (_args: unknown, ctx, user) => {
      const access = await activeAccess(ctx, user);
      return access && access.app.type === 'calculator' ? ctx.services.crm.opportunity(subjectOf(access)) : null;
    }),
    creditApplicationEligibility: guard('user', async (_args: unknown, ctx, user) => {
      const access = await activeAccess(ctx, user);
      if (!access || access.app.type !== 'calculator') return { eligible: false, reason: 'accountSource' };
      return eligibilityOf(ctx, access);
    }),
  },
  Mutation: {
    updateQuoteStageName: guard('applicationMember', async (args: { applicationId: string; stageName: string }, ctx, access) => {
      requireCalculatorPrimary(access);
      const who = subjectOf(access);
      const from = (await ctx.services.crm.opportunity(who))?.StageName ?? null;
      if (from === args.stageName) return { status: '200', message: 'unchanged' };
      if (!clientMayMove(from, args.stageName)) throw refuse('INVALID_TRANSITION', `the portal does not move an opportunity from '${from ?? 'none'}' to '${args.stageName}'`, { from, to: args.stageName });
      await ctx.services.crm.moveStage(who, args.stageName);
      return { status: '200', message: 'OK' };
    }),
    startCreditApplication: guard('applicationMember', async (_args: { applicationId: string }, ctx, access) => {
      requireCalculatorPrimary(access);
      const { eligible, reason } = await eligibilityOf(ctx, access);
      if (!eligible) throw refuse('FORBIDDEN', `this customer may not start a credit application (${reason})`, { ineligible: reason });
      if (!getPath(access.app.record, 'scoreboard.status')) {
        try {
          await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: 'scoreboard.status', value: 'viewShortlist' }, by: 'server', snapshot: access.app });
          await ctx.services.crm.moveStage(subjectOf(access), START_STAGE);
        } catch (e) {
          // 002 s4/s8: a failed start is only logged; the customer still opens the application.
          ctx.services.log.warn({ applicationId: access.app.id, err: e instanceof Error ? e.message : String(e) }, 'credit application start: status or stage not set');
        }
      }
      return { status: '200', message: 'OK', applicationId: access.app.id };
    }),
  },
};
