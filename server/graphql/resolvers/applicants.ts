/** reassignQuote, selectPrimaryApplicant, selectSecondaryApplicant: writers of the officers on an application. */
import { getPath } from '../../../runtime/core/source/pointer';
import type { ServerContext } from '../../context';
import { writeRecord, type WriteRequest } from '../../enforce';
import { guard, type MemberAccess } from '../access';
import { accepted, depsOf } from './shared';
import { inviteOfficer, precheckInvite, type InviteForm, type UserInfo } from './invite';

const details = (info: UserInfo) => ({ firstName: info.firstName.trim(), lastName: info.lastName.trim(), email: info.email.trim().toLowerCase(), phone: info.phone.trim() });

/**
 * Authorised Officer (2)'s form (schemas/secondaryOfficer.json with the region's layer) and the fields its role
 * comes from: flows/applicantDetails.yaml `nameSecondary` sends `applicantType: { or: [form.role, form.otherRole] }`,
 * and the form shows one of them by region (AU a choice, elsewhere free text). The server checks `applicantType`
 * as the field the form shows, so the same values pass and the same texts refuse (an empty role: the required text).
 * A refusal names the record path the value is written to, as the record schema's own refusals do.
 */
const secondaryOfficerForm = (applicantType: string): InviteForm => ({
  schema: 'secondaryOfficer',
  argument: { name: 'applicantType', value: applicantType, fields: ['role', 'otherRole'] },
  name: (field) => `scoreboard.secondaryApplicant.${field}`,
});

/** The operations that hand an application over to an invited officer. */
type HandOverOperation = 'reassignQuote' | 'selectPrimaryApplicant';

/**
 * The primary applicant patch naming an invited officer (not yet confirmed). For `reassignQuote` the
 * officer's `userId` counts as a key the caller writes, so the flows decide where it may be called: a
 * step lists `{ path: scoreboard.primaryApplicant.userId, via: [reassignQuote] }` (flows/primary.yaml,
 * orderVerification, the primary officer only); elsewhere the hand-over is refused (FORBIDDEN_PATH).
 */
const nomineePatch = (info: UserInfo, operation: HandOverOperation) => (userId: string): WriteRequest => ({
  path: 'scoreboard.primaryApplicant',
  mode: 'merge',
  value: { ...details(info), userId, confirmed: 'no' },
  serverKeys: operation === 'reassignQuote' ? ['confirmed'] : ['userId', 'confirmed'],
  operation,
});

/** Invite a new primary officer and hand the application over to them (the sender's access ends). */
async function handOver(ctx: ServerContext, access: MemberAccess, info: UserInfo, operation: HandOverOperation, expectedVersion?: number | null) {
  // reassignQuote's details pass its form's schema (schemas/reassign.json, the region's phone lengths), as the browser checks them.
  precheckInvite(ctx, access.app, access.user, info, nomineePatch(info, operation), operation === 'reassignQuote' ? { schema: 'reassign' } : undefined);
  const { officerId, result } = await inviteOfficer(ctx, access.app, info, (officerId) =>
    writeRecord(depsOf(ctx), {
      applicationId: access.app.id,
      caller: access.user,
      request: nomineePatch(info, operation)(officerId),
      expectedVersion,
      columns: { primary_user_id: officerId },
    }),
  );
  return { result, applicant: { ...(getPath(access.app.record, 'scoreboard.primaryApplicant') as object), ...details(info), userId: officerId, confirmed: 'no' } };
}

/** Resolvers of the applicant writers. */
export const applicantResolvers = {
  Mutation: {
    reassignQuote: guard('applicationMember', async (args: { userInfo: UserInfo; applicationId?: string | null; expectedVersion?: number | null }, ctx, access) => {
      const { result } = await handOver(ctx, access, args.userInfo, 'reassignQuote', args.expectedVersion);
      return accepted(result);
    }),
    selectPrimaryApplicant: guard(
      'applicationMember',
      async (args: { isCurrentUserPrimary: boolean; vehicleApplicationStatus?: string | null; userInfo: UserInfo; applicationId?: string | null; expectedVersion?: number | null }, ctx, access) => {
        if (!args.isCurrentUserPrimary) {
          const { result, applicant } = await handOver(ctx, access, args.userInfo, 'selectPrimaryApplicant', args.expectedVersion);
          return { ...accepted(result), primaryApplicant: applicant };
        }
        // The caller is the officer: their own account details; the spec's client sends phone ' ' then.
        const me = await ctx.db.selectFrom('users').select(['phone']).where('id', '=', access.user.id).executeTakeFirst();
        const phone = args.userInfo.phone.trim() || me?.phone || '';
        const value: Record<string, unknown> = {
          userId: access.user.id,
          firstName: args.userInfo.firstName.trim() || access.user.firstName,
          lastName: args.userInfo.lastName.trim() || access.user.lastName,
          email: access.user.email,
          confirmed: args.vehicleApplicationStatus === 'no' ? 'no' : 'yes',
          ...(phone ? { phone } : {}),
        };
        const result = await writeRecord(depsOf(ctx), {
          applicationId: access.app.id,
          caller: access.user,
          request: { path: 'scoreboard.primaryApplicant', mode: 'merge', value, serverKeys: ['userId', 'email', 'confirmed'] },
          expectedVersion: args.expectedVersion,
          columns: { primary_user_id: access.user.id },
        });
        return { ...accepted(result), primaryApplicant: { ...(getPath(access.app.record, 'scoreboard.primaryApplicant') as object), ...value } };
      },
    ),
    selectSecondaryApplicant: guard(
      'applicationMember',
      async (args: { applicantType: string; userInfo: UserInfo; applicationId?: string | null; expectedVersion?: number | null }, ctx, access) => {
        const patch = (userId: string): WriteRequest => ({
          path: 'scoreboard.secondaryApplicant',
          mode: 'merge',
          value: { ...details(args.userInfo), applicantType: args.applicantType, userId },
          serverKeys: ['userId'],
        });
        precheckInvite(ctx, access.app, access.user, args.userInfo, patch, secondaryOfficerForm(args.applicantType));
        // Naming the officer already named changes nothing: no second invitation.
        const { officerId, result } = await inviteOfficer(ctx, access.app, args.userInfo, (officerId) =>
          writeRecord(depsOf(ctx), {
            applicationId: access.app.id,
            caller: access.user,
            request: patch(officerId),
            expectedVersion: args.expectedVersion,
            columns: { secondary_user_id: officerId },
          }),
        );
        const secondaryApplicant = { ...(getPath(access.app.record, 'scoreboard.secondaryApplicant') as object), ...(patch(officerId).value as object) };
        return { ...accepted(result), secondaryApplicant };
      },
    ),
  },
};
