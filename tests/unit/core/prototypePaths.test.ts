/**
 * Every walk of a dotted path (or pointer, or merged key) refuses the prototype names `__proto__`,
 * `constructor` and `prototype`: reads answer undefined, writes throw (or are reported, or skipped), and
 * `Object.prototype` never changes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  expandPath, getAtPointer, getPath, hasPrototypeSegment, isPrototypeName, mergeInto, PrototypePathError, setPath, toErrorSchema, writableSegments, type ChainWork,
} from '../../../runtime/core';
import { writeState } from '../../../runtime/core/chain/writeWork';
import { mappingTemplate } from '../../../runtime/core/load';
import { setPath as setDemoPath } from '../../../server/seed/demoRecord';

const polluted = () => (({}) as Record<string, unknown>).polluted;
const PATHS = ['__proto__.polluted', 'constructor.prototype.polluted', 'a.__proto__.polluted', 'prototype'];

afterEach(() => {
  // A failure must not leak into other tests.
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('prototype names in paths', () => {
  it('names exactly __proto__, constructor and prototype', () => {
    expect(['__proto__', 'constructor', 'prototype'].every(isPrototypeName)).toBe(true);
    expect(['proto', '__proto', 'constructors', 'toString', 'a', '0'].some(isPrototypeName)).toBe(false);
    expect(hasPrototypeSegment('a.b.constructor')).toBe(true);
    expect(hasPrototypeSegment('a.constructorName')).toBe(false);
    expect(writableSegments('a.b.0')).toEqual(['a', 'b', '0']);
  });

  it('reads through a prototype name answer undefined (never Object.prototype or a constructor)', () => {
    const value = JSON.parse('{"a": {"b": 1}, "__proto__": {"x": 2}}') as unknown;
    for (const path of ['__proto__', '__proto__.x', 'constructor', 'a.constructor', 'a.constructor.prototype', 'a.__proto__.toString']) expect(getPath(value, path), path).toBeUndefined();
    for (const pointer of ['/__proto__', '/a/constructor', '/a/__proto__/toString']) expect(getAtPointer(value, pointer), pointer).toBeUndefined();
    expect(getPath(value, 'a.b')).toBe(1);
  });

  it('the shared setter and the demo record setter throw for every such path and change nothing', () => {
    for (const path of PATHS) {
      expect(() => setPath({}, path, 'x'), path).toThrow(PrototypePathError);
      const target: Record<string, unknown> = { a: {} };
      expect(() => setDemoPath(target, path, 'x'), path).toThrow(/names an object's prototype/);
      expect(target, path).toEqual({ a: {} });
    }
    expect(polluted()).toBeUndefined();
    expect(setPath({ a: [1] }, 'a.1', 2)).toEqual({ a: [1, 2] });
  });

  it('page-state writes refuse inherited names as state names', () => {
    const work: ChainWork = { record: {}, state: {}, touched: [] };
    expect(() => writeState({}, work, 'constructor.prototype.polluted', 'x')).toThrow(/unknown state 'constructor'/);
    expect(() => writeState({ filters: { def: { source: 'memory' }, scope: 'f' } } as never, work, 'filters.__proto__.polluted', 'x')).toThrow(PrototypePathError);
    expect(polluted()).toBeUndefined();
  });

  it('error trees from the server leave out fields through a prototype name', () => {
    expect(toErrorSchema({ '__proto__.polluted': 'x', 'a.constructor': 'y', 'a.b': 'z' })).toEqual({ a: { b: { __errors: ['z'] } } });
    expect(polluted()).toBeUndefined();
    expect((({}) as Record<string, unknown>).__errors).toBeUndefined();
  });

  it('merging a layer skips a __proto__ key the YAML parser kept as an own key', () => {
    const target: Record<string, unknown> = { settings: { a: 1 } };
    mergeInto(target, JSON.parse('{"__proto__": {"polluted": 1}, "settings": {"constructor": {"polluted": 1}, "b": 2}}') as Record<string, unknown>, { merged: '', file: 'f.yaml', pointer: '' }, new Map());
    expect(target).toEqual({ settings: { a: 1, b: 2 } });
    expect(polluted()).toBeUndefined();
  });

  it('record migrations do not expand a stored __proto__ key', () => {
    expect(expandPath(JSON.parse('{"m": {"__proto__": {"v": 1}, "k": {"v": 2}}}'), 'm.*.v')).toEqual(['m.k.v']);
  });

  it('a mapping field through a prototype name is a reported definition problem, not a write', () => {
    const mapping = { from: { at: 'event.form' }, to: { at: 'state.saved' }, fields: { '__proto__.polluted': 'x' } };
    expect(() => mappingTemplate('m', mapping, false)).toThrow(/names an object's prototype/);
    expect(polluted()).toBeUndefined();
  });
});
