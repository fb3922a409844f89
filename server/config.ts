/** Server configuration from the environment, read once at start. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  /** Demo mode (`DEMO`, default on outside production): dev mailbox page, demo logins printed. */
  demo: boolean;
  /** Secret for HMAC-signed file URLs (`APP_SECRET`, else generated once under dataDir). */
  secret: string;
  /** Root of the project (definitions, dist/). */
  root: string;
  /** Number of rate-book rows the first-start seed generates (`SEED_RATEBOOK_ROWS`, default 5000). */
  seedRatebookRows: number;
  /** Skip building the front end at start (`SKIP_BUILD=1`). */
  skipBuild: boolean;
  /** Persisted-operations manifest file (`PERSISTED_MANIFEST`, JSON sha256 -> text); default: scanned from the app's sources. */
  persistedManifestPath?: string;
  /**
   * Origins granted CORS with credentials (`CORS_ORIGINS`, comma-separated full origins such as
   * `https://partner.example`; default none). Every other cross-origin request is refused.
   */
  corsOrigins: string[];
  /** Proxies in front of the server whose `X-Forwarded-For` entries are trusted for the client address (`TRUST_PROXY`, default 0). */
  trustProxy: number;
  /** Minimum log level (`LOG_LEVEL`: debug, info, warn, error; default info). */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

/** Read the secret from the environment or from `<dataDir>/.secret`, creating it once. */
function secretFor(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
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

/** Build the configuration from `env` (default `process.env`). */
export function readConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const level = (env.LOG_LEVEL ?? 'info') as ServerConfig['logLevel'];
  return {
    port: Number.parseInt(env.PORT ?? '8080', 10),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    demo: env.DEMO === undefined ? !production : env.DEMO === '1' || env.DEMO === 'true',
    secret: overrides.secret ?? secretFor(dataDir, env.APP_SECRET),
    root: resolve(env.FLEETFORM_ROOT ?? '.'),
    seedRatebookRows: Number.parseInt(env.SEED_RATEBOOK_ROWS ?? '5000', 10),
    skipBuild: env.SKIP_BUILD === '1' || env.SKIP_BUILD === 'true',
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean).map(originOf),
    trustProxy: Math.max(0, Number.parseInt(env.TRUST_PROXY ?? '0', 10) || 0),
    logLevel: LEVELS.includes(level) ? level : 'info',
    persistedManifestPath: env.PERSISTED_MANIFEST || undefined,
    ...overrides,
  };
}
