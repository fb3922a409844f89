/** Creates the long-lived services: database (migrated), definitions, brands, providers. */
import { addressProviderFor, type AddressFactory } from './address';
import { createPasswordProvider } from './auth';
import { brandRegistry } from './brands';
import type { ServerConfig } from './config';
import type { ServerServices } from './context';
import { migrate, openDatabase, pgliteDirOf, type DbHandle } from './db';
import { loadServerDefinitions, type ServerDefinitions } from './definitions';
import { createOutbox } from './email';
import { createInspectionGate, createStorage, uploadRuleProblems } from './files';
import { createRateLimiter, readLimitSettings } from './limits';
import { createLogger, type Logger } from './log';
import { regionRegistry } from './regions';
import { eSignatureProviderFor, type ESignatureFactory } from './signing';
import { idScanProviderFor, type IdScanFactory } from './idScan';
import { creditBureauProviderFor, type CreditBureauFactory } from './creditBureau';
import { crmProviderFor, type CrmFactory } from './crm';
import type { FunctionDef } from '../runtime/core/functions';
import { productExtensions, type BusinessNumberValidators } from './productExtensions';

/** Open the configured database and apply migrations. */
export async function openAndMigrate(config: ServerConfig, log: Logger): Promise<DbHandle> {
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: pgliteDirOf(config.dataDir) });
  const applied = await migrate(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  return database;
}

/** Code the definitions name, registered once (each defaults to the product's, extensions/: productExtensions, server/productExtensions.ts). */
export interface ServerExtensions {
  /** Business-number validators regions name in `settings.businessNumber.validator` (extensions/businessNumbers). */
  businessNumberValidators?: BusinessNumberValidators;
  /** Functions definitions call by name besides the runtime's (extensions/functions). */
  functions?: readonly FunctionDef[];
  /** E-signature providers by name besides the built-in `sandbox`; ESIGN_PROVIDER picks one (server/signing). */
  eSignatureProviders?: Record<string, ESignatureFactory>;
  /** Address-autocomplete providers by name besides the built-in `sandbox`; ADDRESS_PROVIDER picks one (server/address). */
  addressProviders?: Record<string, AddressFactory>;
  /** ID-scan providers by name besides the built-in `sandbox`; IDSCAN_PROVIDER picks one (server/idScan). */
  idScanProviders?: Record<string, IdScanFactory>;
  /** Credit-bureau providers by name besides the built-in `sandbox`; CREDIT_BUREAU_PROVIDER picks one (server/creditBureau). */
  creditBureauProviders?: Record<string, CreditBureauFactory>;
  /** CRM providers by name besides the built-in `sandbox`; CRM_PROVIDER picks one (server/crm). */
  crmProviders?: Record<string, CrmFactory>;
}

/** Build services over an open database (tests pass their own database, definitions and extensions). */
export function servicesFor(config: ServerConfig, database: DbHandle, definitions: ServerDefinitions, log: Logger, extensions: ServerExtensions = {}): ServerServices {
  const email = createOutbox(database.db);
  const brands = brandRegistry(definitions.defs, { port: config.port, production: config.production });
  // Every region's rules are read now: a region naming an unknown validator stops the start.
  const regions = regionRegistry(definitions, brands, extensions.businessNumberValidators ?? productExtensions.businessNumberValidators);
  // Every brand's rules are read now: a malformed rule stops the start instead of switching a limit off.
  const limitRules = new Map([...brands.all, brands.fallback].map((b) => [b.id, readLimitSettings(definitions.layers(b.selection).settings, `rate limits of brand ${b.id}`)]));
  const limits = createRateLimiter(database.db);
  return {
    config,
    database,
    definitions,
    brands,
    regions,
    limits,
    limitRules: (brand) => limitRules.get(brand.id) ?? readLimitSettings(definitions.layers(brand.selection).settings, `rate limits of brand ${brand.id}`),
    email,
    storage: createStorage(config),
    inspections: createInspectionGate(limits),
    identity: createPasswordProvider({ db: database.db, email, definitions, brands }),
    eSignature: eSignatureProviderFor({ db: database.db, config, brands, definitions }, extensions.eSignatureProviders),
    idScan: idScanProviderFor({ db: database.db, config, brands, definitions }, extensions.idScanProviders),
    creditBureau: creditBureauProviderFor({ db: database.db, config, brands, definitions }, extensions.creditBureauProviders),
    crm: crmProviderFor({ db: database.db, config, brands, definitions }, extensions.crmProviders),
    address: addressProviderFor({ db: database.db, config }, extensions.addressProviders),
    log,
  };
}

/** Everything the server needs, from configuration. */
export async function createServices(config: ServerConfig, log = createLogger(config.logLevel), extensions: ServerExtensions = productExtensions): Promise<ServerServices> {
  const definitions = loadServerDefinitions(config.root, { functions: extensions.functions ?? productExtensions.functions });
  for (const e of definitions.errors.slice(0, 20)) log.warn({ file: e.file, line: e.line, column: e.column, pointer: e.pointer, message: e.message, hint: e.hint }, 'definition problem');
  if (definitions.errors.length > 20) log.warn({ count: definitions.errors.length }, 'more definition problems');
  for (const problem of uploadRuleProblems(definitions.layers({}))) log.warn({ problem }, 'upload rule problem');
  if (config.databaseUrl && config.fileStorage === 'local') log.warn('files are stored on this instance\'s disk (FILE_STORAGE=local): other instances on the shared database cannot serve them; set FILE_STORAGE=s3');
  const database = await openAndMigrate(config, log);
  return servicesFor(config, database, definitions, log, extensions);
}
