import { resolveLayers } from '../../core/layers';
import { servedCombinations } from '../../core/lint';
import type { DefinitionSet, FlowDef } from '../../core/types';
import { flowchartOf, type DiagramView } from './flowchart';
import { statusDiagramOf } from './statusDiagram';

/** One distinct rendering of a flow, and the selections that render it so. */
export interface DiagramVariant {
  /** The rendering of the default selection (the config's `defaults`); the others differ from it. */
  isDefault: boolean;
  /** The full selections (e.g. each region x brand) whose rendering this is. */
  selections: Record<string, string>[];
  /** Mermaid flowchart of the steps and transitions. */
  flowchart: string;
  /** Mermaid state diagram of the status machine, when the flow drives one. */
  status?: string;
  /** File names (no folder) the texts are written to. */
  files: { flowchart: string; status?: string };
}

/** The diagrams of one flow. */
export interface FlowDiagrams {
  flow: string;
  /** The flow's file, e.g. `flows/primary.yaml`. */
  file: string;
  /** The flow's `description`, if any. */
  description?: string;
  /** The default rendering first, then each other distinct one. */
  variants: DiagramVariant[];
}

/** A selection as `name=value` pairs, e.g. `region=au brand=acme-au`. */
export function selectionLabel(selection: Record<string, string>): string {
  return Object.entries(selection).map(([k, v]) => `${k}=${v}`).join(' ') || 'defaults';
}

/** The flowchart and status diagram of a flow for one view (one selection's texts and settings). */
export function flowDiagram(flow: FlowDef, view: DiagramView = {}): { flowchart: string; status?: string } {
  const status = statusDiagramOf(flow, view);
  return status === undefined ? { flowchart: flowchartOf(flow, view) } : { flowchart: flowchartOf(flow, view), status };
}

/**
 * Every flow's diagrams, rendered for the default selection and for every served selection
 * (each region x brand some layer file serves); a selection gets its own variant only where its
 * text differs from the default's, and selections rendering alike share one.
 * @example flowDiagrams(loadDefinitionsFromDir(root).defs).map((d) => d.variants.length)
 */
export function flowDiagrams(defs: DefinitionSet, options: { selections?: Record<string, string>[] } = {}): FlowDiagrams[] {
  const defaults = defs.config.defaults ?? {};
  const views = new Map<string, DiagramView>();
  const viewOf = (selection: Record<string, string>): DiagramView => {
    const key = JSON.stringify(selection);
    let view = views.get(key);
    if (!view) {
      const layers = resolveLayers(defs, selection);
      view = { messages: layers.messages, known: { settings: layers.settings, selection: { ...defaults, ...selection } }, flows: defs.flows };
      views.set(key, view);
    }
    return view;
  };
  const selections = options.selections ?? servedCombinations(defs);
  return Object.keys(defs.flows).sort().map((id) => {
    const flow = defs.flows[id];
    const fallback = flowDiagram(flow, viewOf(defaults));
    const variants: DiagramVariant[] = [{ isDefault: true, selections: [], ...fallback, files: fileNames(id, '', fallback.status !== undefined) }];
    const byText = new Map<string, DiagramVariant>([[textKey(fallback), variants[0]]]);
    for (const selection of selections) {
      const rendered = flowDiagram(flow, viewOf(selection));
      const key = textKey(rendered);
      let variant = byText.get(key);
      if (!variant) {
        const suffix = `--${Object.values(selection).join('-').replace(/[^A-Za-z0-9_-]/g, '_')}`;
        variant = { isDefault: false, selections: [], ...rendered, files: fileNames(id, suffix, rendered.status !== undefined) };
        byText.set(key, variant);
        variants.push(variant);
      }
      variant.selections.push(selection);
    }
    const { description } = flow;
    return { flow: id, file: defs.flowFiles[id], ...(typeof description === 'string' ? { description } : {}), variants };
  });
}

function textKey(diagram: { flowchart: string; status?: string }): string {
  return `${diagram.flowchart}\u0000${diagram.status ?? ''}`;
}

function fileNames(flow: string, suffix: string, hasStatus: boolean): DiagramVariant['files'] {
  const flowchart = `${flow}${suffix}.mmd`;
  return hasStatus ? { flowchart, status: `${flow}${suffix}.status.mmd` } : { flowchart };
}
