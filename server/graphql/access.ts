/**
 * Who may call each resolver. Every Query and Mutation field declares one of:
 * - `public` (alias `anyone`): no session needed;
 * - `user` (alias `signedIn`): a signed-in user;
 * - `applicationMember`: a signed-in user who is the primary or secondary member of the application the
 *   arguments name (or, when they name none, the user's active application).
 * Finer rules (which role may write which path in which status) come from the flows, in server/enforce.
 * @example
 * const resolvers = { Query: { industries: guard('user', (args, ctx) => listIndustries(ctx.db)) } };
 */
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';
import type { ServerContext } from '../context';
import type { SessionUser } from '../auth';
import { readMemberSnapshot, rolesIn, upgradeApplication, type AppSnapshot } from '../enforce';
import { apiError, userFacing } from './apiErrors';

/** Access kinds a resolver can declare. */
export type AccessKind = 'public' | 'anyone' | 'user' | 'signedIn' | 'applicationMember';

/** What a member resolver receives beside its arguments. */
export interface MemberAccess {
  user: SessionUser;
  app: AppSnapshot;
  /** Roles the flows derive for the user on this application. */
  roles: string[];
}

/** A resolver as graphql-js calls it. */
export type Resolver = GraphQLFieldResolver<unknown, ServerContext, Record<string, unknown>>;

const ACCESS = Symbol('access');
type Declared = Resolver & { [ACCESS]?: AccessKind };

export { apiError, capabilityUnavailable } from './apiErrors';

/** Where a member resolver's application id is in its arguments (undefined: the user's active application). */
export type Locate<A> = (args: A) => string | null | undefined;

/** Default locator: `applicationId`, else `payload.applicationId`. */
export const byApplicationId: Locate<Record<string, unknown>> = (args) => {
  if (typeof args.applicationId === 'string') return args.applicationId;
  const payload = args.payload as Record<string, unknown> | undefined;
  return typeof payload?.applicationId === 'string' ? payload.applicationId : undefined;
};

function requireUser(ctx: ServerContext): SessionUser {
  if (!ctx.user) throw apiError('UNAUTHENTICATED', 'this operation needs a signed-in user: sign in first');
  return ctx.user;
}

/**
 * The active application read with the session, when it answers this lookup (no id, or its id); taken
 * once, so a later check in the same request reads again and sees the request's own writes.
 * Undefined when it does not answer the lookup.
 */
function takeActiveApplication(ctx: ServerContext, applicationId: string | null | undefined): AppSnapshot | null | undefined {
  const active = ctx.activeApplication;
  if (active === undefined) return undefined;
  if (applicationId != null && active?.id !== applicationId) return undefined;
  ctx.activeApplication = undefined;
  return active;
}

/** Resolve the member access of a request (throws FORBIDDEN when the application is not the user's). */
export async function memberAccess(ctx: ServerContext, applicationId: string | null | undefined): Promise<MemberAccess> {
  const user = requireUser(ctx);
  const taken = takeActiveApplication(ctx, applicationId);
  const read = taken !== undefined ? taken : await readMemberSnapshot(ctx.db, user.id, applicationId);
  // Written under other definitions: their migrations are applied (and stored) before anything reads it.
  const app = read && (await upgradeApplication(ctx.db, ctx.definitions, read));
  if (!app && applicationId != null) throw apiError('FORBIDDEN', 'no application with this id is yours', { applicationId });
  if (!app) throw apiError('NOT_FOUND', 'you have no active application', { messageKey: 'api.error.noApplication' });
  return { user, app, roles: rolesIn(ctx.definitions.defs, ctx.definitions.logic, app, user) };
}

type Fn<A, R> = (args: A, ctx: ServerContext) => R;
type UserFn<A, R> = (args: A, ctx: ServerContext, user: SessionUser) => R;
type MemberFn<A, R> = (args: A, ctx: ServerContext, access: MemberAccess) => R;

/** Declare who may call a resolver and wrap it so the declaration is enforced before it runs. */
export function guard<A, R>(kind: 'public' | 'anyone', fn: Fn<A, R>): Resolver;
export function guard<A, R>(kind: 'user' | 'signedIn', fn: UserFn<A, R>): Resolver;
export function guard<A, R>(kind: 'applicationMember', fn: MemberFn<A, R>, locate?: Locate<A>): Resolver;
export function guard<A, R>(kind: AccessKind, fn: Fn<A, R> | UserFn<A, R> | MemberFn<A, R>, locate?: Locate<A>): Resolver {
  const wrapped: Declared = async (_parent, rawArgs, ctx) => {
    const args = rawArgs as A;
    try {
      if (kind === 'public' || kind === 'anyone') return await (fn as Fn<A, R>)(args, ctx);
      if (kind === 'user' || kind === 'signedIn') return await (fn as UserFn<A, R>)(args, ctx, requireUser(ctx));
      const id = (locate ?? (byApplicationId as Locate<A>))(args);
      return await (fn as MemberFn<A, R>)(args, ctx, await memberAccess(ctx, id));
    } catch (e) {
      throw userFacing(e, ctx);
    }
  };
  wrapped[ACCESS] = kind;
  return wrapped;
}

/** The declared access of a resolver, if any. */
export const accessOf = (resolver: unknown): AccessKind | undefined => (typeof resolver === 'function' ? (resolver as Declared)[ACCESS] : undefined);

/** A resolver map: type name -> field name -> resolver (or a scalar). */
export type ResolverMap = Record<string, Record<string, unknown> | unknown>;

/**
 * Apply an access table (`'Query.session': 'anyone'`, as other modules export) to resolvers that were not
 * wrapped with {@link guard}: they get the declared kind, checked before they run (parent and info kept).
 */
export function declareFromTable(map: ResolverMap, table: Record<string, AccessKind>): ResolverMap {
  const out: ResolverMap = { ...map };
  for (const [type, fields] of Object.entries(map)) {
    if (type !== 'Query' && type !== 'Mutation') continue;
    const next: Record<string, unknown> = { ...(fields as Record<string, unknown>) };
    for (const [field, resolver] of Object.entries(next)) {
      const kind = table[`${type}.${field}`];
      if (typeof resolver !== 'function' || accessOf(resolver) || !kind) continue;
      const inner = resolver as Resolver;
      const wrapped: Declared = async (parent, args, ctx, info) => {
        try {
          if (kind === 'user' || kind === 'signedIn') requireUser(ctx);
          if (kind === 'applicationMember') await memberAccess(ctx, byApplicationId(args));
          return await inner(parent, args, ctx, info);
        } catch (e) {
          throw userFacing(e, ctx);
        }
      };
      wrapped[ACCESS] = kind;
      next[field] = wrapped;
    }
    out[type] = next;
  }
  return out;
}

/** Query and Mutation fields of a schema whose resolver declares no access (a test fails on any). */
export function undeclaredFields(schema: GraphQLSchema, resolvers: ResolverMap): string[] {
  const missing: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type) continue;
    const map = (resolvers[type.name] ?? {}) as Record<string, unknown>;
    for (const field of Object.keys(type.getFields())) if (!accessOf(map[field])) missing.push(`${type.name}.${field}`);
  }
  return missing;
}
