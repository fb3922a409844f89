/** ID scan: the provider interface, the sandbox (default) and the choice of provider by configuration. */
import type { Kysely } from 'kysely';
import type { BrandRegistry } from '../brands';
import { ConfigError, type ServerConfig } from '../config';
import type { Database } from '../db';
import type { ServerDefinitions } from '../definitions';
import type { IdScanProvider } from './idScanProvider';
import { sandboxIdScan, sandboxIdScanStore } from './sandboxIdScan';
import { sandboxIdScanRoutes } from './sandboxRoutes';

export * from './idScanProvider';
export { sandboxIdScanStore, sampleLicences, CONTROL_OUTCOMES, SANDBOX_CAPTURE_PATH, type SandboxIdScanStore, type SampleLicence, type ControlOutcome } from './sandboxIdScan';
export { IDSCAN_CONTROL_PATH } from './sandboxRoutes';

/** What a provider is built from. */
export interface IdScanDeps {
  db: Kysely<Database>;
  config: ServerConfig;
  brands: BrandRegistry;
  definitions: ServerDefinitions;
}

/** Builds a provider; registered by name (ServerExtensions.idScanProviders) and chosen by IDSCAN_PROVIDER. */
export type IdScanFactory = (deps: IdScanDeps) => IdScanProvider;

/** The sandbox, with its capture page (texts of the Host's brand) and demo controls. */
export const sandboxIdScanFactory: IdScanFactory = ({ db, config, brands, definitions }) => {
  const store = sandboxIdScanStore(db, config.secret);
  const text = (request: Request, key: string, vars?: Record<string, string>) => definitions.message(key, brands.forHost(request.headers.get('host')).selection, vars);
  return { ...sandboxIdScan(db, store), routes: ({ demoControls }) => sandboxIdScanRoutes(store, text, demoControls) };
};

/** The configured provider (`config.idScanProvider`) among the sandbox and those registered; an unknown name stops the start. */
export function idScanProviderFor(deps: IdScanDeps, registered: Record<string, IdScanFactory> = {}): IdScanProvider {
  const factories: Record<string, IdScanFactory> = { sandbox: sandboxIdScanFactory, ...registered };
  const name = deps.config.idScanProvider;
  const factory = factories[name];
  if (!factory) throw new ConfigError(`IDSCAN_PROVIDER is '${name}', which no ID-scan provider is registered as; known: ${Object.keys(factories).join(', ')} (register one in ServerExtensions.idScanProviders)`);
  return factory(deps);
}
