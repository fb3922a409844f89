// @vitest-environment happy-dom
/**
 * PageStateStore: readers are told of a write only when it changes what they read; the storage cookie names the
 * `local` keys local storage holds (the server's cue that a first screen may show the defaults).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_COOKIE } from '../../../runtime/core/serverRender';
import { PageStateStore } from '../../../runtime/react/state/pageStateStore';

const storedKeys = () => document.cookie.split('; ').find((c) => c.startsWith(`${STORAGE_COOKIE}=`))?.slice(STORAGE_COOKIE.length + 1).split(',').filter(Boolean).map(decodeURIComponent) ?? [];

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

  afterEach(() => {
    localStorage.clear();
    document.cookie = `${STORAGE_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('keeps the storage cookie to the local keys that hold a value', () => {
    const store = new PageStateStore();
    const local = (key?: string) => ({ source: 'local', default: [], ...(key ? { key } : {}) }) as const;
    const write = (name: string, value: unknown, key?: string) => store.write([{ scope: 'calculator', name, def: local(key), value }]);
    expect(storedKeys()).toEqual([]);
    write('shortlist', [{ id: 1 }]);
    write('saved', ['a'], 'examples.saved/x');
    expect(storedKeys()).toEqual(['calculator.shortlist', 'examples.saved/x']);
    expect(localStorage.getItem('calculator.shortlist')).toBe('[{"id":1}]');
    // Memory state is nothing the browser keeps.
    store.write([{ scope: 'step', name: 'dialog', def: memory, value: 'open' }]);
    expect(storedKeys()).toEqual(['calculator.shortlist', 'examples.saved/x']);
    write('shortlist', null);
    expect(storedKeys()).toEqual(['examples.saved/x']);
    write('saved', null, 'examples.saved/x');
    expect(document.cookie).not.toContain(STORAGE_COOKIE);
    // A value stored before the cookie was kept (an earlier visit) is named once it is read.
    localStorage.setItem('calculator.repayment', '"monthly"');
    expect(new PageStateStore().read('calculator', 'repayment', local())).toBe('monthly');
    expect(storedKeys()).toEqual(['calculator.repayment']);
    // A name whose value has gone (storage cleared) is dropped once read.
    localStorage.clear();
    expect(new PageStateStore().read('calculator', 'repayment', local())).toEqual([]);
    expect(storedKeys()).toEqual([]);
  });
});
