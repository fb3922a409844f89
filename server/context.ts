/**
 * The GraphQL context every resolver receives. Built per request in `server/app.ts`.
 * @example
 * const resolver = async (_: unknown, args: { id: string }, ctx: ServerContext) => {
 *   if (!ctx.user) throw unauthenticated();
 *   return ctx.db.selectFrom('applications').selectAll().where('id', '=', args.id).executeTakeFirst();
 * };
 */
import type { Kysely } from 'kysely';
import type { BrandContext, BrandRegistry } from './brands';
import type { ServerConfig } from './config';
import type { Database, DbHandle } from './db';
import type { ServerDefinitions } from './definitions';
import type { EmailOutbox } from './email';
import type { InspectionGate, StorageProvider } from './files';
import type { Logger, RequestLog } from './log';
import type { IdentityProvider, SessionIdleState, SessionUser } from './auth';
import type { LimitSettings, RateLimiter } from './limits';
import type { AppSnapshot } from './enforce';
import type { RegionRegistry } from './regions';
import type { ESignatureProvider } from './signing';
import type { AddressProvider } from './address';
import type { IdScanProvider } from './idScan';
import type { CreditBureauProvider } from './creditBureau';
import type { CrmProvider } from './crm';

/** Long-lived services created once at start and shared by every request. */
export interface ServerServices {
  config: ServerConfig;
  /** Open database (handle: kysely plus raw access). */
  database: DbHandle;
  definitions: ServerDefinitions;
  brands: BrandRegistry;
  /** Every region of the definitions and its rules (business number and validator). */
  regions: RegionRegistry;
  /** Rate-limit counters, shared through the database by every instance. */
  limits: RateLimiter;
  /** The rate-limit rules of a brand (its definitions' `settings.rateLimits`). */
  limitRules(brand: BrandContext): LimitSettings;
  identity: IdentityProvider;
  storage: StorageProvider;
  /** Upload inspections on worker threads, within their owners' limits (files/inspectionGate.ts). */
  inspections: InspectionGate;
  email: EmailOutbox;
  /** E-signature envelopes (the sandbox unless ESIGN_PROVIDER names another). */
  eSignature: ESignatureProvider;
  /** ID-scan journeys (the sandbox unless IDSCAN_PROVIDER names another). */
  idScan: IdScanProvider;
  /** Credit-bureau requests (the sandbox unless CREDIT_BUREAU_PROVIDER names another). */
  creditBureau: CreditBureauProvider;
  /** The CRM's accounts and opportunities (the sandbox unless CRM_PROVIDER names another). */
  crm: CrmProvider;
  /** Address autocomplete (the gazetteer sandbox unless ADDRESS_PROVIDER names another). */
  address: AddressProvider;
  log: Logger;
}

/** Per-request context handed to resolvers. */
export interface ServerContext {
  /** Typed query builder over the database. */
  db: Kysely<Database>;
  /** The signed-in user of this request's session, or null. */
  user: SessionUser | null;
  /** SHA-256 of the session id when a session is active (for logout). */
  sessionIdHash: string | null;
  /** The active session's idle clock (`sessionIdle`), or null. */
  sessionIdle: SessionIdleState | null;
  /**
   * The user's active application as read with the session (same statement), until the first access
   * check takes it; later checks read the database again, so they see writes made earlier in the request.
   * Undefined: not read or already taken; null: the user has none.
   */
  activeApplication?: AppSnapshot | null;
  /** Brand chosen by the Host header: id, region and the layer selection for the definitions. */
  brand: BrandContext;
  /** Definitions loaded once at start (runtime/core), with resolved layers per selection. */
  definitions: ServerDefinitions;
  /** The incoming request. */
  request: Request;
  /** The client address rate limits count (server/limits/clientAddress.ts). */
  client: string;
  /** Request-scoped structured logger (carries a request id; log/requestLog.ts). */
  log: RequestLog;
  /** Shared services (identity provider, storage, e-mail, config). */
  services: ServerServices;
  /** Queue a Set-Cookie header on this request's response. */
  setCookie(header: string): void;
}
