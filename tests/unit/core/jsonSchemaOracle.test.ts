/**
 * The JSON Schema Test Suite (tests/fixtures/oracles/json-schema-test-suite) run through the runtime's
 * extension of JSON Schema: `prepareSchema` (named formats become patterns, `x-format` marks them),
 * `createFormAjv` (the extension keywords) and ajv standalone output (what the browser runs).
 * Extending the language must not change what standard schemas accept.
 *
 * Where the runtime deliberately differs (named formats replace ajv's annotation-only `format`),
 * the differences are listed in DELIBERATE with the reason; every other case must match.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import standaloneCode from 'ajv/dist/standalone';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { prepareSchema, type CompiledValidator, type FormatDef, type JsonSchema, type LayerDef } from '../../../runtime/core';
import { createFormAjv } from '../../../runtime/core/load';

const ROOT = join(import.meta.dirname, '../../..');
const SUITE = join(ROOT, 'tests/fixtures/oracles/json-schema-test-suite');
const base = parse(readFileSync(join(ROOT, 'flows/_base.yaml'), 'utf8')) as LayerDef;
const formats = base.formats as Record<string, FormatDef>;

interface Case { description: string; data: unknown; valid: boolean }
interface Group { description: string; schema: JsonSchema | boolean; tests: Case[] }

/**
 * Cases whose answer differs on purpose. 2020-12 makes `format` an annotation by default; the
 * runtime's named formats (`formats:` in the base layer) assert, which is the point of naming them.
 * The portal's `email` is a plain address (spec 000 section 5, 'Field needs to be an email address'):
 * quoted local parts and IP-literal domains, which RFC 5321 allows, are refused.
 */
const PLAIN = 'optional/format/email.json > validation of e-mail addresses >';
const DELIBERATE: Record<string, string> = {
  'format.json > email format > invalid email string is only an annotation by default': 'named formats assert',
  [`${PLAIN} a quoted string with a space in the local part is valid`]: 'plain addresses only',
  [`${PLAIN} a quoted string with a double dot in the local part is valid`]: 'plain addresses only',
  [`${PLAIN} a quoted string with a @ in the local part is valid`]: 'plain addresses only',
  [`${PLAIN} an IPv4-address-literal after the @ is valid`]: 'plain addresses only',
  [`${PLAIN} an IPv6-address-literal after the @ is valid`]: 'plain addresses only',
};

function files(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), `${prefix}${e.name}/`) : e.name.endsWith('.json') ? [`${prefix}${e.name}`] : [],
  );
}

/** The runtime's standard engine is draft-07; 2020-12 files run where their keywords mean the same there. */
const DRAFTS: Record<string, (file: string) => boolean> = {
  draft7: () => true,
  'draft2020-12': (file) => !file.startsWith('dependentRequired'),
};
/** 2020-12 groups draft-07 itself rejects as schemas (draft-07 requires a non-empty `enum`). */
const NOT_DRAFT7 = new Set(['draft2020-12/enum.json > empty enum']);

function compileBoth(schema: JsonSchema | boolean): { direct: CompiledValidator; standalone: CompiledValidator } {
  const prepared = typeof schema === 'boolean' ? schema : prepareSchema(stripDialect(schema), formats);
  const ajv = createFormAjv({ code: { source: true } });
  const direct = ajv.compile(prepared as JsonSchema) as unknown as CompiledValidator;
  const code = standaloneCode(ajv, direct as never);
  const module = { exports: {} as Record<string, unknown> };
  // Like the browser bundle, the code may require ajv's small runtime helpers (equal, ucs2length).
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
  const exported = module.exports as unknown as { default?: CompiledValidator } & CompiledValidator;
  return { direct, standalone: exported.default ?? exported };
}

/** `$schema` of 2020-12 is unknown to the draft-07 engine; the keywords under test mean the same. */
function stripDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest as JsonSchema;
}

for (const [draft, include] of Object.entries(DRAFTS)) {
  const list = files(join(SUITE, draft)).filter(include);
  describe(`JSON Schema Test Suite ${draft} through the runtime's schema extension`, () => {
    it('has the suite files (tests/fixtures/oracles)', () => expect(list.length).toBeGreaterThan(0));
    for (const file of list) {
      const groups = JSON.parse(readFileSync(join(SUITE, draft, file), 'utf8')) as Group[];
      it(file, () => {
        let checked = 0;
        const wrong: string[] = [];
        for (const group of groups) {
          if (NOT_DRAFT7.has(`${draft}/${file} > ${group.description}`)) continue;
          const { direct, standalone } = compileBoth(group.schema);
          for (const test of group.tests) {
            const name = `${file} > ${group.description} > ${test.description}`;
            const expected = DELIBERATE[name] ? !test.valid : test.valid;
            for (const [how, validate] of [['direct', direct], ['standalone', standalone]] as const) {
              if (validate(test.data) !== expected) wrong.push(`${how}: ${name}`);
            }
            checked++;
          }
        }
        expect(wrong).toEqual([]);
        expect(checked).toBeGreaterThan(0);
      });
    }
  });
}
