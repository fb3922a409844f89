/**
 * Mapping fields (runtime/core/load/mappings.ts): `prefix.*: [a, b]` stands for `prefix.a: a, prefix.b: b`,
 * in the fields' order, for the forward template, the reverse one and the effects alike.
 */
import { describe, expect, it } from 'vitest';
import { mappingEffects, mappingFields, mappingTemplate, type MappingDef } from '../../../runtime/core/load';

const short: MappingDef = {
  from: { schema: 'form', at: 'event.form' },
  to: { schema: 'payload', at: 'state.saved' },
  fields: { 'person.given': 'firstName', 'person.*': ['lastName', 'email'], source: { cat: ['web'] } },
};
const long: MappingDef = { ...short, fields: { 'person.given': 'firstName', 'person.lastName': 'lastName', 'person.email': 'email', source: { cat: ['web'] } } };

describe('mapping fields under a prefix', () => {
  it('prefix.* lists fields kept by the same name under the prefix, each pointing at its item', () => {
    expect(mappingFields(short)).toEqual([
      { target: 'person.given', source: 'firstName', pointer: '/fields/person.given' },
      { target: 'person.lastName', source: 'lastName', pointer: '/fields/person.*/0' },
      { target: 'person.email', source: 'email', pointer: '/fields/person.*/1' },
      { target: 'source', source: { template: { cat: ['web'] } }, pointer: '/fields/source' },
    ]);
  });

  it('builds the same template, reverse template and effects as the fields written one by one', () => {
    for (const reverse of [false, true]) {
      expect(mappingTemplate('m', short, reverse)).toEqual(mappingTemplate('m', long, reverse));
      expect(mappingEffects('m', short, reverse)).toEqual(mappingEffects('m', long, reverse));
    }
    expect(mappingTemplate('m', short, false)).toEqual({
      person: { given: { var: 'event.form.firstName' }, lastName: { var: 'event.form.lastName' }, email: { var: 'event.form.email' } },
      source: { cat: ['web'] },
    });
  });

  it('a key ending in .* with a template (not a list) stays a template field', () => {
    expect(mappingFields({ ...short, fields: { 'a.*': { var: 'x' } } })).toEqual([{ target: 'a.*', source: { template: { var: 'x' } }, pointer: '/fields/a.*' }]);
  });
});
