/** PageStateStore: readers are told of a write only when it changes what they read. */
import { describe, expect, it, vi } from 'vitest';
import { PageStateStore } from '../../../runtime/react/state/pageStateStore';

const memory = { source: 'memory' } as const;

describe('PageStateStore', () => {
  it('tells subscribers of a change, not of a write of what a state already reads as', () => {
    const store = new PageStateStore();
    const told = vi.fn();
    store.subscribe(told);
    const write = (name: string, value: unknown) => store.write([{ scope: 'step', name, def: memory, value }]);
    // A state without a value reads as null in logic: clearing it changes nothing a reader sees.
    write('signIn', null);
    write('signIn', undefined);
    expect([told.mock.calls.length, store.version]).toEqual([0, 0]);
    write('signIn', { success: false });
    expect([told.mock.calls.length, store.version]).toEqual([1, 1]);
    const same = store.read('step', 'signIn', memory);
    write('signIn', same);
    expect(told).toHaveBeenCalledTimes(1);
    // One of several entries changed: one notification, and every entry is stored.
    store.write([{ scope: 'step', name: 'signIn', def: memory, value: same }, { scope: 'step', name: 'page', def: memory, value: 2 }]);
    expect([told.mock.calls.length, store.read('step', 'page', memory)]).toEqual([2, 2]);
    write('signIn', null);
    expect([told.mock.calls.length, store.read('step', 'signIn', memory)]).toEqual([3, null]);
  });
});
