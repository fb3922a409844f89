import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import standaloneCode from 'ajv/dist/standalone';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { forBrowser, prepareSchema, resolveLayers, validateForm, type CompiledValidator, type FormatDef, type LayerDef } from '../../../runtime/core';
import { createFormAjv, loadDefinitions } from '../../../runtime/core/load';
import { CONFIG, metaFiles } from './fixtures';

const root = join(import.meta.dirname, '../../..');
const base = parse(readFileSync(join(root, 'flows/_base.yaml'), 'utf8')) as LayerDef;
const formats = base.formats as Record<string, FormatDef>;

describe('precompiled (standalone) validators', () => {
  it('need no format code and map errors to the named formats', () => {
    const schema = prepareSchema({
      type: 'object',
      required: ['state'],
      properties: { state: { type: 'string', format: 'auState' }, mail: { type: 'string', format: 'email', minLength: 2 } },
    }, formats);
    const ajv = createFormAjv({ code: { source: true } });
    const code = standaloneCode(ajv, ajv.compile(schema));
    expect(code).not.toMatch(/ajv-formats|formats\./);
    const dir = join(root, '.generated/test');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'standalone-state.cjs');
    writeFileSync(file, code);
    const validate = createRequire(import.meta.url)(file) as CompiledValidator;
    const run = (data: unknown) => validateForm(validate, data, { schema, messages: base.messages ?? {}, formats });
    expect(run({ state: 'Qld', mail: 'a@b.co' })).toEqual({});
    expect(run({ state: 'xx', mail: 'nope' })).toEqual({ state: 'Invalid state, please re-enter', mail: 'Field needs to be an email address' });
    expect(run({ mail: 'a' })).toEqual({ state: 'Field is required', mail: 'Field value must have at least 2 characters.' });
  });
});

describe('serialisable definition set', () => {
  it('round-trips through JSON and resolves layers without source positions', () => {
    const { defs } = loadDefinitions({ ...metaFiles(), 'fleetform.yaml': CONFIG, 'flows/_base.yaml': 'id: base\nmessages: { a: A }\n' });
    const browser = JSON.parse(JSON.stringify(forBrowser(defs)));
    expect(browser.sources).toEqual({});
    const layers = resolveLayers(browser, {});
    expect(layers.messages).toEqual({ a: 'A' });
    expect(layers.provenance('/messages/a')).toMatchObject({ layer: 'base', file: 'flows/_base.yaml', line: 1 });
  });
});
