/**
 * The paths the server answers before GraphQL, one route each, tried in this order by one onRequest hook
 * (plugins/route.ts: one hook for all costs less per request than one plugin each). A new route goes in this list,
 * its code beside the others of its kind (server/http, server/brands, server/files, server/signing, a provider's folder).
 */
import { join } from 'node:path';
import { devSessionIdle } from './auth/devSessionIdle';
import { issueFormToken } from './auth/formToken';
import { BRAND_DOCUMENT_PATH, brandAssets, brandDocumentRoute, brandPage, withImageSizes } from './brands';
import { demoMode } from './config';
import type { ServerServices } from './context';
import { devMailbox } from './email';
import { fileRoutes } from './files';
import { answerPage, formPosts, SERVER_ENTRY, staticSite, type inProcessGraphQL } from './http';
import { devPathsClosed } from './http/devPaths';
import { serverEntry } from './http/serverEntry';
import { csrfPrevention, csrfTexts, CSRF_TEXT_KEYS } from './plugins/csrfPrevention';
import { healthChecks } from './plugins/healthChecks';
import { route, type Route } from './plugins/route';
import { devApplications } from './seed/devApplications';
import { leaseDocumentRoute } from './signing/leaseDocuments';
import { pdfAssets } from './signing/pdfAssets';
import { quoteDocumentRoute } from './signing/quoteDocument';

/** What the routes need besides the services. */
export interface RouteOptions {
  /** The GraphQL endpoint's path (its CSRF check is a route). */
  graphqlEndpoint: string;
  /** The session cookie's name (sessionCookieName). */
  cookieName: string;
  /** The server's calls to its own GraphQL endpoint (server renders, posted forms). */
  graphql: ReturnType<typeof inProcessGraphQL>;
  /** Serve dist/: the app's pages, rendered on the server, and the forms posted to them (default true). */
  serveStatic?: boolean;
}

/** The routes, in the order they are tried. */
export function appRoutes(services: ServerServices, { graphqlEndpoint, cookieName, graphql, serveStatic = true }: RouteOptions): Route[] {
  const { config, database, log } = services;
  const db = database.db;
  const demo = demoMode(config);
  // Texts of answers given before a request's brand is known: the default brand's catalogue.
  const text = (key: string) => services.definitions.message(key, services.brands.fallback.selection);
  // The server-render entry starts loading now (about 0.7 s of module loading), not on the first visitor's request.
  const renderEntry = serverEntry(join(config.root, SERVER_ENTRY), log);
  if (serveStatic) void renderEntry();
  // The brands' settings with the sizes of the brand images they name (settings.imageSizes: reserved before they load).
  const layers = withImageSizes(services.definitions.layers, join(config.root, 'brands/assets'));
  const page = brandPage(services.brands, layers, {
    entry: renderEntry,
    execute: graphql.own,
    signedIn: graphql.signedIn,
    cookieName,
    formToken: (host) => issueFormToken(config.secret, host),
    log,
  });
  return [
    // Before anything that could fail for reasons unrelated to liveness.
    healthChecks(async () => (await database.exec('select 1 as ok')).length === 1),
    // The demo controls under /dev/ (sent e-mail, fresh logins for end-to-end tests, a session's own idle time):
    // only in demo mode, never in production whatever DEMO says (demoMode, config.ts: the one rule); otherwise
    // every /dev/ path answers 404 here, before any route below.
    ...(demo ? [devMailbox(db), devApplications(services), devSessionIdle(db, cookieName)] : [devPathsClosed()]),
    // The texts and settings of the Host's brand, for clients other than the app's page (which carries them).
    route('brand document', (path) => path === BRAND_DOCUMENT_PATH, brandDocumentRoute(services.brands, layers)),
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
    // The GraphQL endpoint's first check (request hardening in app.ts's plugins).
    csrfPrevention({ endpoint: graphqlEndpoint, granted: config.corsOrigins, texts: csrfTexts(text) }),
    // Forms posted to the pages the server renders (sign-in, forgot and reset password without the app): run as the app
    // runs them, their calls through this server's GraphQL as the posting visitor (rate limits and failure counting hold).
    ...(serveStatic ? [formPosts({
      entry: renderEntry,
      brands: services.brands,
      layers,
      secret: config.secret,
      execute: graphql.visitor,
      page: answerPage(join(config.root, 'dist'), page),
      texts: (host) => {
        const selection = services.brands.forHost(host).selection;
        return { origin: services.definitions.message(CSRF_TEXT_KEYS.origin, selection), token: services.definitions.message('api.error.csrf.formToken', selection) };
      },
    })] : []),
    // Last: every GET or HEAD of a path nobody above answered (never /graphql); the app's page carries the Host's brand document.
    // A route the app renders on the server (its built entry, dist-server/) carries its first screen; its loads
    // run as an anonymous request to this server's own GraphQL endpoint.
    ...(serveStatic ? [staticSite(join(config.root, 'dist'), { page })] : []),
  ];
}
