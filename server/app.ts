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
import { idleRule, readCookie, sessionCookieName, type IdleRule } from './auth';
import { devSessionIdle } from './auth/devSessionIdle';
import { BRAND_DOCUMENT_PATH, brandAssets, brandDocumentRoute, brandPage, type BrandContext } from './brands';
import { demoMode } from './config';
import type { ServerContext, ServerServices } from './context';
import { devMailbox } from './email';
import { fileRoutes } from './files';
import { loadResolvers, readTypeDefs, type ResolverMap } from './graphql/loadSchema';
import { readRequestSession, type RequestSession } from './graphql/requestSession';
import { answerPage, formPosts, SERVER_ENTRY, staticSite } from './http';
import { issueFormToken } from './auth/formToken';
import { devPathsClosed } from './http/devPaths';
import { serverEntry } from './http/serverEntry';
import { RequestLog } from './log';
import { clientAddress, type NodeServerContext } from './limits';
import { corsOptions, CSRF_TEXT_KEYS, csrfPrevention } from './plugins/csrfPrevention';
import { disableIntrospection } from './plugins/disableIntrospection';
import { documentChecks, settleHttpStatus } from './plugins/documentChecks';
import { healthChecks } from './plugins/healthChecks';
import { jsonErrorBodies } from './plugins/jsonErrorBodies';
import { operationLimits, type OperationLimits } from './plugins/operationLimits';
import { PERSISTED_ONLY_KEY, persistedOperations } from './plugins/persistedOperations';
import { buildManifest, type PersistedManifest } from './plugins/persistedManifest';
import { requestBodyLimit } from './plugins/requestBodyLimit';
import { requestLog } from './plugins/requestLog';
import { requestParamsCheck } from './plugins/requestParamsCheck';
import { requestParse } from './plugins/requestParse';
import { BAD_REQUEST_KEY, isGraphQLError, refusalBody, requestRefusal } from './plugins/requestRefusal';
import { requestState } from './plugins/requestState';
import { responseCompression } from './plugins/responseCompression';
import { responseHeaders } from './plugins/responseHeaders';
import { quoteDocumentRoute } from './signing/quoteDocument';
import { leaseDocumentRoute } from './signing/leaseDocuments';
import { pdfAssets } from './signing/pdfAssets';
import { route, routeFailure, router, type Route, type RouteRequest } from './plugins/route';
import { devApplications } from './seed/devApplications';

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

/** `object` with each value mapped by `f`. */
const mapValues = <K extends string, V, W>(object: Readonly<Record<K, V>>, f: (value: V) => W): Record<K, W> =>
  Object.fromEntries(Object.entries(object).map(([k, v]) => [k, f(v as V)])) as Record<K, W>;

/** The manifest file named by the configuration, else one scanned from the app's sources. */
function loadManifest(config: ServerServices['config']): PersistedManifest {
  return config.persistedManifestPath ? (JSON.parse(readFileSync(config.persistedManifestPath, 'utf8')) as PersistedManifest) : buildManifest(config.root);
}

/** Build the yoga app over started services. */
export async function createApp(services: ServerServices, options: AppOptions = {}): Promise<App> {
  const { config, database, log } = services;
  const db = database.db;
  const secure = config.production;
  const demo = demoMode(config);
  const cookieName = sessionCookieName(secure);
  const loaded = options.resolvers ? { resolvers: options.resolvers, apiLoaded: true } : await loadResolvers();
  if (!loaded.apiLoaded) log.warn('server/graphql/resolvers/index.ts exports no resolvers: only sign-in and file operations are served');

  const graphqlEndpoint = '/graphql';
  // Malformed requests answer a 4xx refusal with the catalogue's text (requestRefusal.ts), at each phase below.
  const refuse = requestRefusal(services.definitions.message(BAD_REQUEST_KEY, services.brands.fallback.selection));
  // Texts of answers given before a request's brand is known: the default brand's catalogue.
  const text = (key: string) => services.definitions.message(key, services.brands.fallback.selection);
  const unexpectedMessage = text('api.error.UNEXPECTED');
  // A route that throws answers a masked 500 (whatwg-node's own answer would carry the stack) and is logged.
  const failed = routeFailure(log, JSON.stringify({ errors: [{ message: unexpectedMessage, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }));
  // The paths the server answers before GraphQL, one route each, tried in this order by one onRequest
  // hook (plugins/route.ts: one hook for all costs less per request than one plugin each).
  // The server-render entry starts loading now (about 0.7 s of module loading), not on the first visitor's request.
  const renderEntry = serverEntry(join(config.root, SERVER_ENTRY), log);
  if (options.serveStatic !== false) void renderEntry();
  const page = brandPage(services.brands, services.definitions.layers, {
    entry: renderEntry,
    execute: (host, document, field, variables) => ownGraphQL(host, document, field, variables),
    cookieName,
    formToken: (host) => issueFormToken(config.secret, host),
    log,
  });
  const routes: Route[] = [
    // Before anything that could fail for reasons unrelated to liveness.
    healthChecks(async () => (await database.exec('select 1 as ok')).length === 1),
    // The demo controls under /dev/ (sent e-mail, fresh logins for end-to-end tests, a session's own idle time):
    // only in demo mode, never in production whatever DEMO says (demoMode, config.ts: the one rule); otherwise
    // every /dev/ path answers 404 here, before any route below.
    ...(demo ? [devMailbox(db), devApplications(services), devSessionIdle(db, cookieName)] : [devPathsClosed()]),
    // The texts and settings of the Host's brand, for clients other than the app's page (which carries them).
    route('brand document', (path) => path === BRAND_DOCUMENT_PATH, brandDocumentRoute(services.brands, services.definitions.layers)),
    // The brands' images (logos, hero and pop-up images: settings.profile), read from brands/assets/.
    brandAssets(join(config.root, 'brands/assets')),
    // Signed file URLs authorise themselves by HMAC; uploads are not JSON, so they never reach the CSRF check.
    fileRoutes(services),
    // The quote PDF's signed download links (getQuotePDF), generated from the record on each request.
    quoteDocumentRoute({ db, secret: config.secret, definitions: services.definitions }),
    // The lease documents' signed download links (getWetSignatureUrl), generated from the record on each request.
    leaseDocumentRoute({ db, secret: config.secret, definitions: services.definitions }),
    // The definitions' static PDFs (the Document Instructions per region and the introducer's), from brands/assets/documents/.
    pdfAssets(join(config.root, 'brands/assets/documents')),
    // The e-signature provider's own pages (the sandbox's signing page; its /dev/esign/ controls in demo mode only).
    ...(services.eSignature.routes?.({ demoControls: demo }) ?? []),
    // The ID-scan provider's own pages (the sandbox's capture page; its /dev/idscan controls in demo mode only).
    ...(services.idScan.routes?.({ demoControls: demo }) ?? []),
    // The credit bureau's own paths (the sandbox's /dev/creditbureau controls in demo mode only).
    ...(services.creditBureau.routes?.({ demoControls: demo }) ?? []),
    // The CRM sandbox's /dev/crm controls (demo mode only).
    ...(services.crm.routes?.({ demoControls: demo }) ?? []),
    // The GraphQL endpoint's first check (request hardening below).
    csrfPrevention({ endpoint: graphqlEndpoint, granted: config.corsOrigins, texts: mapValues(CSRF_TEXT_KEYS, text) }),
    // Forms posted to the pages the server renders (sign-in, forgot and reset password without the app): run as the app
    // runs them, their calls through this server's GraphQL as the posting visitor (rate limits and failure counting hold).
    ...(options.serveStatic === false ? [] : [formPosts({
      entry: renderEntry,
      brands: services.brands,
      layers: services.definitions.layers,
      secret: config.secret,
      execute: (hook, document, field, variables, cookies) => visitorGraphQL(hook, document, field, variables, cookies),
      page: answerPage(join(config.root, 'dist'), page),
      texts: (host) => {
        const selection = services.brands.forHost(host).selection;
        return { origin: services.definitions.message(CSRF_TEXT_KEYS.origin, selection), token: services.definitions.message('api.error.csrf.formToken', selection) };
      },
    })]),
    // Last: every GET or HEAD of a path nobody above answered (never /graphql); the app's page carries the Host's brand document.
    // A route the app renders on the server (its built entry, dist-server/) carries its first screen; its loads
    // run as an anonymous request to this server's own GraphQL endpoint.
    ...(options.serveStatic === false ? [] : [staticSite(join(config.root, 'dist'), { page })]),
  ];
  // Every other server feature, one plugin each, in the order yoga runs their hooks (per phase:
  // onRequest, onRequestParse, onParams, onParse, onValidate, onResponse).
  const plugins: Plugin[] = [
    // First: its onRequest notes the arrival, so the line times the whole request even when a route
    // answers it; its onParams notes the operation name before any check below refuses it.
    requestLog(log),
    router(routes, failed),
    // GraphQL request hardening in pipeline order: request (CSRF, a route above) -> parse (strict
    // parsers, then the body limit around the parser they chose) -> params (their shape, then
    // persisted operations) -> document (limits before parsing; validation rules).
    requestParse({ refuse }),
    // yoga's own maxRequestBodySize is off below: this one skips its per-request stream when Content-Length states the size.
    requestBodyLimit(),
    requestParamsCheck(refuse),
    persistedOperations({ enabled: config.production, manifest: () => options.manifest ?? loadManifest(config), onlyPersistedText: text(PERSISTED_ONLY_KEY) }),
    documentChecks({ refuse }),
    // Introspection is refused in production only; in development only its depth is exempt from the
    // operation limits (GraphiQL, code generators): its aliases and fields count as any other's.
    ...(config.production ? [disableIntrospection()] : []),
    operationLimits(options.limits, { introspectionDepthExempt: !config.production }),
    // onResponse, in this order: a bodiless 4xx gets its JSON body (a new response), a large JSON
    // answer is compressed (a new response), THEN the headers go on the response that leaves (set
    // before, they would be lost with the replaced one).
    jsonErrorBodies((status) => refusalBody(refuse(status === 406 ? 'the endpoint answers in application/json or application/graphql-response+json (Accept)' : 'the request was refused', status))),
    responseCompression(),
    // Browsers PUT uploads straight to object storage when it is configured (the CSP's connect-src); the signing
    // dialog frames the e-signature provider's page (the sandbox's is on this origin: frame-src 'self' only).
    responseHeaders({ secure, connectSources: services.storage.uploadOrigin ? [services.storage.uploadOrigin] : [], frameSources: [...(services.eSignature.frameOrigins ?? []), ...(services.idScan.frameOrigins ?? [])] }),
  ];

  // Each brand's session idle rule (settings.session), read once.
  const idleRules = new Map<string, IdleRule>();
  function idleRuleOf(brand: BrandContext): IdleRule {
    let rule = idleRules.get(brand.id);
    if (!rule) idleRules.set(brand.id, (rule = idleRule(services.definitions.layers(brand.selection).settings)));
    return rule;
  }

  /** A server render's load: the operation as an anonymous browser of `host` would send it, answered in-process. */
  async function ownGraphQL(host: string, document: string, field: string, variables: Record<string, unknown>): Promise<unknown> {
    const response = await yoga.fetch(`http://${host}${graphqlEndpoint}`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: document, variables }),
    });
    const answer = (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string }[] };
    if (answer.errors?.length || !answer.data) throw new Error(answer.errors?.[0]?.message ?? `GraphQL answered ${response.status}`);
    return answer.data[field];
  }

  /**
   * A posted form's call: the operation as the posting visitor's browser would send it (their cookies; their address,
   * by the Node request passed on), answered in-process; the cookies it sets are collected for the answer.
   */
  async function visitorGraphQL(hook: RouteRequest, document: string, field: string, variables: Record<string, unknown>, cookies: string[]): Promise<unknown> {
    const host = hook.request.headers.get('host') ?? hook.url.host;
    const headers = new Headers({ host, origin: `${hook.url.protocol}//${host}`, 'content-type': 'application/json', accept: 'application/json' });
    for (const name of ['cookie', 'x-forwarded-for', 'user-agent']) {
      const value = hook.request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    // The Node request rides along (a context of its own): rate limits count the visitor's address, as for the app's requests.
    const { req } = hook.serverContext as NodeServerContext;
    const response = await yoga.fetch(`${hook.url.protocol}//${host}${graphqlEndpoint}`, { method: 'POST', headers, body: JSON.stringify({ query: document, variables }) }, { req });
    cookies.push(...response.headers.getSetCookie());
    const answer = (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string }[] };
    if (answer.errors?.length || !answer.data) throw new Error(answer.errors?.[0]?.message ?? `GraphQL answered ${response.status}`);
    return answer.data[field];
  }

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
    // yoga's own health check answers every URL ending with this: none does (a request URL never
    // holds a raw space), so /healthz and /readyz above are the only health routes.
    healthCheckEndpoint: ' ',
    logging: {
      // yoga calls debug several times per request: a no-op unless debug logging is on.
      debug: config.logLevel === 'debug' ? (...a: unknown[]) => log.debug({ args: a.slice(1) }, String(a[0])) : () => undefined,
      info: (...a: unknown[]) => log.info({ args: a.slice(1) }, String(a[0])),
      warn: (...a: unknown[]) => log.warn({ args: a.slice(1) }, String(a[0])),
      error: (...a: unknown[]) => log.error({ args: a.slice(1) }, String(a[0])),
    },
    // Unexpected errors are logged with their stack and leave with the catalogue's text only. An error
    // stating an HTTP status gets it settled (documentChecks.ts): a GraphQL request error (parse,
    // validation, variables) answers as the GraphQL-over-HTTP spec has it, a malformed request its
    // 4xx to every client; neither carries the parser's message about the client's bytes.
    maskedErrors: {
      isDev: false,
      errorMessage: unexpectedMessage,
      maskError(error, message) {
        if (isGraphQLError(error) && error.extensions.http) {
          settleHttpStatus(error);
          delete (error.extensions as Record<string, unknown>).originalError;
        }
        const masked = maskError(error, message, false);
        if (masked !== error) log.error({ error: (error as { originalError?: unknown }).originalError ?? error }, 'unexpected error');
        return masked;
      },
    },
    plugins,
    // Synchronous when there is no session cookie: no promise, no database read. With one, a single
    // statement reads the session, its user and the user's active application.
    context(initial) {
      const { request } = initial;
      const client = clientAddress(request, initial as NodeServerContext, config.trustProxy);
      const brand = services.brands.forHost(request.headers.get('host'));
      const raw = readCookie(request.headers.get('cookie'), cookieName);
      return raw ? readRequestSession(db, raw, idleRuleOf(brand)).then((session) => contextFor(request, client, brand, session)) : contextFor(request, client, brand, null);
    },
  });
  return yoga;

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
}

/** `ctx.setCookie(header)`: one function for every request (no closure per request); the request is the context's. */
function setCookie(this: ServerContext, header: string): void {
  requestState(this.request).cookies.push(header);
}
