import { describe, expect, it } from 'vitest';
import { PART_FIELDS, sectionsOf } from '../../../runtime/react/form/sections';

const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'string' }]));

describe('sectionsOf', () => {
  it('draws a form without ui:sections as one form', () => {
    const parts = sectionsOf({ type: 'object', properties: fields(30) }, {});
    expect(parts).toHaveLength(1);
    expect(parts[0].parts).toHaveLength(1);
  });

  it(`splits a plain section into runs of ${PART_FIELDS} fields, each with its own required fields`, () => {
    const schema = { type: 'object', properties: { a: { type: 'object', properties: fields(25), required: ['f1', 'f12'] } } };
    const [section] = sectionsOf(schema, { 'ui:sections': true });
    expect(section.parts.map((p) => p.fields?.length)).toEqual([10, 10, 5]);
    expect(section.parts.map((p) => p.schema.required)).toEqual([['f1'], ['f12'], undefined]);
    expect(section.parts.every((p) => p.section === 'a')).toBe(true);
  });

  it('keeps a section whole when a split could change it (conditions, ordering)', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'object', properties: fields(25), if: { properties: { f0: { const: 'x' } } }, then: { required: ['f1'] } },
        b: { type: 'object', properties: fields(25) },
      },
    };
    const [a, b] = sectionsOf(schema, { 'ui:sections': true, b: { 'ui:order': ['f3', '*'] } });
    expect(a.parts).toHaveLength(1);
    expect(b.parts).toHaveLength(1);
  });
});
