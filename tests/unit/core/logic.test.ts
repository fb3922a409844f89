import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogic, createRuleSet, pathsOverlap, truthy, varPaths } from '../../../runtime/core';

/** The runtime's operations and generic functions only. */
const logic = createLogic();
const { evaluate } = logic;

const oracle = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/oracles/jsonlogic-tests.json'), 'utf8')) as unknown[];
const cases = oracle.filter((c): c is [unknown, unknown, unknown] => Array.isArray(c));

describe('evaluate', () => {
  it(`passes every case of the json-logic oracle (${cases.length})`, () => {
    const failures = cases.filter(([rule, data, expected]) => {
      try {
        return JSON.stringify(evaluate(rule, data)) !== JSON.stringify(expected);
      } catch {
        return true;
      }
    });
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(250);
  });

  it('adds lower, upper, trim, length and matches', () => {
    expect(evaluate({ lower: { var: 'a' } }, { a: 'MiXed' })).toBe('mixed');
    expect(evaluate({ upper: 'abc' }, {})).toBe('ABC');
    expect(evaluate({ trim: { var: 'a' } }, { a: '  x ' })).toBe('x');
    expect(evaluate({ length: { var: 'a' } }, { a: 'four' })).toBe(4);
    expect(evaluate({ length: { var: 'a' } }, { a: [1, 2] })).toBe(2);
    expect(evaluate({ length: { var: 'missing' } }, {})).toBe(0);
    expect(evaluate({ matches: [{ var: 'a' }, '^n[sz]w$', 'i'] }, { a: 'NSW' })).toBe(true);
    expect(evaluate({ matches: [{ var: 'a' }, '^\\d+$'] }, { a: '12a' })).toBe(false);
  });

  it('assigns the fields of several objects, later ones winning, skipping what is not an object', () => {
    const value = { assign: [{ var: 'form' }, { var: 'picked' }, null, { var: 'list' }, { var: 'extra' }] };
    expect(evaluate(value, { form: { a: 1, b: 2 }, picked: { b: 3, c: 4 }, list: [1], extra: { note: 'x' } })).toEqual({ a: 1, b: 3, c: 4, note: 'x' });
    expect(evaluate({ assign: [] }, {})).toEqual({});
  });

  it('compares e-mails case-insensitively with the added ops', () => {
    const same = { '==': [{ lower: { var: 'form.email' } }, { lower: { var: 'user.email' } }] };
    expect(evaluate(same, { form: { email: 'A@B.com' }, user: { email: 'a@b.COM' } })).toBe(true);
  });

  it('adds extension operations to an instance, not to the runtime at large', () => {
    const doubling = createLogic({ ops: { double: (x) => Number(x) * 2 } });
    expect(doubling.evaluate({ double: 21 }, {})).toBe(42);
    expect(() => evaluate({ double: 21 }, {})).toThrow(/Unrecognized operation double/);
    expect(truthy([])).toBe(false);
  });

  it('keeps two instances with different operations apart, also when one evaluates inside the other', () => {
    const tenantA = createLogic({ ops: { fee: () => 'A' } });
    const tenantB = createLogic({ ops: { fee: () => 'B', nested: (x) => tenantA.evaluate({ fee: [] }, x) } });
    expect([tenantA.evaluate({ fee: [] }, {}), tenantB.evaluate({ fee: [] }, {}), tenantA.evaluate({ fee: [] }, {})]).toEqual(['A', 'B', 'A']);
    // B's operation evaluates with A; B's own table is back afterwards.
    expect(tenantB.evaluate({ cat: [{ nested: 1 }, { fee: [] }] }, {})).toBe('AB');
    expect(() => tenantA.evaluate({ nested: 1 }, {})).toThrow(/Unrecognized operation nested/);
    expect(tenantA.operations).not.toContain('nested');
    expect(tenantB.templateParts({ x: { nested: 1 }, y: { fee: [] } })).toEqual([{ nested: 1 }, { fee: [] }]);
    expect(tenantA.templateParts({ x: { nested: 1 } })).toEqual([]);
  });

  it('refuses an operation defined twice', () => {
    expect(() => createLogic({ ops: { lower: () => 1 } })).toThrow(/'lower' is defined twice/);
  });
});

describe('dependency index', () => {
  it('collects root var paths, not the item-scoped ones', () => {
    expect(varPaths({ and: [{ var: 'form.a' }, { missing: ['form.b', 'form.c'] }, { var: ['form.d', 1] }] }).sort()).toEqual(['form.a', 'form.b', 'form.c', 'form.d']);
    expect(varPaths({ some: [{ var: 'form.list' }, { '==': [{ var: 'x' }, 1] }] })).toEqual(['form.list']);
    expect(varPaths({ var: { cat: ['form.', { var: 'form.k' }] } })).toContain('*');
  });

  it('treats ancestors and descendants as overlapping', () => {
    expect(pathsOverlap('form.a', 'form.a.b')).toBe(true);
    expect(pathsOverlap('form.a.b', 'form')).toBe(true);
    expect(pathsOverlap('form.ab', 'form.a')).toBe(false);
  });

  it('re-evaluates only the rules that read the changed path', () => {
    const rules = createRuleSet({
      showB: { '==': [{ var: 'form.a' }, 'yes'] },
      sendEnabled: { and: [{ var: 'form.x' }, { var: 'form.y' }] },
      whole: { '!!': { var: 'form' } },
      nested: { var: 'form.addr.town' },
    }, logic);
    const ctx = { form: { a: 'no', x: 1, y: 0, addr: { town: 'T' } } };
    expect(rules.evaluateAll(ctx)).toEqual({ showB: false, sendEnabled: 0, whole: true, nested: 'T' });
    expect(rules.affected('form.a').sort()).toEqual(['showB', 'whole']);
    expect(rules.affected('form.addr').sort()).toEqual(['nested', 'whole']);
    expect(rules.affected('user.id')).toEqual([]);
    const changed = rules.update('form.y', { form: { ...ctx.form, y: 2 } });
    expect(changed).toEqual({ sendEnabled: 2, whole: true });
    expect(rules.values().sendEnabled).toBe(2);
    expect(rules.dependencies.sendEnabled).toEqual(['form.x', 'form.y']);
  });
});
