/**
 * updateShortlists (spec 000 s7, 002 s4 'Shortlist'): the signed-in user's shortlist, at most the limit
 * (3) enforced here, and the merge of the anonymous shortlist into the account after sign-in.
 */
import { getPath } from '../../../runtime/core/source/pointer';
import { calculatorRules } from '../../catalogue';
import type { ServerContext } from '../../context';
import { activeApplicationId, assertValid, sameValue, writeRecord } from '../../enforce';
import { apiError, guard, memberAccess, type MemberAccess } from '../access';
import type { SessionUser } from '../../auth';
import { depsOf, vehicleApplication } from './shared';
import { userProfile } from './userProfile';

interface Args {
  applicationId?: string | null;
  userId: string;
  shortlists: unknown;
  expectedVersion?: number | null;
  merge?: boolean | null;
}

const keyOf = (item: unknown) => String((item as { catalogVehicleId?: unknown } | null)?.catalogVehicleId ?? '');

/** The application a merge targets: the given one, else the user's active calculator application (or none). */
async function mergeTarget(ctx: ServerContext, user: SessionUser, applicationId: string | null | undefined): Promise<MemberAccess | null> {
  if (applicationId) return memberAccess(ctx, applicationId);
  const active = await activeApplicationId(ctx.db, user.id);
  if (!active) return null;
  const access = await memberAccess(ctx, active);
  return access.app.type === 'calculator' ? access : null;
}

/** Resolvers of the shortlist. */
export const shortlistResolvers = {
  Mutation: {
    updateShortlists: guard('user', async (args: Args, ctx, user) => {
      if (args.userId !== user.id) throw apiError('FORBIDDEN', 'userId must be your own id (the signed-in user)');
      const layers = ctx.definitions.layers(ctx.brand.selection);
      const limit = calculatorRules(layers.settings).shortlistLimit;
      if (!Array.isArray(args.shortlists)) throw apiError('INVALID_VALUE', 'shortlists must be a list of vehicles', { fields: { shortlists: ctx.definitions.message('validation.default', ctx.brand.selection) } });
      if (!args.merge && args.shortlists.length > limit) throw apiError('SHORTLIST_LIMIT', `at most ${limit} vehicles`, { limit, messageKey: 'calculator.shortlist.limit' });
      const target = args.merge ? await mergeTarget(ctx, user, args.applicationId) : args.applicationId ? await memberAccess(ctx, args.applicationId) : null;

      let list: unknown[] = args.shortlists;
      let leftOut = 0;
      if (args.merge) {
        const profile = await ctx.db.selectFrom('users').select('shortlists').where('id', '=', user.id).executeTakeFirst();
        const savedValue = target ? getPath(target.app.record, 'calculator.shortlists') : profile?.shortlists;
        const saved = Array.isArray(savedValue) ? [...savedValue] : [];
        const have = new Set(saved.map(keyOf));
        const incoming = args.shortlists.filter((item) => {
          const key = keyOf(item);
          if (have.has(key)) return false;
          have.add(key);
          return true;
        });
        const room = Math.max(0, limit - saved.length);
        list = [...saved, ...incoming.slice(0, room)];
        leftOut = Math.max(0, incoming.length - room);
      }
      assertValid(layers, 'calculator.shortlists', list);
      let vehicle: Record<string, unknown> | null = null;
      let changed = false;
      if (target) {
        const result = await writeRecord(depsOf(ctx), { applicationId: target.app.id, caller: user, request: { path: 'calculator.shortlists', value: list }, expectedVersion: args.expectedVersion });
        changed = result.decision.kind !== 'unchanged';
        const after = await memberAccess(ctx, target.app.id);
        vehicle = vehicleApplication(after.app, after.roles, user.id, ctx.services.brands.byId(after.app.brandId)?.orgId);
      }
      const profile = await ctx.db.selectFrom('users').select('shortlists').where('id', '=', user.id).executeTakeFirst();
      if (!sameValue(profile?.shortlists ?? [], list)) {
        await ctx.db.updateTable('users').set({ shortlists: list as never }).where('id', '=', user.id).execute();
        changed = true;
      }
      return {
        success: true,
        // The limit's text when a merge left vehicles out; else whether the call changed a saved list.
        message: leftOut ? ctx.definitions.message('calculator.shortlist.limit', ctx.brand.selection) : changed ? 'OK' : 'unchanged',
        code: leftOut ? 'SHORTLIST_LIMIT' : null,
        results: { userProfile: await userProfile(ctx, user.id), vehicleApplication: vehicle },
      };
    }),
  },
};
