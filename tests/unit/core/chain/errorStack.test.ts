/**
 * The global error dialog's stack in runtime/core (spec 000 s8): failures stack; Try Again re-runs
 * each retryable one (`onError: retry`, the default), clears the others (`onError: dialog`), keeps a
 * re-run that fails again, and the stack empties (the dialog closes) once every failure is cleared;
 * `onError: log` failures never reach it. Real chains over the fixture flow, a fake executor.
 */
import { describe, expect, it } from 'vitest';
import { canTryAgain, createLogic, errorStackReducer, runChain, startChain, toRetry, type ChainSnapshot, type FailedChain, type StackedError } from '../../../../runtime/core';
import { CHAIN_FLOW, CONTEXT, fakeExecutor } from './chainFixture';

const logic = createLogic();
const start = () => startChain(CHAIN_FLOW, 'form', CONTEXT, logic);
const failed = (s: ChainSnapshot): FailedChain => {
  if (s.status !== 'failed') throw new Error(`expected a failed chain, got ${s.status}`);
  return s;
};

describe('onError on effects', () => {
  it('retry (the default): the chain stops, retryable; dialog: stops, not retryable; log: logged, the event goes on', async () => {
    const { executor, log } = fakeExecutor({ save: new Error('refused'), download: new Error('no file'), share: new Error('offline') });
    const submit = failed(await runChain(start(), { type: 'raise', event: 'submit', payload: { form: { name: 'Ann' } } }, executor));
    expect(submit.retryable).toBe(true);
    const download = failed(await runChain(start(), { type: 'raise', event: 'download' }, executor));
    expect(download.retryable).toBe(false);
    // A retry input on a failure that cannot be re-run is ignored (and said so): nothing is sent again.
    log.length = 0;
    expect((await runChain(download, { type: 'retry' }, executor)).status).toBe('failed');
    expect(log.map((l) => l[0])).toEqual(['log']);
    log.length = 0;
    const share = await runChain(start(), { type: 'raise', event: 'share' }, executor);
    expect(share.status).toBe('idle');
    expect(log).toEqual([['effect', 'share', {}], ['log', 'offline'], ['storeState', { 'chain.count': 9 }]]);
  });
});

describe('errorStackReducer', () => {
  it('stacks failures; Try Again re-runs the retryable ones, clears the others, keeps one that fails again; closes when all are cleared', async () => {
    // save fails twice, then answers; download (onError: dialog) fails.
    const { executor, log } = fakeExecutor({ save: [new Error('one'), new Error('two'), { ok: true }], download: new Error('no file') });
    let stack: StackedError[] = [];
    stack = errorStackReducer(stack, { type: 'failed', chain: failed(await runChain(start(), { type: 'raise', event: 'submit', payload: { form: { name: 'Ann' } } }, executor)), message: 'one' });
    stack = errorStackReducer(stack, { type: 'failed', chain: failed(await runChain(start(), { type: 'raise', event: 'download' }, executor)), message: '' });
    expect(stack.map((e) => [e.id, e.message, e.retry !== undefined])).toEqual([[1, 'one', true], [2, '', false]]);
    expect(canTryAgain(stack)).toBe(true);

    // Try Again: the download failure is cleared at once, the submit re-runs (and fails again: kept, with its new message).
    stack = errorStackReducer(stack, { type: 'tryAgain' });
    expect(stack.map((e) => e.id)).toEqual([1]);
    expect(canTryAgain(stack)).toBe(false); // running
    for (const e of toRetry(stack)) {
      const end = await runChain(e.retry, { type: 'retry' }, executor);
      stack = errorStackReducer(stack, { type: 'retried', id: e.id, end, message: end.status === 'failed' ? 'two' : '' });
    }
    expect(stack).toMatchObject([{ id: 1, message: 'two' }]);
    expect(stack[0].retrying).toBeUndefined();
    expect(canTryAgain(stack)).toBe(true);

    // Try Again once more: the call succeeds, the stack is empty (the dialog closes), the event took effect.
    log.length = 0;
    stack = errorStackReducer(stack, { type: 'tryAgain' });
    for (const e of toRetry(stack)) stack = errorStackReducer(stack, { type: 'retried', id: e.id, end: await runChain(e.retry, { type: 'retry' }, executor), message: '' });
    expect(stack).toEqual([]);
    expect(log).toContainEqual(['go', '/items/7/finished', false]);
  });

  it('a failure while others re-run is stacked with a new id; closing clears all but the running ones', () => {
    const chain = { status: 'failed', retryable: true } as FailedChain;
    let stack = errorStackReducer([], { type: 'failed', chain, message: 'a' });
    stack = errorStackReducer(stack, { type: 'tryAgain' });
    stack = errorStackReducer(stack, { type: 'failed', chain: { ...chain, retryable: false }, message: 'b' });
    expect(stack.map((e) => [e.id, e.retrying === true])).toEqual([[1, true], [2, false]]);
    stack = errorStackReducer(stack, { type: 'dismiss' });
    expect(stack.map((e) => e.id)).toEqual([1]);
    // A re-run that rests clears its entry; one the stack no longer holds changes nothing.
    expect(errorStackReducer(stack, { type: 'retried', id: 1, end: { status: 'idle' } as ChainSnapshot, message: '' })).toEqual([]);
    expect(errorStackReducer(stack, { type: 'retried', id: 7, end: { status: 'idle' } as ChainSnapshot, message: '' })).toEqual(stack);
  });
});
