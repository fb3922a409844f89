import { parse } from 'yaml';
import type { ChainExecutor, FlowDef, LogicContext } from '../../../../runtime/core';

/** A flow whose events chain through calls, `then` events guarded on call results, navigation and page state. */
export const CHAIN_FLOW = parse(`
id: chain
basePath: /items/:itemId
initial: form
status: { field: status, order: [draft, sent] }
state:
  answer: { source: memory }
  error: { source: memory }
  count: { source: local, default: 0 }
steps:
  form:
    state:
      page: { source: query, type: int, default: 1 }
      tags: { source: query, type: list, default: [] }
    on:
      submit:
        effects:
          - { set: state.error, value: null }
          - call: save
            variables: { name: { var: event.form.name } }
            result: state.answer
        then: saved
      saved:
        - guard: { var: state.answer.ok }
          status: sent
          target: done
        - effects: [{ set: state.error, value: { var: state.answer.message } }]
      sync:
        effects:
          - { call: load, onError: log, result: record.loaded }
          - { set: state.count, value: 5 }
        then: synced
      synced:
        guard: { var: record.loaded }
        effects: [{ effect: notify, params: { loaded: { var: record.loaded } } }]
      # A failure the error dialog shows without Try Again, and one only logged (registered effects).
      download:
        effects: [{ effect: download, params: { id: { var: params.itemId } }, onError: dialog }]
      share:
        effects:
          - { effect: share, onError: log }
          - { set: state.count, value: 9 }
      leave:
        effects: [{ navigate: { cat: [/elsewhere/, { var: params.itemId }] }, replace: true }]
        target: done
      search:
        target: done
        query: { page: { var: event.page }, tags: [a, b] }
      nextPage: { effects: [{ set: state.page, value: { '+': [{ var: state.page }, 1] } }] }
      pick: { effects: [{ set: state.tags, value: { var: event.value } }] }
      a: { effects: [{ set: state.count, value: { '+': [{ var: state.count }, 1] } }], then: b }
      b: { effects: [{ set: state.count, value: { '+': [{ var: state.count }, 1] } }], then: c }
      c: { effects: [{ set: state.count, value: { '+': [{ var: state.count }, 1] } }], then: d }
      d: { effects: [{ set: state.count, value: { '+': [{ var: state.count }, 1] } }], then: e }
      e: { effects: [{ set: state.count, value: { '+': [{ var: state.count }, 1] } }], then: f }
      f: { effects: [{ set: state.count, value: { '+': [{ var: state.count }, 1] } }], then: g }
      g: { effects: [{ set: state.count, value: { '+': [{ var: state.count }, 1] } }] }
  done:
    route: finished
    state:
      page: { source: query, type: int, default: 1 }
      tags: { source: query, type: list, default: [] }
`) as FlowDef;

/** The context of the form step at /items/7/form. */
export const CONTEXT: LogicContext = {
  record: { id: 'r1' },
  params: { itemId: '7' },
  url: { path: '/items/7/form', search: '' },
  state: { answer: undefined, error: undefined, count: 0, page: 1, tags: [] },
};

/** What the fake executor answers: a value, or an Error to fail with; a list answers call by call. */
export type Answers = Record<string, unknown>;

/**
 * A fake executor: no React, no network. Records every effect it is asked to run, in order, and
 * answers calls and named effects from `answers`.
 */
export function fakeExecutor(answers: Answers = {}): { executor: ChainExecutor; log: unknown[][] } {
  const log: unknown[][] = [];
  const counts: Record<string, number> = {};
  const answer = (name: string): unknown => {
    const given = answers[name];
    const value = Array.isArray(given) ? given[Math.min(counts[name] ?? 0, given.length - 1)] : given;
    counts[name] = (counts[name] ?? 0) + 1;
    if (value instanceof Error) throw value;
    return value;
  };
  const executor: ChainExecutor = {
    call: async (operation, variables) => {
      log.push(['call', operation, variables]);
      return answer(operation);
    },
    effect: async (name, params) => {
      log.push(['effect', name, params]);
      answer(name);
    },
    setRecord: (record) => log.push(['setRecord', record]),
    storeState: (entries) => log.push(['storeState', Object.fromEntries(entries.map((e) => [`${e.scope}.${e.name}`, e.value]))]),
    go: (to, replace) => log.push(['go', to, replace]),
    log: (error) => log.push(['log', error instanceof Error ? error.message : error]),
  };
  return { executor, log };
}
