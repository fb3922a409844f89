/** E-signature: the provider interface, the sandbox (default) and the choice of provider by configuration. */
import { chooseProvider, requestText, type ProviderDeps } from '../providerChoice';
import type { ESignatureProvider } from './eSignatureProvider';
import { sandboxESignature, sandboxStore } from './sandboxESignature';
import { sandboxRoutes } from './sandboxRoutes';

export * from './eSignatureProvider';
export { quoteFacts, quoteFileName, quotePdf, type QuoteFacts, type QuoteText } from './quotePdf';
export { sandboxStore, SANDBOX_SIGNING_PATH, type SandboxStore, type SandboxEnvelope } from './sandboxESignature';
export { SANDBOX_CONTROL_PATH } from './sandboxRoutes';

/** What a provider is built from (server/providerChoice.ts). */
export type ESignatureDeps = ProviderDeps;

/** Builds a provider; registered by name (ServerExtensions.eSignatureProviders) and chosen by ESIGN_PROVIDER. */
export type ESignatureFactory = (deps: ESignatureDeps) => ESignatureProvider;

/** The sandbox, with its signing page (texts of the Host's brand) and demo controls. */
export const sandboxFactory: ESignatureFactory = (deps) => {
  const { db, config } = deps;
  const store = sandboxStore(db, config.secret);
  const text = requestText(deps);
  return { ...sandboxESignature(db, store), routes: ({ demoControls }) => sandboxRoutes(store, text, demoControls) };
};

/** The configured provider (`config.eSignatureProvider`) among the sandbox and those registered; an unknown name stops the start. */
export function eSignatureProviderFor(deps: ESignatureDeps, registered: Record<string, ESignatureFactory> = {}): ESignatureProvider {
  return chooseProvider({ sandbox: sandboxFactory, ...registered }, deps.config.eSignatureProvider, deps, { variable: 'ESIGN_PROVIDER', kind: 'e-signature', registry: 'eSignatureProviders' });
}
