/** Address autocomplete: the provider interface, the gazetteer sandbox (default) and the choice of provider by configuration. */
import type { Kysely } from 'kysely';
import { ConfigError, type ServerConfig } from '../config';
import type { Database } from '../db';
import type { AddressProvider } from './addressProvider';
import { sandboxAddressProvider } from './sandboxAddress';

export * from './addressProvider';
export { sandboxAddressProvider, SANDBOX_ADDRESS_ERROR } from './sandboxAddress';
export { addressRules, type AddressRules } from './addressSettings';

/** What a provider is built from. */
export interface AddressDeps {
  db: Kysely<Database>;
  config: ServerConfig;
}

/** Builds a provider; registered by name (ServerExtensions.addressProviders) and chosen by ADDRESS_PROVIDER. */
export type AddressFactory = (deps: AddressDeps) => AddressProvider;

/** The configured provider (`config.addressProvider`) among the sandbox and those registered; an unknown name stops the start. */
export function addressProviderFor(deps: AddressDeps, registered: Record<string, AddressFactory> = {}): AddressProvider {
  const factories: Record<string, AddressFactory> = { sandbox: ({ db }) => sandboxAddressProvider(db), ...registered };
  const name = deps.config.addressProvider;
  const factory = factories[name];
  if (!factory) throw new ConfigError(`ADDRESS_PROVIDER is '${name}', which no address provider is registered as; known: ${Object.keys(factories).join(', ')} (register one in ServerExtensions.addressProviders)`);
  return factory(deps);
}
