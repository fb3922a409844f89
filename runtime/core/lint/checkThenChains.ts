import type { DefinitionError, DefinitionSet, FlowDef } from '../types';
import { didYouMean, errorAt } from '../source';
import { eachTransition, eventsOf, transitionsOf } from '../flow/walkFlow';

/** A `then` of one transition: from the event it belongs to, to the event it raises. */
interface ThenEdge {
  from: string;
  to: string;
  /** JSON pointer of the `then` inside the flow file. */
  pointer: string;
}

/** A finding of {@link thenChainProblems}, before it gets its file position. */
export interface ThenProblem {
  pointer: string;
  message: string;
  hint: string;
}

/**
 * Problems of a flow's `then` chains. A chain's events are taken in the step that raised the
 * first, so each step is checked on its own: a `then` naming an event the step does not handle,
 * and a cycle, i.e. a chain that can come back to an event already in it (whatever the guards
 * say), reported once at the `then` that closes it.
 */
export function thenChainProblems(flow: FlowDef): ThenProblem[] {
  const out = new Map<string, ThenProblem>();
  const sites = eachTransition(flow);
  for (const step of Object.keys(flow.steps ?? {})) {
    const edges: ThenEdge[] = sites
      .filter((s) => s.step === step && typeof s.transition?.then === 'string')
      .map((s) => ({ from: s.event, to: s.transition.then as string, pointer: `${s.pointer}/then` }));
    for (const edge of edges) {
      if (transitionsOf(flow, step, edge.to).length || out.has(edge.pointer)) continue;
      const hint = didYouMean(edge.to, eventsOf(flow, step));
      out.set(edge.pointer, { pointer: edge.pointer, message: `'then' raises '${edge.to}', which step '${step}' does not handle`, hint: hint.startsWith('did you mean') ? hint : `add '${edge.to}' to the step's or the flow's 'on'` });
    }
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (event: string) => {
      state.set(event, 'open');
      path.push(event);
      for (const edge of edges.filter((e) => e.from === event)) {
        if (state.get(edge.to) === 'open') {
          if (out.has(edge.pointer)) continue;
          const cycle = [...path.slice(path.indexOf(edge.to)), edge.to].join(' -> ');
          out.set(edge.pointer, { pointer: edge.pointer, message: `'then' cycle in step '${step}': ${cycle}`, hint: 'a then chain must end: remove this then, or let a block or another event raise the event' });
        } else if (!state.has(edge.to)) {
          visit(edge.to);
        }
      }
      path.pop();
      state.set(event, 'done');
    };
    for (const edge of edges) if (!state.has(edge.from)) visit(edge.from);
  }
  return [...out.values()];
}

/** A finding at file:line:column for every `then` cycle and every `then` naming an unhandled event. */
export function checkThenChains(defs: DefinitionSet): DefinitionError[] {
  return Object.entries(defs.flows).flatMap(([id, flow]) =>
    thenChainProblems(flow).map((p) => errorAt(defs.sources, defs.flowFiles[id], p.pointer, p.message, p.hint)));
}
