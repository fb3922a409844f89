import { matchPath } from 'react-router-dom';
import { addPart, type FlowPart, type RouteTable } from '../../core/bundleParts';
import { loadBlockViews } from '../blocks/BlockList';
import type { RuntimeBundle } from '../types';
import { usable } from '../usable';

/**
 * A bundle whose flows arrive in parts (runtime/core `splitBundle`): it starts as the core (every flow a route
 * stub) and `load(flowId)` fetches that flow's part once and adds it to the bundle, in place, with the lazily
 * loaded views laid out with its pages (trackers, steppers: blocks/BlockList.tsx `loadBlockViews`). `StepChooser`
 * shows a step once its flow's part is there (it suspends until then); the app loads the parts of the first
 * screen's path before its first render ({@link flowsAt}), so a first screen, and its hydration, never waits.
 */
export interface FlowParts {
  /** Whether `flowId`'s part has been added. */
  ready(flowId: string): boolean;
  /** `flowId`'s part, fetched once and added to the bundle (a failed fetch is asked again next time); the same promise each time. */
  load(flowId: string): Promise<void>;
}

/**
 * The parts of `bundle`'s flows: `fetchPart` fetches one; `check` sees each before it is added (it may throw:
 * e.g. a widget the registry lacks).
 * @example
 * const parts = flowParts(core, (id) => fetch(files.parts[id]).then((r) => r.json()));
 * await Promise.all(flowsAt(files.routes, location.pathname).map(parts.load));
 */
export function flowParts(bundle: RuntimeBundle, fetchPart: (flowId: string) => Promise<FlowPart>, check?: (part: FlowPart) => void): FlowParts {
  const loading = new Map<string, Promise<void>>();
  const added = new Set<string>();
  return {
    ready: (flowId) => added.has(flowId),
    load(flowId) {
      let promise = loading.get(flowId);
      if (!promise) {
        // Usable: a render that reads it once the part is there does not suspend.
        promise = usable(fetchPart(flowId).then(async (part) => {
          check?.(part);
          await loadBlockViews(Object.values(part.flows));
          addPart(bundle, part);
          added.add(flowId);
        }));
        promise.catch(() => loading.delete(flowId));
        loading.set(flowId, promise);
      }
      return promise;
    },
  };
}

/** The flows with a step at `path` (its route or an alias, from runtime/core's `routeTable`); none: the path goes to the home flow. */
export function flowsAt(routes: RouteTable, path: string): string[] {
  return [...new Set(routes.filter(([pattern]) => matchPath(pattern, path)).map(([, flowId]) => flowId))];
}
