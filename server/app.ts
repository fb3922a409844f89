/**
 * Creates the yoga instance: schema from `graphql/schema/*.graphql` plus the resolver maps, the
 * per-request context, and every server feature as a plugin, composed here in one place.
 * @example
 * const yoga = await createApp(await createServices(readConfig()));
 * createServer(yoga).listen(8080);
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchema, createYoga, maskError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { readCookie, sessionCookieName } from './auth';
import type { ServerContext, ServerServices } from './context';
import { devMailboxRoutes } from './email';
import { FILES_PREFIX, fileRoutes } from './files';
import { loadResolvers, readTypeDefs, type ResolverMap } from './graphql/loadSchema';
import { readRequestSession, type RequestSession } from './graphql/requestSession';
import { staticSite } from './http';
import { buildManifest, type PersistedManifest } from './plugins/persistedManifest';
import { requestState } from './plugins/requestState';
import { corsOptions, csrfCheck } from './plugins/use-csrf-prevention';
import { clientAddress, type NodeServerContext } from './limits';
import { noIntrospectionRule } from './plugins/use-disable-introspection';
import { healthRoutes } from './plugins/use-health-checks';
import { DEFAULT_LIMITS, operationLimitsRule, type OperationLimits } from './plugins/use-operation-limits';
import { requestParamsCheck } from './plugins/requestParamsCheck';
import { BAD_REQUEST_KEY, isGraphQLError, refusalBody, requestRefusal } from './plugins/requestRefusal';
import { answeredAs4xx, useDocumentChecks } from './plugins/use-document-checks';
import { persistedOperationsCheck } from './plugins/use-persisted-operations';
import { useRequestParse } from './plugins/use-request-parse';
import { useRouter } from './plugins/use-router';
import { devApplicationRoutes } from './seed/devApplications';

/** The yoga server type of this app. */
export type App = YogaServerInstance<Record<string, unknown>, ServerContext>;

/** Options tests and the bench may set. */
export interface AppOptions {
  /** Persisted-operations manifest (default: scanned from the app's sources in production). */
  manifest?: PersistedManifest;
  /** Operation limits (defaults in use-operation-limits.ts). */
  limits?: Partial<OperationLimits>;
  /** Resolver maps to use instead of loading them (tests). */
  resolvers?: ResolverMap;
  /** Serve dist/ (default true). */
  serveStatic?: boolean;
}

/** The manifest file named by the configuration, else one scanned from the app's sources. */
function loadManifest(config: ServerServices['config']): PersistedManifest {
  return config.persistedManifestPath ? (JSON.parse(readFileSync(config.persistedManifestPath, 'utf8')) as PersistedManifest) : buildManifest(config.root);
}

/** Build the yoga app over started services. */
export async function createApp(services: ServerServices, options: AppOptions = {}): Promise<App> {
  const { config, database, log } = services;
  const db = database.db;
  const secure = config.production;
  const cookieName = sessionCookieName(secure);
  const loaded = options.resolvers ? { resolvers: options.resolvers, apiLoaded: true } : await loadResolvers();
  if (!loaded.apiLoaded) log.warn('server/graphql/resolvers/index.ts not found: only sign-in and file operations are served');

  const graphqlEndpoint = '/graphql';
  // Malformed requests answer a 4xx refusal with the catalogue's text (requestRefusal.ts), at each phase below.
  const refuse = requestRefusal(services.definitions.message(BAD_REQUEST_KEY, services.brands.fallback.selection));
  const unexpectedMessage = services.definitions.message('api.error.UNEXPECTED', services.brands.fallback.selection);
  const persisted = persistedOperationsCheck({ enabled: config.production, manifest: () => options.manifest ?? loadManifest(config) });
  const plugins: Plugin[] = [
    // The HTTP side in one plugin, one hook per phase (use-router.ts): it notes the request's arrival
    // first (the log line times the whole request, even when a route ends it), dispatches the path
    // once, checks the parameters, and at the end queues the log line and sets the security headers.
    useRouter({
      log,
      secure,
      exact: {
        // Before anything that could fail for reasons unrelated to liveness.
        ...healthRoutes(async () => (await database.exec('select 1 as ok')).length === 1),
        ...(config.demo ? devMailboxRoutes(db) : {}),
        // Fresh logins for end-to-end tests: never in production, whatever DEMO says.
        ...(config.demo && !config.production ? devApplicationRoutes(services) : {}),
        // GraphQL request hardening, in pipeline order: request (CSRF) -> params (persisted) -> validate (limits).
        [graphqlEndpoint]: csrfCheck(config.corsOrigins),
      },
      // Signed file URLs authorise themselves by HMAC; uploads are not JSON, so they never reach the CSRF check.
      prefixes: { [FILES_PREFIX]: fileRoutes({ db, storage: services.storage, secret: config.secret }) },
      // Every path nobody above owns: the SPA (never /graphql).
      fallback: options.serveStatic === false ? undefined : staticSite(join(config.root, 'dist')),
      // Browsers PUT uploads straight to object storage when it is configured.
      connectSources: services.storage.uploadOrigin ? [services.storage.uploadOrigin] : [],
      // The parameters' shape, then (production) persisted operations only.
      checkParams: persisted ? [requestParamsCheck(refuse), persisted] : [requestParamsCheck(refuse)],
      // A 4xx yoga answers without a body (406: no type the request accepts is served) gets a JSON refusal.
      errorBody: (status) => refusalBody(refuse(status === 406 ? 'the endpoint answers in application/json or application/graphql-response+json (Accept)' : 'the request was refused', status)),
      unexpectedBody: JSON.stringify({ errors: [{ message: unexpectedMessage, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
    }),
    // Strict GET and JSON parsers (unreadable requests answer 400) and yoga's body limit (maxRequestBodySize
    // is off below) without its per-request stream when Content-Length states the size.
    useRequestParse({ refuse }),
    // Document limits before parsing, then both rules in one onValidate hook. Introspection is refused
    // in production only; in development it is exempt from the operation limits (GraphiQL, code generators).
    useDocumentChecks({
      rules: [...(config.production ? [noIntrospectionRule] : []), operationLimitsRule({ ...DEFAULT_LIMITS, ...options.limits }, { exemptIntrospection: !config.production })],
      refuse,
    }),
  ];

  return createYoga<Record<string, unknown>, ServerContext>({
    schema: createSchema<ServerContext>({ typeDefs: readTypeDefs(), resolvers: loaded.resolvers as never }) as never,
    graphqlEndpoint,
    batching: false,
    // CORS only for the origins CORS_ORIGINS lists (none by default): yoga's default echoes any Origin.
    cors: corsOptions(config.corsOrigins),
    graphiql: false,
    landingPage: false,
    multipart: false,
    // Enforced by useRequestParse (same limit and errors).
    maxRequestBodySize: false,
    healthCheckEndpoint: '/health',
    logging: {
      // yoga calls debug several times per request: a no-op unless debug logging is on.
      debug: config.logLevel === 'debug' ? (...a: unknown[]) => log.debug(String(a[0]), { args: a.slice(1) }) : () => undefined,
      info: (...a: unknown[]) => log.info(String(a[0]), { args: a.slice(1) }),
      warn: (...a: unknown[]) => log.warn(String(a[0]), { args: a.slice(1) }),
      error: (...a: unknown[]) => log.error(String(a[0]), { args: a.slice(1) }),
    },
    // Unexpected errors are logged with their stack and leave with the catalogue's text only. Request
    // errors (yoga's own: no query, a syntax error) answer their 4xx to every client, without the
    // parser's message about the client's bytes.
    maskedErrors: {
      isDev: false,
      errorMessage: unexpectedMessage,
      maskError(error, message) {
        if (isGraphQLError(error) && error.extensions.http) {
          answeredAs4xx(error);
          delete (error.extensions as Record<string, unknown>).originalError;
        }
        const masked = maskError(error, message, false);
        if (masked !== error) log.error('unexpected error', { error: (error as { originalError?: unknown }).originalError ?? error });
        return masked;
      },
    },
    plugins,
    // Synchronous when there is no session cookie: no promise, no database read. With one, a single
    // statement reads the session, its user and the user's active application.
    context(initial) {
      const { request } = initial;
      const client = clientAddress(request, initial as NodeServerContext, config.trustProxy);
      const raw = readCookie(request.headers.get('cookie'), cookieName);
      return raw ? readRequestSession(db, raw).then((session) => contextFor(request, client, session)) : contextFor(request, client, null);
    },
  });

  function contextFor(request: Request, client: string, found: RequestSession | null): ServerContext {
    const state = requestState(request);
    const brand = services.brands.forHost(request.headers.get('host'));
    // A session is valid only on the brand it was created on: on any other host the caller is anonymous.
    const session = found !== null && found.brandId === brand.id ? found : null;
    return {
      db,
      user: session?.user ?? null,
      sessionIdHash: session?.idHash ?? null,
      activeApplication: session?.activeApplication,
      brand,
      client,
      definitions: services.definitions,
      request,
      log: log.child({ reqId: state.id }),
      services,
      setCookie,
    };
  }
}

/** `ctx.setCookie(header)`: one function for every request (no closure per request); the request is the context's. */
function setCookie(this: ServerContext, header: string): void {
  requestState(this.request).cookies.push(header);
}
