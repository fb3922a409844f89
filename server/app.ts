/**
 * Creates the yoga instance: schema from `graphql/schema/*.graphql` plus the resolver maps, the per-request context,
 * the routes (routes.ts) and every server feature as a plugin, composed here in one place; each piece lives beside
 * others of its kind.
 * @example
 * const yoga = await createApp(await createServices(readConfig()));
 * createServer(yoga).listen(8080);
 */
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { sessionCookieName } from './auth';
import type { ServerContext, ServerServices } from './context';
import { loadResolvers, readTypeDefs, type ResolverMap } from './graphql/loadSchema';
import { maskedErrors } from './graphql/maskedErrors';
import { requestContext } from './graphql/requestContext';
import { inProcessGraphQL } from './http';
import { yogaLogging } from './log';
import { corsOptions } from './plugins/csrfPrevention';
import { disableIntrospection } from './plugins/disableIntrospection';
import { documentChecks } from './plugins/documentChecks';
import { jsonErrorBodies } from './plugins/jsonErrorBodies';
import { operationLimits, type OperationLimits } from './plugins/operationLimits';
import { PERSISTED_ONLY_KEY, persistedOperations } from './plugins/persistedOperations';
import { loadManifest, type PersistedManifest } from './plugins/persistedManifest';
import { requestBodyLimit } from './plugins/requestBodyLimit';
import { requestLog } from './plugins/requestLog';
import { requestParamsCheck } from './plugins/requestParamsCheck';
import { requestParse } from './plugins/requestParse';
import { BAD_REQUEST_KEY, refusalBody, requestRefusal } from './plugins/requestRefusal';
import { responseCompression } from './plugins/responseCompression';
import { responseHeaders } from './plugins/responseHeaders';
import { routeFailure, router } from './plugins/route';
import { appRoutes } from './routes';

/** The yoga server type of this app. */
export type App = YogaServerInstance<Record<string, unknown>, ServerContext>;

/** Options tests and the bench may set. */
export interface AppOptions {
  /** Persisted-operations manifest (default: scanned from the app's sources in production). */
  manifest?: PersistedManifest;
  /** Operation limits (defaults in plugins/operationLimits.ts). */
  limits?: Partial<OperationLimits>;
  /** Resolver maps to use instead of loading them (tests). */
  resolvers?: ResolverMap;
  /** Serve dist/ (default true). */
  serveStatic?: boolean;
}

/** Build the yoga app over started services. */
export async function createApp(services: ServerServices, options: AppOptions = {}): Promise<App> {
  const { config, log } = services;
  const cookieName = sessionCookieName(config.production);
  const loaded = options.resolvers ? { resolvers: options.resolvers, apiLoaded: true } : await loadResolvers();
  if (!loaded.apiLoaded) log.warn('server/graphql/resolvers/index.ts exports no resolvers: only sign-in and file operations are served');

  const graphqlEndpoint = '/graphql';
  // Texts of answers given before a request's brand is known: the default brand's catalogue.
  const text = (key: string) => services.definitions.message(key, services.brands.fallback.selection);
  // Malformed requests answer a 4xx refusal with the catalogue's text (requestRefusal.ts), at each phase below.
  const refuse = requestRefusal(text(BAD_REQUEST_KEY));
  const unexpectedMessage = text('api.error.UNEXPECTED');
  // A route that throws answers a masked 500 (whatwg-node's own answer would carry the stack) and is logged.
  const failed = routeFailure(log, JSON.stringify({ errors: [{ message: unexpectedMessage, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }));
  const graphql = inProcessGraphQL(() => yoga, graphqlEndpoint);
  const routes = appRoutes(services, { graphqlEndpoint, cookieName, graphql, serveStatic: options.serveStatic !== false });
  // Every other server feature, one plugin each, in the order yoga runs their hooks (per phase:
  // onRequest, onRequestParse, onParams, onParse, onValidate, onResponse).
  const plugins: Plugin[] = [
    // First: its onRequest notes the arrival, so the line times the whole request even when a route
    // answers it; its onParams notes the operation name before any check below refuses it.
    requestLog(log),
    router(routes, failed),
    // GraphQL request hardening in pipeline order: request (CSRF, a route) -> parse (strict parsers, then the body
    // limit around the parser they chose) -> params (their shape, then persisted operations) -> document (limits
    // before parsing; validation rules).
    requestParse({ refuse }),
    // yoga's own maxRequestBodySize is off below: this one skips its per-request stream when Content-Length states the size.
    requestBodyLimit(),
    requestParamsCheck(refuse),
    persistedOperations({ enabled: config.production, manifest: () => options.manifest ?? loadManifest(config.persistedManifestPath, config.root), onlyPersistedText: text(PERSISTED_ONLY_KEY) }),
    documentChecks({ refuse }),
    // Introspection is refused in production only; in development only its depth is exempt from the
    // operation limits (GraphiQL, code generators): its aliases and fields count as any other's.
    ...(config.production ? [disableIntrospection()] : []),
    operationLimits(options.limits, { introspectionDepthExempt: !config.production }),
    // onResponse, in this order: a bodiless 4xx gets its JSON body (a new response), a large JSON answer is compressed
    // (a new response), THEN the headers go on the response that leaves (set before, they would be lost with the replaced one).
    jsonErrorBodies((status) => refusalBody(refuse(status === 406 ? 'the endpoint answers in application/json or application/graphql-response+json (Accept)' : 'the request was refused', status))),
    responseCompression(),
    // Browsers PUT uploads straight to object storage when it is configured (the CSP's connect-src); the signing
    // dialog frames the e-signature provider's page (the sandbox's is on this origin: frame-src 'self' only).
    responseHeaders({ secure: config.production, connectSources: services.storage.uploadOrigin ? [services.storage.uploadOrigin] : [], frameSources: [...(services.eSignature.frameOrigins ?? []), ...(services.idScan.frameOrigins ?? [])] }),
  ];

  const yoga: App = createYoga<Record<string, unknown>, ServerContext>({
    schema: createSchema<ServerContext>({ typeDefs: readTypeDefs(), resolvers: loaded.resolvers as never }) as never,
    graphqlEndpoint,
    batching: false,
    // CORS only for the origins CORS_ORIGINS lists (none by default): yoga's default echoes any Origin.
    cors: corsOptions(config.corsOrigins),
    graphiql: false,
    landingPage: false,
    multipart: false,
    // Enforced by requestBodyLimit (same limit and errors).
    maxRequestBodySize: false,
    // yoga's own health check answers every URL ending with this: none does (a request URL never holds a raw space),
    // so /healthz and /readyz (routes.ts) are the only health routes.
    healthCheckEndpoint: ' ',
    logging: yogaLogging(log, config.logLevel),
    maskedErrors: maskedErrors(log, unexpectedMessage),
    plugins,
    context: requestContext(services, cookieName),
  });
  return yoga;
}
