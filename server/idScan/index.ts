/** ID scan: the provider interface, the sandbox (default) and the choice of provider by configuration. */
import { chooseProvider, requestText, type ProviderDeps } from '../providerChoice';
import type { IdScanProvider } from './idScanProvider';
import { sandboxIdScan, sandboxIdScanStore } from './sandboxIdScan';
import { sandboxIdScanRoutes } from './sandboxRoutes';

export * from './idScanProvider';
export { sandboxIdScanStore, sampleLicences, CONTROL_OUTCOMES, SANDBOX_CAPTURE_PATH, type SandboxIdScanStore, type SampleLicence, type ControlOutcome } from './sandboxIdScan';
export { IDSCAN_CONTROL_PATH } from './sandboxRoutes';

/** What a provider is built from (server/providerChoice.ts). */
export type IdScanDeps = ProviderDeps;

/** Builds a provider; registered by name (ServerExtensions.idScanProviders) and chosen by IDSCAN_PROVIDER. */
export type IdScanFactory = (deps: IdScanDeps) => IdScanProvider;

/** The sandbox, with its capture page (texts of the Host's brand) and demo controls. */
export const sandboxIdScanFactory: IdScanFactory = (deps) => {
  const { db, config } = deps;
  const store = sandboxIdScanStore(db, config.secret);
  const text = requestText(deps);
  return { ...sandboxIdScan(db, store), routes: ({ demoControls }) => sandboxIdScanRoutes(store, text, demoControls) };
};

/** The configured provider (`config.idScanProvider`) among the sandbox and those registered; an unknown name stops the start. */
export function idScanProviderFor(deps: IdScanDeps, registered: Record<string, IdScanFactory> = {}): IdScanProvider {
  return chooseProvider({ sandbox: sandboxIdScanFactory, ...registered }, deps.config.idScanProvider, deps, { variable: 'IDSCAN_PROVIDER', kind: 'ID-scan', registry: 'idScanProviders' });
}
