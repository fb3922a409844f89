/** E-signature: the provider interface, the sandbox (default) and the choice of provider by configuration. */
import type { Kysely } from 'kysely';
import type { BrandRegistry } from '../brands';
import { ConfigError, type ServerConfig } from '../config';
import type { Database } from '../db';
import type { ServerDefinitions } from '../definitions';
import type { ESignatureProvider } from './eSignatureProvider';
import { sandboxESignature, sandboxStore } from './sandboxESignature';
import { sandboxRoutes } from './sandboxRoutes';

export * from './eSignatureProvider';
export { quoteFacts, quoteFileName, quotePdf, type QuoteFacts, type QuoteText } from './quotePdf';
export { sandboxStore, SANDBOX_SIGNING_PATH, type SandboxStore, type SandboxEnvelope } from './sandboxESignature';
export { SANDBOX_CONTROL_PATH } from './sandboxRoutes';

/** What a provider is built from. */
export interface ESignatureDeps {
  db: Kysely<Database>;
  config: ServerConfig;
  brands: BrandRegistry;
  definitions: ServerDefinitions;
}

/** Builds a provider; registered by name (ServerExtensions.eSignatureProviders) and chosen by ESIGN_PROVIDER. */
export type ESignatureFactory = (deps: ESignatureDeps) => ESignatureProvider;

/** The sandbox, with its signing page (texts of the Host's brand) and demo controls. */
export const sandboxFactory: ESignatureFactory = ({ db, config, brands, definitions }) => {
  const store = sandboxStore(db, config.secret);
  const text = (request: Request, key: string, vars?: Record<string, string>) => definitions.message(key, brands.forHost(request.headers.get('host')).selection, vars);
  return { ...sandboxESignature(db, store), routes: ({ demoControls }) => sandboxRoutes(store, text, demoControls) };
};

/** The configured provider (`config.eSignatureProvider`) among the sandbox and those registered; an unknown name stops the start. */
export function eSignatureProviderFor(deps: ESignatureDeps, registered: Record<string, ESignatureFactory> = {}): ESignatureProvider {
  const factories: Record<string, ESignatureFactory> = { sandbox: sandboxFactory, ...registered };
  const name = deps.config.eSignatureProvider;
  const factory = factories[name];
  if (!factory) throw new ConfigError(`ESIGN_PROVIDER is '${name}', which no e-signature provider is registered as; known: ${Object.keys(factories).join(', ')} (register one in ServerExtensions.eSignatureProviders)`);
  return factory(deps);
}
