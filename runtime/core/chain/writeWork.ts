import { setPath } from '../source/pointer';
import type { ScopedState } from '../flow/stepState';
import type { ChainWork } from './chainTypes';

/**
 * Writes page state at a dotted path below `state.` (e.g. `filters.makes`) into an event's working
 * copy; later effects and `then` events read it. Throws for a state name the step does not declare.
 */
export function writeState(defs: Record<string, ScopedState>, work: ChainWork, path: string, value: unknown): ChainWork {
  const [name, ...rest] = path.split('.');
  if (!Object.hasOwn(defs, name)) throw new Error(`unknown state '${name}'; known state: ${Object.keys(defs).join(', ')}`);
  const state = { ...work.state, [name]: rest.length ? setPath(work.state[name] ?? {}, rest.join('.'), value) : value };
  return { ...work, state, touched: work.touched.includes(name) ? work.touched : [...work.touched, name] };
}

/** Writes a context path into an event's working copy: `record.*` or `state.*`; other roots are ignored. */
export function writeWork(defs: Record<string, ScopedState>, work: ChainWork, path: string, value: unknown): ChainWork {
  if (path.startsWith('record.')) return { ...work, record: setPath(work.record, path.slice('record.'.length), value) };
  if (path.startsWith('state.')) return writeState(defs, work, path.slice('state.'.length), value);
  return work;
}
