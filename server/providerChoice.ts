/**
 * What the providers beside the portal (e-signature, ID scan) share: what a provider is built from, the texts of
 * the request's brand for a sandbox's own pages, and the choice of the configured provider among the sandbox and
 * those registered (an unknown name stops the start).
 */
import type { Kysely } from 'kysely';
import type { BrandRegistry } from './brands';
import { ConfigError, type ServerConfig } from './config';
import type { Database } from './db';
import type { ServerDefinitions } from './definitions';

/** What a provider is built from. */
export interface ProviderDeps {
  db: Kysely<Database>;
  config: ServerConfig;
  brands: BrandRegistry;
  definitions: ServerDefinitions;
}

/** A catalogue text in the layers of the request's brand (its Host), for a sandbox's pages. */
export type RequestText = (request: Request, key: string, vars?: Record<string, string>) => string;

/** The texts of each request's brand. */
export const requestText = ({ brands, definitions }: ProviderDeps): RequestText =>
  (request, key, vars) => definitions.message(key, brands.forHost(request.headers.get('host')).selection, vars);

/**
 * The provider named `name` among `factories` (the sandbox and the registered ones), built from `deps`; an unknown
 * name is a ConfigError naming the variable, the kind and where to register one.
 * @example chooseProvider({ sandbox, ...registered }, config.idScanProvider, deps, { variable: 'IDSCAN_PROVIDER', kind: 'ID-scan', registry: 'idScanProviders' })
 */
export function chooseProvider<P>(factories: Record<string, (deps: ProviderDeps) => P>, name: string, deps: ProviderDeps, what: { variable: string; kind: string; registry: string }): P {
  const factory = factories[name];
  if (!factory) throw new ConfigError(`${what.variable} is '${name}', which no ${what.kind} provider is registered as; known: ${Object.keys(factories).join(', ')} (register one in ServerExtensions.${what.registry})`);
  return factory(deps);
}
