import { describe, expect, it } from 'vitest';
import { createLogic, decodeQuery, encodeQuery } from '../../../runtime/core';

const { evaluate, evaluateTemplate, templateParts } = createLogic();
import type { StateDef } from '../../../runtime/core/types';

const defs: Record<string, StateDef> = {
  pair: { source: 'query', type: 'groups', default: { keys: [], values: [] } },
  fuel: { source: 'query', type: 'list', default: [] },
  seats: { source: 'query', type: 'list', items: 'int', default: [] },
  page: { source: 'query', type: 'int', default: 1 },
  max: { source: 'query', type: 'int' },
  sort: { source: 'query', type: 'text', default: 'name' },
  kept: { source: 'memory' },
};

describe('query-string state', () => {
  it('reads groups, lists and integers raw or percent-encoded', () => {
    const raw = decodeQuery(defs, '?pair=A:x,y|B&fuel=E,H&seats=2,5,x&page=3&max=120000');
    const encoded = decodeQuery(defs, '?pair=A%3Ax%2Cy%7CB&fuel=E%2CH&seats=2%2C5%2Cx&page=3&max=120000');
    const expected = { pair: { keys: ['A', 'B'], values: ['A:x', 'A:y'] }, fuel: ['E', 'H'], seats: [2, 5], page: 3, max: 120000, sort: 'name' };
    expect(raw).toEqual(expected);
    expect(encoded).toEqual(expected);
  });

  it('uses defaults for absent or non-integer values', () => {
    expect(decodeQuery(defs, '?page=two')).toEqual({ pair: { keys: [], values: [] }, fuel: [], seats: [], page: 1, max: undefined, sort: 'name' });
  });

  it("reads an integer's leading digits as parseInt does, and drops text without any (000 s5 'converted to integers')", () => {
    expect(decodeQuery(defs, '?page=7abc&max=60000abc').page).toBe(7);
    expect(decodeQuery(defs, '?max=60000abc').max).toBe(60000);
    expect(decodeQuery(defs, '?max=%2060000.9').max).toBe(60000);
    expect(decodeQuery(defs, '?max=abc60000').max).toBeUndefined();
    expect(decodeQuery(defs, '?seats=5x,7').seats).toEqual([5, 7]);
  });

  it('snaps an int to the nearest allowed value and raises it to its minimum', () => {
    const paging: Record<string, StateDef> = {
      size: { source: 'query', type: 'int', default: 25, snap: [10, 25, 50, 100] },
      page: { source: 'query', type: 'int', default: 1, minimum: 1 },
    };
    const read = (q: string) => decodeQuery(paging, q);
    expect([7, 0, -5, 17, 18, 26, 40, 75, 76, 500, 25].map((n) => read(`?size=${n}`).size)).toEqual([10, 10, 10, 10, 25, 25, 50, 50, 100, 100, 25]);
    expect(read('?size=x').size).toBe(25);
    expect([read('?page=0').page, read('?page=-3').page, read('?page=4').page, read('').page]).toEqual([1, 1, 4, 1]);
  });

  it('reads list and groups text in the state\'s case', () => {
    const upper: Record<string, StateDef> = {
      pair: { source: 'query', type: 'groups', case: 'upper', default: { keys: [], values: [] } },
      fuel: { source: 'query', type: 'list', case: 'upper', default: [] },
      kept: { source: 'query', type: 'list', default: [] },
    };
    expect(decodeQuery(upper, '?pair=toyota:hilux,Rav4|kia&fuel=diesel,Electric&kept=Automatic')).toEqual({
      pair: { keys: ['TOYOTA', 'KIA'], values: ['TOYOTA:HILUX', 'TOYOTA:RAV4'] }, fuel: ['DIESEL', 'ELECTRIC'], kept: ['Automatic'],
    });
  });

  it('writes standard URL encoding in the given order, leaving out empty values and defaults', () => {
    const search = encodeQuery(defs, { pair: { keys: ['TOYOTA', 'KIA'], values: ['KIA:EV6', 'FORD:RANGER'] }, fuel: ['ELECTRIC'], page: 1, sort: 'price', max: null, kept: 'x' });
    expect(search).toBe('?pair=TOYOTA%7CKIA%3AEV6&fuel=ELECTRIC&sort=price');
    expect(encodeQuery(defs, { fuel: [], page: 1 })).toBe('');
    expect(encodeQuery(defs, { sort: 'MODEL 3' })).toBe('?sort=MODEL%203');
  });
});

describe('templates and list operations', () => {
  const ctx = { state: { page: 2, list: [{ id: 'a', n: 1 }, { id: 'b', n: 2 }] } };

  it('evaluates logic nested in literal objects and leaves out empty members', () => {
    expect(evaluateTemplate({ filters: { page: { var: 'state.page' }, size: 25, none: { var: 'state.missing' } }, list: [{ var: 'state.page' }] }, ctx))
      .toEqual({ filters: { page: 2, size: 25 }, list: [2] });
    expect(templateParts({ a: { var: 'x' }, b: { c: { '==': [1, 1] } }, d: 3 })).toEqual([{ var: 'x' }, { '==': [1, 1] }]);
  });

  it('finds, filters, plucks and toggles', () => {
    expect(evaluate({ findBy: [{ var: 'state.list' }, 'id', 'b', 'n', 2] }, ctx)).toEqual({ id: 'b', n: 2 });
    expect(evaluate({ rejectBy: [{ var: 'state.list' }, 'id', 'a'] }, ctx)).toEqual([{ id: 'b', n: 2 }]);
    expect(evaluate({ pluck: [{ var: 'state.list' }, 'id'] }, ctx)).toEqual(['a', 'b']);
    expect(evaluate({ whereIn: [{ var: 'state.list' }, 'id', ['b']] }, ctx)).toEqual([{ id: 'b', n: 2 }]);
    expect(evaluate({ toggle: [['a', 'b'], 'a'] }, ctx)).toEqual(['b']);
    expect(evaluate({ unique: [['a', 'b', 'a']] }, ctx)).toEqual(['a', 'b']);
    expect(evaluate({ range: [20000, 100000, 20000] }, ctx)).toEqual([20000, 40000, 60000, 80000, 100000]);
    expect(evaluate({ same: [{ a: 1, b: [2] }, { b: [2], a: 1 }] }, ctx)).toBe(true);
    // The fields with a value among some paths: e.g. the fields that show an error although filled in.
    const form = { form: { a: 'x', b: '', c: null, d: [], e: 0, n: { f: 'y' } }, errors: { a: 'bad', b: 'required', c: 'required', d: 'required', e: 'bad', 'n.f': 'bad', g: 'required' } };
    expect(evaluate({ filled: [{ var: 'form' }, { keys: { var: 'errors' } }] }, form)).toEqual(['a', 'e', 'n.f']);
    expect(evaluate({ filled: [{ var: 'form' }, null] }, form)).toEqual([]);
  });

  it('formats numbers and group entries', () => {
    expect(evaluate({ formatNumber: [38000, { var: 'f' }] }, { f: { locale: 'en-AU', style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 } })).toBe('$38,000');
    expect(evaluate({ groupEntries: [{ var: 'g' }, ['KIA']] }, { g: { keys: ['KIA', 'TESLA'], values: ['KIA:EV6'] } })).toEqual(['KIA:EV6']);
    expect(evaluate({ groupEntries: [{ var: 'g' }, []] }, { g: { keys: ['KIA', 'TESLA'], values: ['KIA:EV6'] } })).toEqual(['KIA:EV6', 'TESLA']);
  });
});
