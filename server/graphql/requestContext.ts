/**
 * The per-request GraphQL context: the caller's address and brand, and the session its cookie names. Synchronous when
 * there is no session cookie: no promise, no database read. With one, a single statement reads the session, its user and
 * the user's active application; a session is valid only on the brand it was created on.
 */
import type { YogaInitialContext } from 'graphql-yoga';
import { idleRule, readCookie, type IdleRule } from '../auth';
import type { BrandContext } from '../brands';
import type { ServerContext, ServerServices } from '../context';
import { clientAddress, type NodeServerContext } from '../limits';
import { RequestLog } from '../log';
import { requestState } from '../plugins/requestState';
import { readRequestSession, type RequestSession } from './requestSession';

/** yoga's `context` factory over started services; `cookieName` is the session cookie's (sessionCookieName). */
export function requestContext(services: ServerServices, cookieName: string): (initial: YogaInitialContext) => ServerContext | Promise<ServerContext> {
  const { config, database, log } = services;
  const db = database.db;
  // Each brand's session idle rule (settings.session), read once.
  const idleRules = new Map<string, IdleRule>();
  function idleRuleOf(brand: BrandContext): IdleRule {
    let rule = idleRules.get(brand.id);
    if (!rule) idleRules.set(brand.id, (rule = idleRule(services.definitions.layers(brand.selection).settings)));
    return rule;
  }

  function contextFor(request: Request, client: string, brand: BrandContext, found: RequestSession | null): ServerContext {
    const state = requestState(request);
    // A session is valid only on the brand it was created on: on any other host the caller is anonymous.
    const session = found !== null && found.brandId === brand.id ? found : null;
    return {
      db,
      user: session?.user ?? null,
      sessionIdHash: session?.idHash ?? null,
      sessionIdle: session?.idle ?? null,
      activeApplication: session?.activeApplication,
      brand,
      client,
      definitions: services.definitions,
      request,
      log: new RequestLog(log, () => state.id),
      services,
      setCookie,
    };
  }

  return (initial) => {
    const { request } = initial;
    const client = clientAddress(request, initial as unknown as NodeServerContext, config.trustProxy);
    const brand = services.brands.forHost(request.headers.get('host'));
    const raw = readCookie(request.headers.get('cookie'), cookieName);
    return raw ? readRequestSession(db, raw, idleRuleOf(brand)).then((session) => contextFor(request, client, brand, session)) : contextFor(request, client, brand, null);
  };
}

/** `ctx.setCookie(header)`: one function for every request (no closure per request); the request is the context's. */
function setCookie(this: ServerContext, header: string): void {
  requestState(this.request).cookies.push(header);
}
