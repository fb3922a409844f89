import { useEffect, useMemo, useRef, useState } from 'react';
import type { LogicInstance } from '../../core/logic';
import type { LoadDef, LoadState, LogicContext } from '../../core/types';
import type { GraphQLClient } from '../bindings/createGraphQLClient';
import { loadKey, type PreloadedLoads } from '../RuntimeContext';
import { updateScreen } from './updateScreen';

const IDLE: LoadState = { status: 'idle' };

/**
 * A step's loads (`load:`): each runs on entry and again whenever its evaluated variables change
 * (after `debounceMs`), through the same GraphQL client as effects. A late answer to an
 * older request is dropped. Returns `name -> LoadState` for the logic context's `data`.
 * With `preloaded` (a server render and the browser's hydrating render), a load whose answer is there
 * starts done with it and is not sent; one that is not is added to `preloaded.requested` (server passes).
 */
export function useLoads(defs: Record<string, LoadDef> | undefined, context: LogicContext, graphql: GraphQLClient, logic: LogicInstance, preloaded?: PreloadedLoads): Record<string, LoadState> {
  const entries = Object.entries(defs ?? {});
  // One key per load: its variables as JSON, or '' while its `when` does not hold.
  const keys = entries.map(([, def]) => (logic.holds(def.when, context) ? JSON.stringify(logic.evaluateTemplate(def.variables ?? {}, context)) : ''));
  const signature = JSON.stringify(keys);
  // The answers the server rendered with, and for each load the variables they answer (not asked again).
  const [initial] = useState(() => {
    const out = { data: {} as Record<string, LoadState>, served: {} as Record<string, string> };
    entries.forEach(([name, def], i) => {
      if (!keys[i] || !preloaded) return;
      const key = loadKey(def.call, keys[i]);
      if (Object.hasOwn(preloaded.answers, key)) {
        out.data[name] = { status: 'done', value: preloaded.answers[key] };
        out.served[name] = keys[i];
      } else preloaded.requested?.set(key, { call: def.call, variables: JSON.parse(keys[i]) as Record<string, unknown> });
    });
    return out;
  });
  const [data, setData] = useState<Record<string, LoadState>>(initial.data);
  // Loads start and answer outside the visitor's input: their screen updates yield to the browser (updateScreen).
  const update = (next: (d: Record<string, LoadState>) => Record<string, LoadState>) => updateScreen(() => setData(next));
  const sequence = useRef<Record<string, number>>({});

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    entries.forEach(([name, def], i) => {
      const key = keys[i];
      if (key && initial.served[name] === key) return;
      delete initial.served[name];
      const seq = (sequence.current[name] = (sequence.current[name] ?? 0) + 1);
      if (!key) {
        update((d) => (d[name] === undefined || d[name].status === 'idle' ? d : { ...d, [name]: IDLE }));
        return;
      }
      const start = () => {
        update((d) => ({ ...d, [name]: { status: 'loading', value: d[name]?.status === 'done' ? d[name].value : undefined } }));
        graphql.call(def.call, JSON.parse(key) as Record<string, unknown>).then(
          (value) => { if (sequence.current[name] === seq) update((d) => ({ ...d, [name]: { status: 'done', value } })); },
          (err: unknown) => {
            console.error(err);
            if (sequence.current[name] === seq) update((d) => ({ ...d, [name]: { status: 'error', error: err instanceof Error ? err.message : 'Error' } }));
          },
        );
      };
      if (def.debounceMs) timers.push(setTimeout(start, def.debounceMs));
      else start();
    });
    return () => timers.forEach(clearTimeout);
    // The signature captures every input that matters (names and evaluated variables).
  }, [signature, graphql]);

  return useMemo(() => Object.fromEntries(entries.map(([name]) => [name, data[name] ?? IDLE])), [data, signature]);
}
