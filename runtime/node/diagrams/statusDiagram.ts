import { stepStatuses } from '../../core/flow';
import type { FlowDef, TransitionDef } from '../../core/types';
import { alternatives, guardPart, nodeIds, type DiagramView } from './flowchart';
import { mermaidEscape } from './logicLabel';

/**
 * The status machine a flow drives as a Mermaid state diagram: its statuses in order, the initial
 * one, and an edge for every transition that sets the status, from each status its step is active
 * in (`*` for a step active in any status, or the flow's own `on`), labelled `step.event [guard]`.
 * Undefined when the flow drives no status.
 * @example statusDiagramOf(defs.flows.primary) // "stateDiagram-v2\n  state \"orderVerification\" as st_orderVerification ..."
 */
export function statusDiagramOf(flow: FlowDef, view: DiagramView = {}): string | undefined {
  if (!flow.status) return undefined;
  const known = view.known ?? {};
  const stateId = nodeIds('st');
  const statuses = [...(flow.status.order ?? [])];
  const edges: string[] = [];
  const initial = flow.status.initial ?? statuses[0];
  if (initial !== undefined) edges.push(`  [*] --> ${stateId(initial)}`);
  let anyUsed = false;
  const draw = (step: string | undefined, event: string, entry: TransitionDef | TransitionDef[] | undefined) => {
    const list = alternatives(entry);
    list.forEach((t, i) => {
      if (t.status === undefined) return;
      if (!statuses.includes(t.status)) statuses.push(t.status);
      const from = step === undefined ? [] : stepStatuses(flow.steps[step]);
      if (from.length === 0) anyUsed = true;
      const text = [`${step ?? '*'}.${event}`, guardPart(list, i, known), t.by === 'server' ? '(server)' : undefined].filter(Boolean).join(' ');
      for (const status of from.length === 0 ? [undefined] : from) {
        edges.push(`  ${status === undefined ? 'any_' : stateId(status)} --> ${stateId(t.status)} : ${mermaidEscape(text)}`);
      }
    });
  };
  for (const [id, step] of Object.entries(flow.steps ?? {})) for (const [event, entry] of Object.entries(step?.on ?? {})) draw(id, event, entry);
  for (const [event, entry] of Object.entries(flow.on ?? {})) draw(undefined, event, entry);
  const states = statuses.map((s) => `  state "${mermaidEscape(s)}" as ${stateId(s)}`);
  if (anyUsed) states.push('  state "*" as any_');
  return ['stateDiagram-v2', '  direction LR', ...states, ...edges].join('\n') + '\n';
}
