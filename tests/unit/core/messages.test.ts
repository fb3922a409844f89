import Ajv from 'ajv';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caseInsensitivePattern, createLogic, FORM_KEYWORDS, fieldPathOf, interpolate, prepareSchema, validateForm, type FormatDef, type JsonSchema, type LayerDef } from '../../../runtime/core';

const base = parse(readFileSync('flows/_base.yaml', 'utf8')) as LayerDef;
const messages = base.messages ?? {};
const formats = base.formats as Record<string, FormatDef>;

function compile(schema: JsonSchema) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  for (const keyword of FORM_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv.compile(schema);
}

const reassign: JsonSchema = {
  type: 'object',
  required: ['firstName', 'email', 'phone'],
  properties: {
    firstName: { type: 'string', minLength: 2, maxLength: 40, format: 'name' },
    email: { type: 'string', minLength: 2, maxLength: 55, format: 'email' },
    phone: { type: 'string', minLength: 10, maxLength: 10, format: 'tel' },
    fleet: { type: 'string', minLength: 1, maxLength: 3, format: 'number' },
    state: { type: 'string', format: 'auState' },
    town: { type: 'string', format: 'nzTown' },
    amount: { type: 'string', format: 'float' },
    nested: { type: 'object', required: ['inner'], properties: { inner: { type: 'string' } } },
  },
};
const prepared = prepareSchema(reassign, formats);
const validate = compile(prepared);
const run = (data: unknown, extra = {}) => validateForm(validate, data, { schema: prepared, messages, formats, ...extra });

describe('prepareSchema', () => {
  it('turns named formats into patterns with a marker', () => {
    const email = (prepared.properties as Record<string, JsonSchema>).email;
    expect(email.format).toBeUndefined();
    expect(email['x-format']).toBe('email');
    expect(typeof email.pattern).toBe('string');
  });
  it('leaves unknown formats for the validator', () => {
    expect(prepareSchema({ type: 'string', format: 'date' }, formats)).toEqual({ type: 'string', format: 'date' });
  });
  it('rewrites case-insensitive patterns without flags', () => {
    expect(caseInsensitivePattern('^(nsw|act)$')).toBe('^([nN][sS][wW]|[aA][cC][tT])$');
    expect(caseInsensitivePattern('^[a-c\\d]x\\s$')).toBe('^[a-c\\dA-C][xX]\\s$');
    const regex = new RegExp(caseInsensitivePattern(formats.auState.pattern), 'u');
    expect(['NSW', 'qld', 'Vic', 'nT'].every((s) => regex.test(s))).toBe(true);
    expect(regex.test('nswx')).toBe(false);
  });
});

describe('validateForm (spec 000 section 5 texts)', () => {
  it('says required for missing and empty fields', () => {
    expect(run({ firstName: '', email: 'a@b.co', phone: '0123456789' })).toEqual({ firstName: 'Field is required' });
  });
  it('shows minimum, then maximum, then the format', () => {
    expect(run({ firstName: 'A', email: 'a@b.co', phone: '0123456789' }).firstName).toBe('Field value must have at least 2 characters.');
    expect(run({ firstName: 'A'.repeat(41), email: 'a@b.co', phone: '0123456789' }).firstName).toBe('Field value must have at most 40 characters.');
    expect(run({ firstName: '1', email: 'a@b.co', phone: '0123456789' }).firstName).toBe('Field value must have at least 2 characters.');
    expect(run({ firstName: 'A1', email: 'a@b.co', phone: '0123456789' }).firstName).toBe('Field needs to be a characters only');
  });
  it('uses the exact-length text when minimum equals maximum', () => {
    expect(run({ firstName: 'Al', email: 'a@b.co', phone: '012' }).phone).toBe('Field value length must equal to 10');
    expect(run({ firstName: 'Al', email: 'a@b.co', phone: '012345678901' }).phone).toBe('Field value length must equal to 10');
    expect(run({ firstName: 'Al', email: 'a@b.co', phone: '01234567x9' }).phone).toBe('Field needs to be a telephone number');
  });
  it('uses the digits variants for number fields', () => {
    expect(run({ firstName: 'Al', email: 'a@b.co', phone: '0123456789', fleet: '1234' }).fleet).toBe('Field is invalid. A maximum of 3 numbers is permitted');
    expect(run({ firstName: 'Al', email: 'a@b.co', phone: '0123456789', fleet: 'x' }).fleet).toBe('Field needs to be digits');
  });
  it('checks email, AU state (any case), NZ town and float', () => {
    const errors = run({ firstName: 'Al', email: 'not-an-email', phone: '0123456789', state: 'XYZ', town: 'Two  spaces', amount: '1.2.3' });
    expect(errors).toEqual({
      email: 'Field needs to be an email address',
      state: 'Invalid state, please re-enter',
      town: 'Invalid town, please re-enter',
      amount: 'Field needs to be float',
    });
    expect(run({ firstName: "O'Neil & Co", email: 'a@b.co', phone: '+61 (2) 1234', state: 'Vic', town: 'Palmerston North' })).toEqual({ phone: 'Field value length must equal to 10' });
  });
  it('maps nested required errors to dotted paths', () => {
    expect(run({ firstName: 'Al', email: 'a@b.co', phone: '0123456789', nested: {} })).toEqual({ 'nested.inner': 'Field is required' });
    expect(fieldPathOf({ instancePath: '/a/0', keyword: 'required', params: { missingProperty: 'b' } })).toBe('a.0.b');
  });
  it('applies form rules after the schema: not the current user e-mail, case-insensitive', () => {
    const rules = [{ field: 'email', when: { '==': [{ lower: { var: 'form.email' } }, { lower: { var: 'user.email' } }] }, message: 'validation.notOwnEmail' }];
    const context = { user: { email: 'Me@Example.com' } };
    expect(run({ firstName: 'Al', email: 'me@example.COM', phone: '0123456789' }, { rules, context, logic: createLogic() })).toEqual({ email: 'You can not reassigne the quote yourself' });
    expect(run({ firstName: 'Al', email: 'me@', phone: '0123456789' }, { rules, context, logic: createLogic() })).toEqual({ email: 'Field needs to be an email address' });
  });
  it('resolves layered form-field key > form override > keyword > default', () => {
    const data = { email: 'a@b.co', phone: '0123456789' };
    expect(run(data, { overrides: { firstName: { required: 'validation.required.details' } } }).firstName).toBe('Please enter your details');
    expect(run(data, { overrides: { '*': { required: 'validation.required.details' } } }).firstName).toBe('Please enter your details');
    const layered = { ...messages, 'reassign.firstName.required': 'Layered text' };
    expect(run(data, { messages: layered, form: 'reassign', overrides: { firstName: { required: 'validation.required.details' } } }).firstName).toBe('Layered text');
    const other = compile({ type: 'object', properties: { a: { enum: ['x'] } } });
    expect(validateForm(other, { a: 'y' }, { schema: { properties: { a: { enum: ['x'] } } }, messages }).a).toBe('Field is invalid');
  });
  it('interpolates placeholders; an unfilled one renders empty', () => {
    expect(interpolate('at least {n} of {user.name} {gone}', { n: 2, user: { name: 'X' } })).toBe('at least 2 of X ');
  });
});

describe('toErrorSchema', () => {
  it('nests messages like the data', async () => {
    const { toErrorSchema } = await import('../../../runtime/core');
    expect(toErrorSchema({ 'a.b': 'x', c: 'y' })).toEqual({ a: { b: { __errors: ['x'] } }, c: { __errors: ['y'] } });
  });
});

describe('hidden fields', () => {
  it('get no message, nor anything below them', () => {
    expect(run({ email: 'a@b.co', phone: '0123456789', nested: {} }, { hidden: new Set(['firstName', 'nested']) })).toEqual({});
  });
});
