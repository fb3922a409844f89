import { describe, expect, it } from 'vitest';
import { closest, didYouMean, formatError, getPath, parseSource, positionOf, setPath, toPointer, fromPointer } from '../../../runtime/core';

describe('parseSource', () => {
  it('keeps the line and column of every value', () => {
    const parsed = parseSource('f.yaml', 'a:\n  b: 1\n  list:\n    - x\n    - { id: y }\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.value).toEqual({ a: { b: 1, list: ['x', { id: 'y' }] } });
    expect(parsed.positions['/a/b']).toEqual([2, 6]);
    expect(parsed.positions['/a/list/1/id']).toEqual([5, 13]);
    expect(parsed.positions['/a/list']).toEqual([3, 3]);
  });

  it('reads JSON with positions too', () => {
    const parsed = parseSource('s.json', '{\n  "p": {\n    "q": "r"\n  }\n}');
    expect(parsed.positions['/p/q']).toEqual([3, 10]);
  });

  it('reports syntax errors with their position', () => {
    const parsed = parseSource('bad.yaml', 'a: [1, 2\nb: 3\n');
    expect(parsed.errors.length).toBeGreaterThan(0);
    expect(parsed.errors[0].file).toBe('bad.yaml');
    expect(parsed.errors[0].line).toBeGreaterThan(0);
  });

  it("places what an alias or a merge key repeats where its anchor wrote it (a map's own keys stay where they are)", () => {
    const text = 'a: &ended { in: [{ var: s }, [x, y]] }\nb:\n  guard: *ended\nc: &base { p: 1, q: 2 }\nd:\n  <<: *base\n  q: 3\n';
    const parsed = parseSource('f.yaml', text);
    expect(parsed.value).toMatchObject({ b: { guard: { in: [{ var: 's' }, ['x', 'y']] } }, d: { p: 1, q: 3 } });
    expect(parsed.positions['/b/guard']).toEqual([3, 10]);
    expect(parsed.positions['/b/guard/in/1/1']).toEqual([1, 34]);
    expect(parsed.positions['/d/p']).toEqual([4, 15]);
    expect(parsed.positions['/d/q']).toEqual([7, 6]);
  });

  it('falls back to the nearest ancestor position', () => {
    const parsed = parseSource('f.yaml', 'a:\n  b: 1\n');
    expect(positionOf(parsed.positions, '/a/b/missing')).toEqual([2, 6]);
  });
});

describe('pointers and paths', () => {
  it('escapes pointer segments', () => {
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(fromPointer('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
  });
  it('reads and writes dotted paths without mutating', () => {
    const source = { a: { b: [1, { c: 2 }] } };
    expect(getPath(source, 'a.b.1.c')).toBe(2);
    const written = setPath(source, 'a.x.y', 3);
    expect(written).toEqual({ a: { b: [1, { c: 2 }], x: { y: 3 } } });
    expect(source).toEqual({ a: { b: [1, { c: 2 }] } });
  });
});

describe('did you mean', () => {
  it('suggests the closest name', () => {
    expect(closest('aprovals', ['approvals', 'businessDetails'])).toBe('approvals');
    expect(didYouMean('aprovals', ['approvals'])).toBe("did you mean 'approvals'?");
    expect(didYouMean('zzzzzz', ['approvals'])).toBe("known: 'approvals'");
  });
  it('formats errors as file:line:column: message (hint)', () => {
    expect(formatError({ file: 'f.yaml', line: 3, column: 5, pointer: '/a', message: 'bad', hint: 'fix' })).toBe('f.yaml:3:5: bad at /a (fix)');
  });
});
