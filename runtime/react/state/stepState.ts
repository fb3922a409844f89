import { decodeQuery, encodeQuery } from '../../core/query';
import { getPath, setPath } from '../../core/source/pointer';
import type { FlowDef, StateDef } from '../../core/types';
import type { PageStateStore } from './pageStateStore';

/** A state name with its definition and where it is stored. */
export interface ScopedState {
  def: StateDef;
  /** Storage scope: the flow id (flow state) or `flow/step` (step state). */
  scope: string;
}

/** The state definitions a step sees: the flow's, then its own (same name: the step's wins). */
export function stepStateDefs(flow: FlowDef, stepId: string): Record<string, ScopedState> {
  const out: Record<string, ScopedState> = {};
  for (const [name, def] of Object.entries(flow.state ?? {})) out[name] = { def, scope: flow.id };
  for (const [name, def] of Object.entries(flow.steps[stepId]?.state ?? {})) out[name] = { def, scope: `${flow.id}/${stepId}` };
  return out;
}

/** Query-state definitions only. */
export function queryDefs(defs: Record<string, ScopedState>): Record<string, StateDef> {
  return Object.fromEntries(Object.entries(defs).filter(([, s]) => s.def.source === 'query').map(([n, s]) => [n, s.def]));
}

/** The `state` of the logic context: query values from `search`, the others from the store. */
export function readState(defs: Record<string, ScopedState>, store: PageStateStore, search: string): Record<string, unknown> {
  const query = decodeQuery(queryDefs(defs), search);
  const out: Record<string, unknown> = {};
  for (const [name, { def, scope }] of Object.entries(defs)) out[name] = def.source === 'query' ? query[name] : store.read(scope, name, def);
  return out;
}

/**
 * Collects `state.*` writes of one event: each write updates a working copy (later effects and
 * `then` events read it); `commit` stores memory / local values and answers the new query string
 * when a query value changed (undefined otherwise).
 */
export class StateWrites {
  readonly state: Record<string, unknown>;
  private touched = new Set<string>();

  constructor(private defs: Record<string, ScopedState>, state: Record<string, unknown>) {
    this.state = { ...state };
  }

  /** Applies a write at a dotted path below `state.` (e.g. `filters.makes`); unknown names are refused. */
  write(path: string, value: unknown): void {
    const [name, ...rest] = path.split('.');
    if (!this.defs[name]) throw new Error(`unknown state '${name}'; known state: ${Object.keys(this.defs).join(', ')}`);
    this.state[name] = rest.length ? setPath(this.state[name] ?? {}, rest.join('.'), value) : value;
    this.touched.add(name);
  }

  /** Reads a value of the working copy. */
  read(path: string): unknown {
    return getPath(this.state, path);
  }

  /** Stores the touched memory / local values; returns the new query string if query state changed. */
  commit(store: PageStateStore): string | undefined {
    const stored = [...this.touched].filter((n) => this.defs[n].def.source !== 'query');
    store.write(stored.map((name) => ({ scope: this.defs[name].scope, name, def: this.defs[name].def, value: this.state[name] })));
    if (![...this.touched].some((n) => this.defs[n].def.source === 'query')) return undefined;
    const query = queryDefs(this.defs);
    return encodeQuery(query, Object.fromEntries(Object.keys(query).map((n) => [n, this.state[n]])));
  }
}
