import type { LogicContext } from '../types';
import { encodeQuery } from '../query/codec';
import { queryDefs, stepStateDefs } from '../flow/stepState';
import { stepPath } from '../flow/stepRoute';
import type { ChainEffect, ChainSite, ChainStep, EventRun } from './chainTypes';

/**
 * An event whose effects all ran: keep what it wrote (record, stored page state), go where it
 * leads (a `navigate` effect's path, else the target step's route with its `query`, else the same
 * path with the new query when query state changed), and raise its `then` event next, which reads
 * the context after the writes.
 */
export function finishEvent(site: ChainSite, run: EventRun, effects: ChainEffect[]): ChainStep {
  const { flow, step, logic } = site;
  const { from, work, transition, target, go, input } = run;
  const out = [...effects];
  if (work.record !== from.record) out.push({ kind: 'setRecord', record: work.record });
  const defs = stepStateDefs(flow, step);
  const stored = work.touched.filter((name) => defs[name].def.source !== 'query');
  if (stored.length) out.push({ kind: 'storeState', entries: stored.map((name) => ({ scope: defs[name].scope, name, def: defs[name].def, value: work.state[name] })) });
  const after: LogicContext = { ...from, record: work.record, state: work.state };
  if (go) {
    out.push({ kind: 'go', ...go });
  } else if (target !== step || transition?.query) {
    const query = transition?.query
      ? encodeQuery(queryDefs(stepStateDefs(flow, target)), logic.evaluateTemplate(transition.query, { ...after, event: input.payload ?? {} }) as Record<string, unknown>)
      : '';
    out.push({ kind: 'go', to: stepPath(site.flows ?? {}, flow, target, (from.params ?? {}) as Record<string, unknown>) + query, replace: false });
  } else if (work.touched.some((name) => defs[name].def.source === 'query')) {
    const query = queryDefs(defs);
    const search = encodeQuery(query, Object.fromEntries(Object.keys(query).map((name) => [name, work.state[name]])));
    out.push({ kind: 'go', to: String((from.url as { path?: unknown } | undefined)?.path ?? '') + search, replace: input.replace === true });
  }
  const snapshot = { status: 'idle' as const, site, context: after };
  if (!transition?.then) return { snapshot, effects: out };
  return { snapshot, effects: out, next: { type: 'raise', event: transition.then, ...(input.payload ? { payload: input.payload } : {}), chained: true, ...(input.replace ? { replace: true } : {}) } };
}
