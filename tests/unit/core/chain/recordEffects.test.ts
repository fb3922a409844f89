/**
 * Declared saves, status requests and named routes in the chain (runtime/core/chain): the record API's calls, the
 * page's copy read again, and the screen of the new status; the executor here answers as a server would.
 */
import { describe, expect, it } from 'vitest';
import { asRun, createLogic, resolveEffects, runChain, startChain, type ChainExecutor, type FlowDef, type RecordApiDef } from '../../../../runtime/core';

const logic = createLogic();
const RECORD_API: RecordApiDef = {
  save: { call: 'writeField', variables: { id: { var: 'params.id' }, first: { var: 'save.segments.1' }, value: { var: 'save.value' } } },
  request: { call: 'askTransition', variables: { id: { var: 'params.id' }, event: { var: 'request.event' } } },
};

/** A status machine (`doc.status`) whose draft status is shown by the editor flow's screen. */
const MACHINE: FlowDef = {
  id: 'machine', initial: 'draft', basePath: '/items/:id',
  status: { field: 'doc.status', order: ['draft', 'review'], initial: 'draft' },
  steps: {
    draft: { route: 'draft', status: 'draft', screen: 'editor.edit', on: { submitted: { target: 'review', status: 'review', guard: { '==': [{ var: 'record.doc.done' }, 'yes'] } } } },
    review: { route: 'review', status: 'review' },
  },
} as unknown as FlowDef;
const EDITOR: FlowDef = {
  id: 'editor', initial: 'edit', basePath: '/items/:id',
  steps: {
    edit: {
      route: 'edit',
      on: {
        save: { effects: [{ save: 'doc.done', value: 'yes' }, { request: 'submitted' }] },
        open: { effects: [{ navigate: { step: 'machine.draft' } }] },
        elsewhere: { effects: [{ navigate: { step: 'machine.review', params: { id: 'other' } } }] },
        select: { effects: [{ call: 'selectOwner', updatesRecord: true, variables: { id: { var: 'params.id' } } }] },
      },
    },
  },
} as unknown as FlowDef;
const FLOWS = { machine: MACHINE, editor: EDITOR };
const CONTEXT = { params: { id: 'i1' }, record: { doc: { status: 'draft' } } };

/** An executor standing in for the server: it stores saves, takes the requested transition, answers the record. */
function server(options: { refuse?: boolean } = {}) {
  let record: Record<string, unknown> = structuredClone(CONTEXT.record);
  const log: unknown[] = [];
  const executor: ChainExecutor = {
    call: async (operation, variables) => {
      log.push([operation, variables]);
      if (operation === 'writeField') record = { ...record, doc: { ...(record.doc as object), done: variables.value } };
      if (operation === 'askTransition') {
        if (options.refuse) throw new Error('GUARD_FAILED');
        record = { ...record, doc: { ...(record.doc as object), status: 'review' } };
      }
      return { status: '200' };
    },
    loadRecord: async (params) => { log.push(['loadRecord']); expect(params).toEqual({ id: 'i1' }); return record; },
    effect: () => undefined,
    setRecord: (r) => log.push(['setRecord', r]),
    storeState: () => undefined,
    go: (to) => log.push(['go', to]),
    log: () => undefined,
  };
  return { executor, log };
}

describe('saves and status requests', () => {
  it('a save sends the record API call, the page reads the record again, a request goes to the new status\'s screen', async () => {
    const { executor, log } = server();
    const end = await runChain(startChain(EDITOR, 'edit', CONTEXT, logic, { flows: FLOWS, recordApi: RECORD_API }), { type: 'raise', event: 'save' }, executor);
    expect(end.status).toBe('idle');
    expect(log).toEqual([
      ['writeField', { id: 'i1', first: 'done', value: 'yes' }],
      ['loadRecord'],
      ['askTransition', { id: 'i1', event: 'submitted' }],
      ['loadRecord'],
      ['setRecord', { doc: { status: 'review', done: 'yes' } }],
      ['go', '/items/i1/review'],
    ]);
  });

  it('a refused request stops the event: nothing of it is kept, nowhere to go', async () => {
    const { executor, log } = server({ refuse: true });
    const end = await runChain(startChain(EDITOR, 'edit', CONTEXT, logic, { flows: FLOWS, recordApi: RECORD_API }), { type: 'raise', event: 'save' }, executor);
    expect(end.status).toBe('failed');
    expect(log.some((entry) => (entry as unknown[])[0] === 'go' || (entry as unknown[])[0] === 'setRecord')).toBe(false);
  });

  it('without a record API the save fails and says which binding is missing', async () => {
    const { executor } = server();
    const end = await runChain(startChain(EDITOR, 'edit', CONTEXT, logic, { flows: FLOWS }), { type: 'raise', event: 'save' }, executor);
    expect(end.status === 'failed' && String(end.error)).toContain('record.save');
  });

  it('asRun lists the same: the calls, the page\'s copy, the predicted status and its screen', () => {
    const effects = [{ kind: 'save' as const, path: 'doc.done', value: 'yes' }, { kind: 'request' as const, event: 'submitted' }];
    expect(asRun(effects, EDITOR, CONTEXT, logic, { flows: FLOWS, recordApi: RECORD_API })).toEqual([
      { kind: 'call', operation: 'writeField', variables: { id: 'i1', first: 'done', value: 'yes' } },
      { kind: 'set', path: 'record.doc.done', value: 'yes' },
      { kind: 'call', operation: 'askTransition', variables: { id: 'i1', event: 'submitted' } },
      { kind: 'set', path: 'record.doc.status', value: 'review' },
      { kind: 'go', to: '/items/i1/review' },
    ]);
    // The guard reads what was saved before: without the save there is no move to predict.
    expect(asRun([effects[1]], EDITOR, CONTEXT, logic, { flows: FLOWS, recordApi: RECORD_API })).toEqual([
      { kind: 'call', operation: 'askTransition', variables: { id: 'i1', event: 'submitted' } },
    ]);
  });
});

describe('a call that changes the record', () => {
  it('updatesRecord: the page reads the record again after it (the answer itself is not copied by hand)', async () => {
    const { executor, log } = server();
    await runChain(startChain(EDITOR, 'edit', CONTEXT, logic, { flows: FLOWS, recordApi: RECORD_API }), { type: 'raise', event: 'select' }, executor);
    expect(log).toEqual([['selectOwner', { id: 'i1' }], ['loadRecord'], ['setRecord', CONTEXT.record]]);
  });
});

describe('named routes', () => {
  it('a status step names its screen: going to it goes to the screen\'s route; params may be given', async () => {
    for (const [event, to] of [['open', '/items/i1/edit'], ['elsewhere', '/items/other/review']] as const) {
      const { executor, log } = server();
      await runChain(startChain(EDITOR, 'edit', CONTEXT, logic, { flows: FLOWS, recordApi: RECORD_API }), { type: 'raise', event }, executor);
      expect(log).toEqual([['go', to]]);
    }
  });
});

describe("a save's value", () => {
  it("is its value with the with members over it; a member with no value is left out, as a template leaves it", () => {
    const effects = [{ save: 'doc.company', value: { keyed: [{ var: 'state.field' }, { var: 'state.number' }] }, with: { name: { var: 'state.name' }, type: { var: 'state.type' } } }];
    const saved = (state: Record<string, unknown>) => (resolveEffects(effects as never, { state } as never, logic).effects[0] as { value: unknown }).value;
    expect(saved({ field: 'abn', number: '51824753556', name: 'Acme' })).toEqual({ abn: '51824753556', name: 'Acme' });
    expect(saved({ field: 'nzbn', number: null, name: 'Acme', type: 'LTD' })).toEqual({ name: 'Acme', type: 'LTD' });
  });
});
