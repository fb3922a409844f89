/** CRM: the provider interface, the sandbox (default) and the choice of provider by configuration. */
import { chooseProvider, type ProviderDeps } from '../providerChoice';
import type { CrmProvider } from './crmProvider';
import { sandboxCrm } from './sandboxCrm';
import { sandboxCrmRoutes } from './sandboxRoutes';

export * from './crmProvider';
export { sandboxCrm, type CrmSeed, type CrmSandboxRecord, type SandboxCrmStore } from './sandboxCrm';
export { CRM_CONTROL_PATH } from './sandboxRoutes';
export * from './creditApplication';

/** Builds a provider; registered by name (ServerExtensions.crmProviders) and chosen by CRM_PROVIDER. */
export type CrmFactory = (deps: ProviderDeps) => CrmProvider;

/** The sandbox, with its demo controls; `seed` is how the demo seed writes a customer's records. */
export const sandboxCrmFactory: CrmFactory = ({ db }) => {
  const store = sandboxCrm(db);
  return { ...store, routes: ({ demoControls }) => sandboxCrmRoutes(db, store, demoControls) };
};

/** The configured provider (`config.crmProvider`) among the sandbox and those registered; an unknown name stops the start. */
export function crmProviderFor(deps: ProviderDeps, registered: Record<string, CrmFactory> = {}): CrmProvider {
  return chooseProvider({ sandbox: sandboxCrmFactory, ...registered }, deps.config.crmProvider, deps, { variable: 'CRM_PROVIDER', kind: 'CRM', registry: 'crmProviders' });
}
