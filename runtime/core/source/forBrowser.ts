import type { DefinitionSet } from '../types';

/** The definition set without source positions, snapshot and migrations: what a browser bundle needs (provenance then has no line numbers). */
export function forBrowser(defs: DefinitionSet): DefinitionSet {
  const { published: _published, migrations: _migrations, ...rest } = defs;
  return { ...rest, sources: {} };
}
