import { eachBlock, isNamedRoute, namedStep, STATUS_TARGET, stepForStatus, stepPattern, stepStatuses } from '../../core/flow';
import type { FlowDef, Logic, TransitionDef } from '../../core/types';
import { logicLabel, mermaidEscape, type KnownRoots } from './logicLabel';

/** What one selection (e.g. a region x brand) adds to a flow's diagram. */
export interface DiagramView {
  /** Message key -> text of the selection; a step's `title` key is shown as its text. */
  messages?: Record<string, string>;
  /** Context roots whose values the selection fixes (e.g. `settings`): guards show them beside the path. */
  known?: KnownRoots;
  /** Every flow of the set: a named route to another flow's step (`navigate: { step: flow.step }`) is drawn by its path. */
  flows?: Record<string, FlowDef>;
  /** Draw a screen's sections (groups with a title) and dialogs as sub-nodes of its step (the studio's diagrams). */
  parts?: boolean;
}

/** Flow-level scope (the flow's own `on`, taken in every step). */
const FLOW = '';

/** Mermaid-safe node ids, unique per name: `prefix_name` with other characters as `_`. */
export function nodeIds(prefix: string): (name: string) => string {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  return (name) => {
    let id = ids.get(name);
    if (id) return id;
    const base = `${prefix}_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
    id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    ids.set(name, id);
    used.add(id);
    return id;
  };
}

/** The alternatives of one event entry, always as a list. */
export function alternatives(entry: TransitionDef | TransitionDef[] | undefined): TransitionDef[] {
  return entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
}

/** `[guard]`, or `[else]` for an unguarded alternative after guarded ones (the first that holds wins). */
export function guardPart(list: TransitionDef[], index: number, known: KnownRoots): string | undefined {
  const guard = list[index].guard;
  if (guard !== undefined) return `[${logicLabel(guard, known)}]`;
  return index > 0 && list.slice(0, index).some((t) => t.guard !== undefined) ? '[else]' : undefined;
}

/**
 * The routes a `navigate` value can produce, `*` where a value is read at run time: a path, a `cat` of parts
 * (an `if` among them gives one route per branch).
 */
function routeShapes(value: Logic): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return ['*'];
  const [op, args] = Object.entries(value)[0] ?? [];
  if (op === 'if' && Array.isArray(args)) return args.filter((_, i) => i % 2 === 1 || i === args.length - 1).flatMap(routeShapes);
  if (op !== 'cat' || !Array.isArray(args)) return ['*'];
  return args.reduce<string[]>((shapes, part) => shapes.flatMap((shape) => routeShapes(part as Logic).map((p) => shape + p)), ['']).slice(0, 16);
}

/**
 * The steps of the flow a transition's `navigate` effects open: a route shape matches a step's pattern segment
 * by segment, a `*` only where the pattern has a `:param` (a step chosen by a value read at run time is not drawn).
 */
export function navigationTargets(flow: FlowDef, transition: TransitionDef, flows: Record<string, FlowDef> = {}): string[] {
  const named = (step: unknown): string[] => {
    const found = typeof step === 'string' ? namedStep({ ...flows, [flow.id]: flow }, flow, step) : undefined;
    return found ? [stepPattern(found.flow, found.step)] : [];
  };
  const shapes = (transition.effects ?? []).flatMap((effect) => {
    if (!('navigate' in effect)) return [];
    return isNamedRoute(effect.navigate) ? named(effect.navigate.step) : routeShapes(effect.navigate as Logic);
  });
  const out = new Set<string>();
  for (const shape of shapes) {
    const parts = shape.split('?')[0].split('/');
    for (const stepId of Object.keys(flow.steps ?? {})) {
      const pattern = stepPattern(flow, stepId).split('/');
      if (pattern.length === parts.length && pattern.every((p, i) => (p.startsWith(':') ? parts[i] !== '' : p === parts[i]))) out.add(stepId);
    }
  }
  return [...out];
}

/**
 * A flow as a Mermaid flowchart: one node per step (id, title, statuses), one edge per transition
 * alternative labelled with its event, guard and status change, an edge to the step its effects navigate to
 * (when that is a step of the flow), a self-loop where it stays, and the
 * flow's own `on` drawn once from a `*` node. An event some `then` raises gets a hexagon node of its
 * own: the raising transition reaches it by a dotted edge, and its alternatives leave from it.
 * @example flowchartOf(defs.flows.primary, { messages: layers.messages, known: { settings: layers.settings } })
 */
export function flowchartOf(flow: FlowDef, view: DiagramView = {}): string {
  const known = view.known ?? {};
  const stepId = nodeIds('s');
  const eventId = nodeIds('e');
  const steps = flow.steps ?? {};
  const flowOn = flow.on ?? {};
  const nodes: string[] = [];
  const edges: string[] = [];
  const declared = new Set<string>();
  const declare = (id: string, shape: string) => {
    if (declared.has(id)) return;
    declared.add(id);
    nodes.push(`  ${id}${shape}`);
  };
  const label = (lines: (string | undefined)[]) => lines.filter(Boolean).map((l) => mermaidEscape(l as string)).join('<br/>');

  // The scope a `then` event is taken in: the step's own entry, else the flow's.
  const scopeOf = (scope: string, event: string) => (scope !== FLOW && steps[scope]?.on?.[event] !== undefined ? scope : flowOn[event] !== undefined ? FLOW : scope);
  const chained = new Set<string>();
  for (const [scope, on] of [...Object.entries(steps).map(([id, step]) => [id, step?.on ?? {}] as const), [FLOW, flowOn] as const]) {
    for (const entry of Object.values(on)) {
      for (const t of alternatives(entry)) if (t.then) chained.add(JSON.stringify([scopeOf(scope, t.then), t.then]));
    }
  }
  const anyId = 'any_';
  const scopeNode = (scope: string) => (scope === FLOW ? anyId : stepId(scope));
  const eventNode = (scope: string, event: string) => {
    const id = eventId(`${scope || '_flow'}_${event}`);
    declare(id, `{{"${label([event])}"}}`);
    return id;
  };

  declare('start_', '((" "))');
  const parts = view.parts ? partsOf(flow, view.messages ?? {}) : new Map<string, Part[]>();
  for (const [id, step] of Object.entries(steps)) {
    const title = step?.title ? (view.messages?.[step.title] ?? step.title) : undefined;
    const statuses = stepStatuses(step);
    const text = [`<b>${mermaidEscape(id)}</b>`, title && mermaidEscape(cutTitle(title)), statuses.length > 0 ? `<i>${mermaidEscape(`status: ${statuses.join(', ')}`)}</i>` : undefined];
    const own = parts.get(id) ?? [];
    if (own.length === 0) {
      declare(stepId(id), `["${text.filter(Boolean).join('<br/>')}"]`);
      continue;
    }
    // The step and its sections and dialogs in one box (a subgraph): edges still reach the step's node.
    nodes.push(`  subgraph ${stepId(id)}_parts [" "]`, '    direction TB');
    declare(stepId(id), `["${text.filter(Boolean).join('<br/>')}"]`);
    own.forEach((part, i) => declare(`${stepId(id)}_p${i}`, part.kind === 'dialog' ? `(["${mermaidEscape(`dialog: ${cutTitle(part.label)}`)}"])` : `[/"${mermaidEscape(cutTitle(part.label))}"/]`));
    nodes.push('  end');
    own.forEach((_, i) => edges.push(`  ${stepId(id)} --- ${stepId(id)}_p${i}`));
  }
  if (Object.keys(flowOn).length > 0) declare(anyId, '(["*"])');
  edges.push(`  start_ --> ${stepId(flow.initial)}`);

  const draw = (scope: string, event: string, entry: TransitionDef | TransitionDef[] | undefined) => {
    const list = alternatives(entry);
    const fromEvent = chained.has(JSON.stringify([scope, event]));
    const source = fromEvent ? eventNode(scope, event) : scopeNode(scope);
    list.forEach((t, i) => {
      const head = [fromEvent ? undefined : event, t.by === 'server' ? '(server)' : undefined].filter(Boolean).join(' ');
      const text = label([head, guardPart(list, i, known), t.status === undefined ? undefined : `status: ${t.status}`]);
      const arrow = (kind: string, to: string, words: string) => edges.push(`  ${source} ${kind}${words ? `|"${words}"|` : ''} ${to}`);
      let target: string | undefined;
      if (t.target === STATUS_TARGET) {
        const step = stepForStatus(flow, t.status);
        target = step ? stepId(step) : 'status_';
        if (!step) declare('status_', `(["${STATUS_TARGET}"])`);
      } else if (t.target !== undefined) target = stepId(t.target);
      // Where its effects navigate, when that is a step of this flow (else it stays: a self-loop).
      const navigated = target ? [] : navigationTargets(flow, t, view.flows).map(stepId);
      if (t.then) {
        if (target) arrow('-->', target, text);
        for (const to of navigated) arrow('-->', to, text);
        arrow('-.->', eventNode(scopeOf(scope, t.then), t.then), target || navigated.length ? 'then' : text);
      } else if (navigated.length) for (const to of navigated) arrow('-->', to, text);
      else arrow('-->', target ?? scopeNode(scope), text);
    });
  };
  for (const [id, step] of Object.entries(steps)) for (const [event, entry] of Object.entries(step?.on ?? {})) draw(id, event, entry);
  for (const [event, entry] of Object.entries(flowOn)) draw(FLOW, event, entry);
  return ['flowchart TD', ...nodes, ...edges].join('\n') + '\n';
}

/** A section (a group with a title) or a dialog of a step's screen. */
interface Part { kind: 'section' | 'dialog'; label: string }

/** Each step's sections and dialogs, in file order (their title's text, else their id). */
function partsOf(flow: FlowDef, messages: Record<string, string>): Map<string, Part[]> {
  const out = new Map<string, Part[]>();
  for (const { step, block } of eachBlock(flow)) {
    const b = block as { type?: string; title?: unknown; id?: unknown } | undefined;
    if (!step || !b || (b.type !== 'dialog' && !(b.type === 'group' && b.title))) continue;
    const title = typeof b.title === 'string' ? (messages[b.title] ?? b.title) : undefined;
    const label = title ?? (typeof b.id === 'string' ? b.id : b.type);
    out.set(step, [...(out.get(step) ?? []), { kind: b.type === 'dialog' ? 'dialog' : 'section', label }]);
  }
  return out;
}

function cutTitle(title: string): string {
  return title.length > 48 ? `${title.slice(0, 47)}…` : title;
}
