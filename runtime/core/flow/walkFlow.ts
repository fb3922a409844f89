import type { BlockDef, FlowDef, TransitionDef } from '../types';
import { toPointer } from '../source/pointer';

/** One transition of a flow with where it sits. */
export interface TransitionSite {
  step: string;
  event: string;
  transition: TransitionDef;
  /** JSON pointer of the transition inside the flow file. */
  pointer: string;
}

/** One block of a flow (dialog children included) with where it sits. */
export interface BlockSite {
  step: string;
  block: BlockDef;
  pointer: string;
}

/** The transitions of one event in one step, always as a list. */
export function transitionsOf(flow: FlowDef, step: string, event: string): TransitionDef[] {
  const entry = flow.steps?.[step]?.on?.[event] ?? (flow.steps?.[step] ? flow.on?.[event] : undefined);
  if (entry === undefined) return [];
  return Array.isArray(entry) ? entry : [entry];
}

/** Every transition of a flow, in file order; the flow's own `on` entries count once per step that does not override them. */
export function eachTransition(flow: FlowDef): TransitionSite[] {
  const out: TransitionSite[] = [];
  const add = (step: string, event: string, entry: TransitionDef | TransitionDef[] | undefined, at: (string | number)[]) => {
    if (Array.isArray(entry)) entry.forEach((transition, i) => out.push({ step, event, transition, pointer: toPointer([...at, i]) }));
    else if (entry) out.push({ step, event, transition: entry, pointer: toPointer(at) });
  };
  for (const [step, def] of Object.entries(flow.steps ?? {})) {
    for (const [event, entry] of Object.entries(def?.on ?? {})) add(step, event, entry, ['steps', step, 'on', event]);
    for (const [event, entry] of Object.entries(flow.on ?? {})) if (!def?.on?.[event]) add(step, event, entry, ['on', event]);
  }
  return out;
}

/** Event names a step handles (its own and the flow's). */
export function eventsOf(flow: FlowDef, step: string): string[] {
  return [...new Set([...Object.keys(flow.steps?.[step]?.on ?? {}), ...Object.keys(flow.on ?? {})])];
}

/**
 * Every block of a flow in file order, the children of every container (any block with `blocks`:
 * dialogs, groups, lists ...) included; the layout's header and footer blocks have step ''.
 * Lint and the browser's start-up widget check both walk flows with this.
 */
export function eachBlock(flow: FlowDef): BlockSite[] {
  const out: BlockSite[] = [];
  const visit = (step: string, blocks: BlockDef[] | undefined, at: string) => {
    (Array.isArray(blocks) ? blocks : []).forEach((block, i) => {
      out.push({ step, block, pointer: `${at}/${i}` });
      if (block && 'blocks' in block) visit(step, block.blocks, `${at}/${i}/blocks`);
    });
  };
  for (const [step, def] of Object.entries(flow.steps ?? {})) visit(step, def?.blocks, toPointer(['steps', step, 'blocks']));
  visit('', flow.layout?.header, '/layout/header');
  visit('', flow.layout?.footer, '/layout/footer');
  return out;
}
