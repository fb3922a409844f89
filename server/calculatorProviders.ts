/**
 * Providers of the public calculator: rate-book catalogue, business registry, leads. Each defaults to its
 * embedded sandbox over the server's database; a deployment (or a test) installs a real adapter with
 * {@link installCalculatorProviders} before serving.
 */
import { tableCatalogue, type RatebookCatalogue } from './catalogue';
import type { ServerServices } from './context';
import { sandboxLeadProvider, type LeadProvider } from './leads/leadProvider';
import { sandboxBusinessRegistry, type BusinessRegistry } from './registry';

/** The calculator's providers. */
export interface CalculatorProviders {
  catalogue: RatebookCatalogue;
  businessRegistry: BusinessRegistry;
  leads: LeadProvider;
}

const installed = new WeakMap<ServerServices, CalculatorProviders>();

/** Replace some providers of a server (the others stay as they are). */
export function installCalculatorProviders(services: ServerServices, providers: Partial<CalculatorProviders>): void {
  installed.set(services, { ...calculatorProviders(services), ...providers });
}

/** The providers of a server: installed ones, else the sandboxes over its database. */
export function calculatorProviders(services: ServerServices): CalculatorProviders {
  let p = installed.get(services);
  if (!p) {
    const db = services.database.db;
    p = { catalogue: tableCatalogue(db), businessRegistry: sandboxBusinessRegistry(db), leads: sandboxLeadProvider(db) };
    installed.set(services, p);
  }
  return p;
}
