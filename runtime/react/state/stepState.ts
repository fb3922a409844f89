import { queryDefs, type ScopedState } from '../../core/flow';
import { decodeQuery } from '../../core/query';
import type { PageStateStore } from './pageStateStore';

/**
 * The `state` of the logic context: query values from `search`, the others from the store; with
 * `storage: false` (a server render and the browser's hydrating render) `local` ones are their defaults.
 */
export function readState(defs: Record<string, ScopedState>, store: PageStateStore, search: string, options: { storage?: boolean } = {}): Record<string, unknown> {
  const query = decodeQuery(queryDefs(defs), search);
  const out: Record<string, unknown> = {};
  for (const [name, { def, scope }] of Object.entries(defs)) out[name] = def.source === 'query' ? query[name] : def.source === 'local' && options.storage === false ? def.default : store.read(scope, name, def);
  return out;
}
