/**
 * The field rules of spec 001 s5 (and the s9 limits) that the applicant-details and business-details forms read
 * from the definitions: the officer nominee (schemas/reassign.json) and Authorised Officer (2)
 * (schemas/secondaryOfficer.json) names 2 to 40, e-mail 2 to 55, mobile AU exactly 10 / NZ 9 to 12, every field
 * and the role required; the business contact number (schemas/businessEntity.json) AU exactly 10 / NZ 9 to 12;
 * fleet size 1 to 3 digits and employees 1 to 4 (schemas/businessFinance.json). Each form schema is taken with
 * the region's layers (regions/*.yaml) and prepared as the bundle prepares it, and its refusals are the
 * catalogue's texts. The rule table (tests/rules/businessDetails.yaml) names these tests.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareSchema, validateForm } from '../../../runtime/core';
import { createFormAjv } from '../../../runtime/core/load/formAjv';
import { loadServerDefinitions } from '../../../server/definitions';

const server = loadServerDefinitions(join(import.meta.dirname, '../../..'));
const ajv = createFormAjv();
const SELECTION = { au: { brand: 'acme-au', region: 'au' }, nz: { brand: 'kiwi-nz', region: 'nz' } };
type Region = keyof typeof SELECTION;

/** Field -> the catalogue text the form shows for `data` (nothing when it passes): form `id` of the region's bundle. */
function errors(region: Region, id: string, data: Record<string, unknown>): Record<string, string> {
  const layers = server.layers(SELECTION[region]);
  const schema = prepareSchema(layers.schemas[id], layers.formats);
  const validate = ajv.getSchema(`${region}/${id}`) ?? ajv.addSchema({ ...schema, $id: `${region}/${id}` }).getSchema(`${region}/${id}`)!;
  return validateForm(validate, data, { schema, messages: layers.messages, formats: layers.formats, form: id });
}
const text = (region: Region, key: string, n?: number) => server.message(key, SELECTION[region], n === undefined ? undefined : { n });
const digits = (n: number) => '0'.repeat(n);

describe('officer nominee and Authorised Officer (2) (001 s5)', () => {
  const person = { firstName: 'Nina', lastName: 'Second', email: 'nina.second@fixture.test' };
  const forms = [
    ['au', 'reassign', { ...person, phone: '0412345678' }],
    ['nz', 'reassign', { ...person, phone: '021234567' }],
    ['au', 'secondaryOfficer', { ...person, phone: '0412345678', role: 'director' }],
    ['nz', 'secondaryOfficer', { ...person, phone: '021234567', otherRole: 'Partner' }],
  ] as const;

  it('names 2 to 40 characters and e-mail 2 to 55 pass; 1 and 41, or 1 and 56, are refused', () => {
    const at = (n: number) => `${'x'.repeat(n - '@fixture.test'.length)}@fixture.test`;
    for (const [region, id, valid] of forms) {
      expect(errors(region, id, valid), `${region} ${id}`).toEqual({});
      for (const field of ['firstName', 'lastName']) {
        expect(errors(region, id, { ...valid, [field]: 'Al' })).toEqual({});
        expect(errors(region, id, { ...valid, [field]: 'A'.repeat(40) })).toEqual({});
        expect(errors(region, id, { ...valid, [field]: 'A' })).toEqual({ [field]: text(region, 'validation.minLength', 2) });
        expect(errors(region, id, { ...valid, [field]: 'A'.repeat(41) })).toEqual({ [field]: text(region, 'validation.maxLength', 40) });
      }
      expect(errors(region, id, { ...valid, email: at(55) })).toEqual({});
      expect(errors(region, id, { ...valid, email: at(56) })).toEqual({ email: text(region, 'validation.maxLength', 55) });
      expect(errors(region, id, { ...valid, email: 'x' })).toEqual({ email: text(region, 'validation.minLength', 2) });
    }
  });

  it('the mobile is AU exactly 10 digits (9 and 11 refused), NZ 9 to 12 (8 and 13 refused)', () => {
    for (const [region, id, valid] of forms) {
      const cases: [number, string | undefined][] = region === 'au'
        ? [[9, text(region, 'validation.exactLength', 10)], [10, undefined], [11, text(region, 'validation.exactLength', 10)]]
        : [[8, text(region, 'validation.minLength', 9)], [9, undefined], [12, undefined], [13, text(region, 'validation.maxLength', 12)]];
      for (const [n, message] of cases) expect(errors(region, id, { ...valid, phone: digits(n) }), `${region} ${id} ${n} digits`).toEqual(message ? { phone: message } : {});
    }
  });

  it('every field is required, the role too (AU Director or Company Secretary, elsewhere free text)', () => {
    for (const [region, id, valid] of forms) {
      for (const field of Object.keys(valid)) {
        const { [field]: _, ...rest } = valid as Record<string, unknown>;
        expect(errors(region, id, rest), `${region} ${id} ${field}`).toEqual({ [field]: text(region, 'validation.required') });
        expect(errors(region, id, { ...valid, [field]: '' }), `${region} ${id} ${field}`).toEqual({ [field]: text(region, 'validation.required') });
      }
    }
    expect(Object.keys(errors('au', 'secondaryOfficer', { ...forms[2][2], role: 'partner' }))).toEqual(['role']);
  });
});

describe('the business contact number (001 s5 Entity details)', () => {
  const valid = { companyLegalName: 'Fixture Pty Ltd', tradingAddressSame: true };

  it('AU: exactly 10 digits (9 and 11 refused); required', () => {
    expect(errors('au', 'businessEntity', { ...valid, businessContactNumber: digits(10) })).toEqual({});
    for (const n of [9, 11]) expect(errors('au', 'businessEntity', { ...valid, businessContactNumber: digits(n) })).toEqual({ businessContactNumber: text('au', 'validation.exactLength', 10) });
    expect(errors('au', 'businessEntity', { ...valid, businessContactNumber: '' })).toEqual({ businessContactNumber: text('au', 'validation.required') });
  });

  it('NZ: 9 to 12 digits (8 and 13 refused); required', () => {
    for (const n of [9, 12]) expect(errors('nz', 'businessEntity', { ...valid, businessContactNumber: digits(n) })).toEqual({});
    expect(errors('nz', 'businessEntity', { ...valid, businessContactNumber: digits(8) })).toEqual({ businessContactNumber: text('nz', 'validation.minLength', 9) });
    expect(errors('nz', 'businessEntity', { ...valid, businessContactNumber: digits(13) })).toEqual({ businessContactNumber: text('nz', 'validation.maxLength', 12) });
    expect(errors('nz', 'businessEntity', valid)).toEqual({ businessContactNumber: text('nz', 'validation.required') });
  });
});

describe('the trading address when it differs (001 s5 Entity details; issue 37 item 10)', () => {
  const valid = { companyLegalName: 'Fixture Pty Ltd', businessContactNumber: '0298765432', tradingAddressSame: false };

  it('a street address as written passes; one letter, no number or too short is refused (AU and NZ)', () => {
    for (const region of ['au', 'nz'] as const) {
      const contact = region === 'au' ? valid : { ...valid, businessContactNumber: '098765432' };
      expect(errors(region, 'businessEntity', { ...contact, tradingAddress: '42 Crown Street, Surry Hills NSW 2010' })).toEqual({});
      expect(errors(region, 'businessEntity', { ...contact, tradingAddress: 'x' })).toEqual({ tradingAddress: text(region, 'validation.minLength', 8) });
      expect(errors(region, 'businessEntity', { ...contact, tradingAddress: 'Crown Street Surry Hills' })).toEqual({ tradingAddress: text(region, 'validation.default') });
    }
  });
});

describe('finance digit limits (001 s5 Finance, s9)', () => {
  it('fleet size 1 to 3 digits, employees 1 to 4 (AU and NZ); empty, longer or not digits refused', () => {
    const valid = { currentFleetSize: '3', numberOfEmployees: '12' };
    const cases: [Region, string, number][] = [['au', 'currentFleetSize', 3], ['au', 'numberOfEmployees', 4], ['nz', 'currentFleetSize', 3], ['nz', 'numberOfEmployees', 4]];
    for (const [region, field, max] of cases) {
      for (const n of [1, max]) expect(errors(region, 'businessFinance', { ...valid, [field]: '9'.repeat(n) }), `${field} ${n}`).toEqual({});
      expect(errors(region, 'businessFinance', { ...valid, [field]: '9'.repeat(max + 1) })).toEqual({ [field]: text(region, 'validation.maxLength.digits', max) });
      expect(errors(region, 'businessFinance', { ...valid, [field]: '' })).toEqual({ [field]: text(region, 'validation.required') });
      expect(errors(region, 'businessFinance', { ...valid, [field]: '1a' })).toEqual({ [field]: text(region, 'format.number') });
    }
  });
});
