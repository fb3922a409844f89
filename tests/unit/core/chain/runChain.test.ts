/**
 * Event chains in runtime/core, no React: the core decides, a fake executor runs the effects and
 * feeds their outcomes back (event -> effect -> result -> then -> guard on the result).
 */
import { describe, expect, it } from 'vitest';
import { createLogic, runChain, startChain, stepChain, type ChainSnapshot } from '../../../../runtime/core';
import { CHAIN_FLOW, CONTEXT, fakeExecutor } from './chainFixture';

const logic = createLogic();
const start = () => startChain(CHAIN_FLOW, 'form', CONTEXT, logic);
const idleContext = (snapshot: ChainSnapshot) => (snapshot.status === 'idle' ? snapshot.context : undefined);

describe('stepChain (pure)', () => {
  it('answers effects as data, waits for the call, and names the then event that reads its result', () => {
    const first = stepChain(start(), { type: 'raise', event: 'submit', payload: { form: { name: 'Ann' } } });
    expect(first.effects).toEqual([{ kind: 'call', operation: 'save', variables: { name: 'Ann' } }]);
    expect(first.snapshot.status).toBe('running');
    expect(first.next).toBeUndefined();

    const second = stepChain(first.snapshot, { type: 'effect.done', value: { ok: true } });
    expect(second.effects).toEqual([{ kind: 'storeState', entries: [
      { scope: 'chain', name: 'error', def: { source: 'memory' }, value: null },
      { scope: 'chain', name: 'answer', def: { source: 'memory' }, value: { ok: true } },
    ] }]);
    expect(second.next).toEqual({ type: 'raise', event: 'saved', payload: { form: { name: 'Ann' } }, chained: true });
    expect(idleContext(second.snapshot)?.state).toMatchObject({ answer: { ok: true } });

    const third = stepChain(second.snapshot, second.next!);
    expect(third.effects).toEqual([
      { kind: 'setRecord', record: { id: 'r1', status: 'sent' } },
      { kind: 'go', to: '/items/7/finished', replace: false },
    ]);
    expect(third.next).toBeUndefined();
    // Same inputs, same answers: nothing ran.
    expect(stepChain(first.snapshot, { type: 'effect.done', value: { ok: true } })).toEqual(second);
  });

  it('ignores an outcome nobody waits for (and says so)', () => {
    const out = stepChain(start(), { type: 'effect.done', value: 1 });
    expect(out.snapshot).toEqual(start());
    expect(out.effects).toEqual([{ kind: 'log', error: "chain input 'effect.done' ignored while idle" }]);
  });
});

describe('runChain with a fake executor', () => {
  it('event -> call -> result -> then -> guard on the result -> status and navigation', async () => {
    const { executor, log } = fakeExecutor({ save: { ok: true } });
    const end = await runChain(start(), { type: 'raise', event: 'submit', payload: { form: { name: 'Ann' } } }, executor);
    expect(log).toEqual([
      ['call', 'save', { name: 'Ann' }],
      ['storeState', { 'chain.error': null, 'chain.answer': { ok: true } }],
      ['setRecord', { id: 'r1', status: 'sent' }],
      ['go', '/items/7/finished', false],
    ]);
    expect(end.status).toBe('idle');
    expect(idleContext(end)?.record).toEqual({ id: 'r1', status: 'sent' });
  });

  it('a result the guard refuses: the next transition of the chained event is taken, the step stays', async () => {
    const { executor, log } = fakeExecutor({ save: { ok: false, message: 'taken' } });
    await runChain(start(), { type: 'raise', event: 'submit', payload: { form: { name: 'Ann' } } }, executor);
    expect(log).toEqual([
      ['call', 'save', { name: 'Ann' }],
      ['storeState', { 'chain.error': null, 'chain.answer': { ok: false, message: 'taken' } }],
      ['storeState', { 'chain.error': 'taken' }],
    ]);
  });

  it('a chained event whose guard does not hold ends the chain quietly', async () => {
    const { executor, log } = fakeExecutor({ load: null });
    await runChain(start(), { type: 'raise', event: 'sync' }, executor);
    expect(log).toEqual([['call', 'load', {}], ['setRecord', { id: 'r1', loaded: null }], ['storeState', { 'chain.count': 5 }]]);
  });

  it('a refused first event is reported and changes nothing', async () => {
    const { executor, log } = fakeExecutor();
    const end = await runChain(start(), { type: 'raise', event: 'nope' }, executor);
    expect(end).toEqual(start());
    expect(log).toEqual([['log', expect.stringContaining('"kind":"unknownEvent"')]]);
  });

  it('a failed call: nothing is kept, nothing moves, the chain stops; Try Again re-runs the event', async () => {
    const { executor, log } = fakeExecutor({ save: [new Error('refused'), { ok: true }] });
    const failed = await runChain(start(), { type: 'raise', event: 'submit', payload: { form: { name: 'Ann' } } }, executor);
    expect(failed).toMatchObject({ status: 'failed', error: new Error('refused'), retry: { context: CONTEXT, input: { type: 'raise', event: 'submit' } } });
    expect(log).toEqual([['call', 'save', { name: 'Ann' }], ['log', 'refused']]);

    log.length = 0;
    const end = await runChain(failed, { type: 'retry' }, executor);
    expect(end.status).toBe('idle');
    expect(log).toEqual([
      ['call', 'save', { name: 'Ann' }],
      ['storeState', { 'chain.error': null, 'chain.answer': { ok: true } }],
      ['setRecord', { id: 'r1', status: 'sent' }],
      ['go', '/items/7/finished', false],
    ]);
  });

  it('a failure in a chained event keeps what the events before it did; Try Again re-runs only that event', async () => {
    const { executor, log } = fakeExecutor({ load: { rows: 1 }, notify: [new Error('offline'), undefined] });
    const failed = await runChain(start(), { type: 'raise', event: 'sync' }, executor);
    expect(log).toEqual([
      ['call', 'load', {}],
      ['setRecord', { id: 'r1', loaded: { rows: 1 } }],
      ['storeState', { 'chain.count': 5 }],
      ['effect', 'notify', { loaded: { rows: 1 } }],
      ['log', 'offline'],
    ]);
    expect(failed).toMatchObject({ status: 'failed', retry: { input: { event: 'synced', chained: true }, context: { record: { loaded: { rows: 1 } } } } });
    log.length = 0;
    expect((await runChain(failed, { type: 'retry' }, executor)).status).toBe('idle');
    expect(log).toEqual([['effect', 'notify', { loaded: { rows: 1 } }]]);
  });

  it('a call with onError: log is only logged; the chain goes on', async () => {
    const { executor, log } = fakeExecutor({ load: new Error('down') });
    const end = await runChain(start(), { type: 'raise', event: 'sync' }, executor);
    expect(end.status).toBe('idle');
    expect(log).toEqual([['call', 'load', {}], ['log', 'down'], ['storeState', { 'chain.count': 5 }]]);
  });

  it('navigation: a navigate effect wins over the target; a target with query; a query write on the same step', async () => {
    const run = async (input: Parameters<typeof runChain>[1]) => {
      const { executor, log } = fakeExecutor();
      await runChain(start(), input, executor);
      return log;
    };
    expect(await run({ type: 'raise', event: 'leave' })).toEqual([['go', '/elsewhere/7', true]]);
    expect(await run({ type: 'raise', event: 'search', payload: { page: 3 } })).toEqual([['go', '/items/7/finished?page=3&tags=a%2Cb', false]]);
    expect(await run({ type: 'raise', event: 'nextPage' })).toEqual([['go', '/items/7/form?page=2', false]]);
  });

  it('a page-state write comes with its event in one update, and is kept when the event is refused', async () => {
    const { executor, log } = fakeExecutor();
    await runChain(start(), { type: 'raise', event: 'pick', payload: { value: ['x'] }, write: { path: 'page', value: 4 } }, executor);
    expect(log).toEqual([['go', '/items/7/form?page=4&tags=x', false]]);
    log.length = 0;
    await runChain(start(), { type: 'raise', event: 'nope', payload: { value: 2 }, write: { path: 'error', value: 'x' } }, executor);
    expect(log).toEqual([['log', expect.stringContaining('unknownEvent')], ['storeState', { 'chain.error': 'x' }]]);
  });

  it('several page-state writes (a button\'s set) land in order with their event in one update', async () => {
    const { executor, log } = fakeExecutor();
    await runChain(start(), { type: 'raise', event: 'pick', payload: { value: ['y'] }, write: [{ path: 'page', value: 5 }, { path: 'tags', value: ['z'] }] }, executor);
    expect(log).toEqual([['go', '/items/7/form?page=5&tags=y', false]]);
    log.length = 0;
    await runChain(start(), { type: 'raise', write: [{ path: 'page', value: 6 }, { path: 'tags', value: ['z'] }] }, executor);
    expect(log).toEqual([['go', '/items/7/form?page=6&tags=z', false]]);
  });

  it('a write to a state the step does not declare fails the event like a failed effect', async () => {
    const flow = structuredClone(CHAIN_FLOW);
    flow.steps.form.on!.typo = { effects: [{ set: 'state.pages', value: 1 }] };
    const { executor, log } = fakeExecutor();
    const end = await runChain(startChain(flow, 'form', CONTEXT, logic), { type: 'raise', event: 'typo' }, executor);
    expect(end.status).toBe('failed');
    expect(log).toEqual([['log', expect.stringContaining("unknown state 'pages'")]]);
  });

  it('chains of any length run to their end (no cut-off)', async () => {
    const { executor, log } = fakeExecutor();
    const end = await runChain(start(), { type: 'raise', event: 'a' }, executor);
    expect(idleContext(end)?.state).toMatchObject({ count: 7 });
    expect(log.filter(([kind]) => kind === 'storeState')).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => ['storeState', { 'chain.count': n }]));
  });
});
