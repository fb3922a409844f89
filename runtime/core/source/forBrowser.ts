import type { DefinitionSet } from '../types';

/** The definition set without source positions: what a browser bundle needs (provenance then has no line numbers). */
export function forBrowser(defs: DefinitionSet): DefinitionSet {
  return { ...defs, sources: {} };
}
