/** Server configuration from the environment, read once at start. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { S3Settings } from './files/s3Storage';

/** A configuration the server refuses to start with (main prints the message and exits with status 2). */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Shortest APP_SECRET accepted (e.g. `openssl rand -base64 32` gives 44 characters). */
export const MIN_SECRET_LENGTH = 32;

/** Everything the server reads from the environment. */
export interface ServerConfig {
  /** HTTP port (`PORT`, default 8080). */
  port: number;
  /** Host to bind (`HOST`, default 0.0.0.0). */
  host: string;
  /** Data directory for PGlite and local files (`DATA_DIR`, default ./data). */
  dataDir: string;
  /** PostgreSQL URL (`DATABASE_URL`); when unset PGlite under dataDir is used. */
  databaseUrl?: string;
  /** `NODE_ENV=production`: introspection off, persisted operations only, secure cookies. */
  production: boolean;
  /**
   * `DEMO` as set (default on outside production). Whether the demo surfaces exist is {@link demoMode}'s
   * answer, never this alone: production has none whatever `DEMO` says.
   */
  demo: boolean;
  /** Secret for HMAC-signed file URLs (`APP_SECRET`, else generated once under dataDir; required with DATABASE_URL). */
  secret: string;
  /** Where file bytes live (`FILE_STORAGE`: `local`, the default, or `s3`). */
  fileStorage: 'local' | 's3';
  /** The S3 provider's settings (`S3_*`), when `fileStorage` is `s3`. */
  s3?: S3Settings;
  /** Root of the project (definitions, dist/). */
  root: string;
  /** Number of rate-book rows the first-start seed generates (`SEED_RATEBOOK_ROWS`, default 5000). */
  seedRatebookRows: number;
  /** Persisted-operations manifest file (`PERSISTED_MANIFEST`, JSON sha256 -> text); default: scanned from the app's sources. */
  persistedManifestPath?: string;
  /**
   * Origins granted CORS with credentials (`CORS_ORIGINS`, comma-separated full origins such as
   * `https://partner.example`; default none). Every other cross-origin request is refused.
   */
  corsOrigins: string[];
  /** Proxies in front of the server whose `X-Forwarded-For` entries are trusted for the client address (`TRUST_PROXY`, default 0). */
  trustProxy: number;
  /**
   * The e-signature provider (`ESIGN_PROVIDER`, default `sandbox`): a name registered in
   * `ServerExtensions.eSignatureProviders` (server/services.ts) selects a real adapter.
   */
  eSignatureProvider: string;
  /**
   * The address-autocomplete provider (`ADDRESS_PROVIDER`, default `sandbox`): a name registered in
   * `ServerExtensions.addressProviders` (server/services.ts) selects a real adapter.
   */
  addressProvider: string;
  /**
   * The ID-scan provider (`IDSCAN_PROVIDER`, default `sandbox`): a name registered in
   * `ServerExtensions.idScanProviders` (server/services.ts) selects a real adapter.
   */
  idScanProvider: string;
  /**
   * The credit-bureau provider (`CREDIT_BUREAU_PROVIDER`, default `sandbox`): a name registered in
   * `ServerExtensions.creditBureauProviders` (server/services.ts) selects a real adapter.
   */
  creditBureauProvider: string;
  /**
   * The CRM provider (`CRM_PROVIDER`, default `sandbox`): a name registered in `ServerExtensions.crmProviders`
   * (server/services.ts) selects a real adapter.
   */
  crmProvider: string;
  /** Minimum log level (`LOG_LEVEL`: debug, info, warn, error; default info). */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

/**
 * The one rule for every demo surface: whether the server serves the `/dev/` routes (the dev mailbox,
 * `POST /dev/applications`, `POST /dev/session-idle`, the e-signature sandbox's `/dev/esign/` controls, the ID-scan sandbox's `/dev/idscan` controls, the credit-bureau sandbox's `/dev/creditbureau` controls),
 * seeds the demo accounts and applications, and prints the demo logins at start. On with `DEMO` (default
 * on) outside production; never in production (`NODE_ENV=production`), whatever `DEMO` or any other
 * variable says. Every such surface asks this function, not `config.demo`.
 */
export function demoMode(config: Pick<ServerConfig, 'demo' | 'production'>): boolean {
  return config.demo && !config.production;
}

/**
 * Read the secret from the environment or from `<dataDir>/.secret`, creating it once. With a shared
 * database (several instances) each instance must sign and check file URLs with the same secret, so a
 * per-directory one is refused.
 */
function secretFor(dataDir: string, fromEnv: string | undefined, sharedDatabase: boolean): string {
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_LENGTH) throw new ConfigError(`APP_SECRET is ${fromEnv.length} characters long; use at least ${MIN_SECRET_LENGTH} random characters (e.g. APP_SECRET=$(openssl rand -base64 32)).`);
    return fromEnv;
  }
  if (sharedDatabase) {
    throw new ConfigError('APP_SECRET must be set when DATABASE_URL is set: every instance on the shared database signs and checks file URLs with it. Set the same value on every instance, e.g. APP_SECRET=$(openssl rand -base64 32).');
  }
  const file = join(dataDir, '.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A configured origin in the form browsers send (`scheme://host[:port]`); throws on anything else. */
function originOf(value: string): string {
  const url = new URL(value);
  if (!/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) throw new Error(`CORS_ORIGINS: '${value}' is not an origin (scheme://host[:port], no path)`);
  return url.origin;
}

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;

const truthy = (v: string | undefined) => v === '1' || v === 'true';

/** The storage settings of `env` (FILE_STORAGE, S3_*). */
function storageOf(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'fileStorage' | 's3'> {
  const kind = env.FILE_STORAGE || 'local';
  if (kind === 'local') return { fileStorage: 'local' };
  if (kind !== 's3') throw new ConfigError(`FILE_STORAGE is '${kind}'; use 'local' (default) or 's3'.`);
  if (!env.S3_BUCKET) throw new ConfigError('FILE_STORAGE=s3 needs S3_BUCKET (and S3_REGION, plus S3_ENDPOINT and S3_FORCE_PATH_STYLE=1 for an S3-compatible store).');
  return {
    fileStorage: 's3',
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      forcePathStyle: truthy(env.S3_FORCE_PATH_STYLE),
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      prefix: env.S3_PREFIX ?? '',
    },
  };
}

/** Build the configuration from `env` (default `process.env`); throws {@link ConfigError} for a configuration the server refuses. */
export function readConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const level = (env.LOG_LEVEL ?? 'info') as ServerConfig['logLevel'];
  return {
    port: Number.parseInt(env.PORT ?? '8080', 10),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    ...storageOf(env),
    production,
    demo: env.DEMO === undefined ? !production : env.DEMO === '1' || env.DEMO === 'true',
    secret: overrides.secret ?? secretFor(dataDir, env.APP_SECRET, Boolean(env.DATABASE_URL)),
    root: resolve(env.FLEETFORM_ROOT ?? '.'),
    seedRatebookRows: Number.parseInt(env.SEED_RATEBOOK_ROWS ?? '5000', 10),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean).map(originOf),
    trustProxy: Math.max(0, Number.parseInt(env.TRUST_PROXY ?? '0', 10) || 0),
    logLevel: LEVELS.includes(level) ? level : 'info',
    eSignatureProvider: env.ESIGN_PROVIDER || 'sandbox',
    addressProvider: env.ADDRESS_PROVIDER || 'sandbox',
    idScanProvider: env.IDSCAN_PROVIDER || 'sandbox',
    creditBureauProvider: env.CREDIT_BUREAU_PROVIDER || 'sandbox',
    crmProvider: env.CRM_PROVIDER || 'sandbox',
    persistedManifestPath: env.PERSISTED_MANIFEST || undefined,
    ...overrides,
  };
}
