/**
 * Names and numbers as people type them (issue 37 items 1 and 2), checked with the product's own definitions
 * (layers resolved for each region, schemas prepared and compiled as the build and the server do): a name in any
 * script, with a curly apostrophe or (settings.nameExtraCharacters) a hyphen; a phone with spaces and an amount
 * with thousands separators, normalised before their lengths are counted; letters in a digits field get the
 * digits text. The spec's texts stay for what is really wrong.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFormAjv } from '../../../runtime/core/load/formAjv';
import { normalizeValues, prepareSchema, validateForm } from '../../../runtime/core/messages';
import type { JsonSchema } from '../../../runtime/core/types';
import { readDefinitions } from '../../../runtime/node';
import { loadServerDefinitions } from '../../../server/definitions';
import { definitionsFromFiles } from '../../../server/definitions/loadServerDefinitions';

const root = join(import.meta.dirname, '../../..');
const server = loadServerDefinitions(root);
const AU = { brand: 'acme-au', region: 'au' };
const NZ = { brand: 'kiwi-nz', region: 'nz' };

/** The one message per field a form shows for `typed`, normalised as the form normalises it before checking. */
function check(selection: Record<string, string>, schemaId: string, typed: Record<string, unknown>) {
  const layers = server.layers(selection);
  const schema = prepareSchema({ ...layers.schemas[schemaId] }, layers.formats) as JsonSchema;
  delete schema.$id;
  delete schema.$schema;
  const validate = createFormAjv().compile(schema);
  const values = normalizeValues(schema, typed, layers.formats);
  return { values, errors: validateForm(validate, values, { schema, messages: layers.messages, formats: layers.formats, form: schemaId }) };
}

const officer = { firstName: 'Mere', lastName: 'Pārata', email: 'mere@example.co', phone: '0412345678', role: 'director' };

describe('names (000 s5: letters, spaces, ampersand, apostrophe; hyphen by settings.nameExtraCharacters)', () => {
  it.each(['Tūhoe', 'Mere Pārata', 'O’Neil', "O'Neil", 'Smith-Jones', 'Ann-Marie', 'Smith & Sons', 'Zoë', 'Mu\u0304ller'])('accepts %s', (name) => {
    expect(check(AU, 'secondaryOfficer', { ...officer, lastName: name }).errors).toEqual({});
    expect(check(NZ, 'reassign', { firstName: name, lastName: 'Ngata', email: 'a@b.co', phone: '0211234567' }).errors.firstName).toBeUndefined();
  });
  it.each(['A1', 'Smith_Jones', 'Ann/Marie', 'Mere!', 'x{y}'])("refuses %s with the spec's message", (name) => {
    expect(check(AU, 'secondaryOfficer', { ...officer, lastName: name }).errors).toEqual({ lastName: 'Field needs to be a characters only' });
  });
  it('the server checks the record the same way (scoreboard officer names)', () => {
    const layers = server.layers(AU);
    expect(new RegExp(layers.formats.name.pattern, 'u').test('Smith-Jones')).toBe(true);
  });
  it("settings.nameExtraCharacters '' keeps the spec's rule: a hyphen is refused", () => {
    const files = readDefinitions(root);
    files['regions/au.yaml'] = files['regions/au.yaml'].replace('settings:\n', "settings:\n  nameExtraCharacters: ''\n");
    const strict = definitionsFromFiles(files).layers(AU);
    expect(strict.errors).toEqual([]);
    expect(new RegExp(strict.formats.name.pattern, 'u').test('Smith-Jones')).toBe(false);
    expect(new RegExp(strict.formats.name.pattern, 'u').test('O’Neil')).toBe(true);
  });
  it('a format reading a setting no layer gives is a definition error naming the file, not a silent rule', () => {
    const files = readDefinitions(root);
    files['flows/_base.yaml'] = files['flows/_base.yaml'].replace("  nameExtraCharacters: '-'\n", '');
    const layers = definitionsFromFiles(files).layers(AU);
    expect(layers.errors).toEqual([expect.objectContaining({ file: 'flows/_base.yaml', message: expect.stringContaining("pattern of format 'name' reads settings.nameExtraCharacters") })]);
  });
});

describe('numbers typed the usual way (000 s5 lengths count what the rule counts)', () => {
  it.each(['02 9876 5432', '0412 345 678', '(02) 9876 5432'])('an AU phone %s is 10 digits, stored without spaces', (phone) => {
    const { values, errors } = check(AU, 'secondaryOfficer', { ...officer, phone });
    expect(errors).toEqual({});
    expect(values.phone).toBe(phone.replace(/[ ()]/g, ''));
  });
  it('a phone that is really too short or not a number keeps the spec texts', () => {
    expect(check(AU, 'secondaryOfficer', { ...officer, phone: '02 9876 543' }).errors).toEqual({ phone: 'Field value length must equal to 10' });
    expect(check(AU, 'secondaryOfficer', { ...officer, phone: '02 9876 54x2' }).errors).toEqual({ phone: 'Field needs to be a telephone number' });
  });
  it('annual revenue 1,250,000 is 1250000; 12.5k is not digits', () => {
    const ok = check(AU, 'businessCashflow', { annualRevenue: '1,250,000' });
    expect(ok.values.annualRevenue).toBe('1250000');
    expect(ok.errors.annualRevenue).toBeUndefined();
    expect(check(AU, 'businessCashflow', { annualRevenue: '12.5k' }).errors.annualRevenue).toBe('Field needs to be digits');
  });
  it("the enquiry's fleet size 'abcde' is not digits (before its maximum of 4 digits); '12345' is too many", () => {
    expect(check(AU, 'calculatorEnquiryForm', { fleetSize: 'abcde' }).errors.fleetSize).toBe('Field needs to be digits');
    expect(check(AU, 'calculatorEnquiryForm', { fleetSize: '12345' }).errors.fleetSize).toBe('Field is invalid. A maximum of 4 numbers is permitted');
    expect(check(AU, 'calculatorEnquiryForm', { fleetSize: '1 200' }).errors.fleetSize).toBeUndefined();
  });
  it('leaves values without an ignoring format as typed, and the same object when nothing changes', () => {
    const typed = { ...officer, email: 'a b@c.co' };
    const { values } = check(AU, 'secondaryOfficer', typed);
    expect(values).toBe(typed);
  });
});
