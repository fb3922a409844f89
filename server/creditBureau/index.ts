/** Credit bureau: the provider interface, the sandbox (default) and the choice of provider by configuration. */
import { chooseProvider, type ProviderDeps } from '../providerChoice';
import type { CreditBureauProvider } from './creditBureauProvider';
import { sandboxCreditBureau, sandboxCreditStore } from './sandboxCreditBureau';
import { sandboxCreditBureauRoutes } from './sandboxRoutes';

export * from './creditBureauProvider';
export { sandboxCreditStore, SANDBOX_OUTCOMES, TESTING_VALUES, type SandboxCreditStore, type SandboxOutcome } from './sandboxCreditBureau';
export { CREDIT_BUREAU_CONTROL_PATH } from './sandboxRoutes';

/** What a provider is built from (server/providerChoice.ts). */
export type CreditBureauDeps = ProviderDeps;

/** Builds a provider; registered by name (ServerExtensions.creditBureauProviders) and chosen by CREDIT_BUREAU_PROVIDER. */
export type CreditBureauFactory = (deps: CreditBureauDeps) => CreditBureauProvider;

/** The sandbox, with its demo controls. */
export const sandboxCreditBureauFactory: CreditBureauFactory = ({ db }) => {
  const store = sandboxCreditStore(db);
  return { ...sandboxCreditBureau(db), routes: ({ demoControls }) => sandboxCreditBureauRoutes(store, demoControls) };
};

/** The configured provider (`config.creditBureauProvider`) among the sandbox and those registered; an unknown name stops the start. */
export function creditBureauProviderFor(deps: CreditBureauDeps, registered: Record<string, CreditBureauFactory> = {}): CreditBureauProvider {
  return chooseProvider({ sandbox: sandboxCreditBureauFactory, ...registered }, deps.config.creditBureauProvider, deps, { variable: 'CREDIT_BUREAU_PROVIDER', kind: 'credit-bureau', registry: 'creditBureauProviders' });
}
