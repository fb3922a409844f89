/**
 * The bench's generated forms (bench data, not product texts) and what each page loads:
 * the runtime page gets a RuntimeBundle + ajv standalone validators built as
 * scripts/compileValidators.ts builds them; the stock page gets a plain JSON Schema whose
 * conditions are `if`/`then` (rjsf's own way), validated in the browser by @rjsf/validator-ajv8.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepareSchema } from '../../runtime/core';
import type { JsonSchema } from '../../runtime/core/types';
import type { RuntimeBundle } from '../../runtime/core/bundle';
import { compileStandalone, createBundle, loadDefinitionsFromDir, validatorName } from '../../runtime/node';

/** One form variant: `sections` x `fields`, typed into at a middle field. */
export interface Variant {
  /** Total field count (the variant's name in URLs and results). */
  size: number;
  sections: number;
  fields: number;
}

export const VARIANTS: Variant[] = [
  { size: 300, sections: 10, fields: 30 },
  { size: 1000, sections: 10, fields: 100 },
];

/** Longest value the typed field accepts (its validation rule); 40 keys cross it. */
export const TYPED_MAX_LENGTH = 32;
/** The typed field's value length at which its visibility rule hides the section's last field. */
export const HIDE_AT_LENGTH = 20;
/** The runtime page of a variant: its own build (only that form's validator, as a product with that one form), served under `/<name>/`. */
export const runtimePage = (v: Variant): string => `runtime-${v.size}`;
/** The runtime page's flow path: the bench opens the form step's URL directly, as a link to it would. */
export const runtimeBase = (v: Variant): string => `/${runtimePage(v)}/bench`;
/** rjsf / runtime id prefix; field ids are `bench_<section>_<field>`. */
export const ID_PREFIX = 'bench';
/** Sections whose first field hides the section's last field when it is `x` (rules 2-4). */
const OTHER_RULE_SECTIONS = [1, 3, 8];

/** Ids the driver needs: the typed field (middle section, middle field), first, last and rule-hidden fields. */
export function fieldIds(v: Variant): { typed: string; first: string; last: string; hidden: string } {
  const mid = Math.floor(v.sections / 2);
  const id = (s: number, f: number) => `${ID_PREFIX}_s${s}_f${f}`;
  return { typed: id(mid, Math.floor(v.fields / 2)), first: id(0, 0), last: id(v.sections - 1, v.fields - 1), hidden: id(mid, v.fields - 1) };
}

function field(s: number, f: number, typed: boolean): JsonSchema {
  return { type: 'string', title: `Field ${s}.${f}`, maxLength: typed ? TYPED_MAX_LENGTH : 64 };
}

/** Rules as (section, reading field, JSON-logic for the runtime, JSON Schema `if` for stock). */
function rules(v: Variant): { section: number; hides: number; logic: unknown; ifSchema: JsonSchema }[] {
  const mid = Math.floor(v.sections / 2);
  const typed = Math.floor(v.fields / 2);
  const last = v.fields - 1;
  return [
    { section: mid, hides: last, logic: { '<': [{ length: { var: `form.s${mid}.f${typed}` } }, HIDE_AT_LENGTH] },
      ifSchema: { properties: { [`f${typed}`]: { maxLength: HIDE_AT_LENGTH - 1 } } } },
    ...OTHER_RULE_SECTIONS.map((s) => ({
      section: s, hides: last, logic: { '!=': [{ var: `form.s${s}.f0` }, 'x'] },
      ifSchema: { properties: { f0: { not: { const: 'x' } } } },
    })),
  ];
}

/** The runtime's schema and uiSchema: sections as top-level objects, `ui:sections`, `ui:visibleWhen` rules. */
export function runtimeForm(v: Variant): { schema: JsonSchema; uiSchema: Record<string, unknown> } {
  const ids = fieldIds(v);
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: Record<string, unknown> = { 'ui:sections': true };
  for (let s = 0; s < v.sections; s++) {
    const fields: Record<string, JsonSchema> = {};
    for (let f = 0; f < v.fields; f++) fields[`f${f}`] = field(s, f, `${ID_PREFIX}_s${s}_f${f}` === ids.typed);
    properties[`s${s}`] = { type: 'object', title: `Section ${s}`, properties: fields };
  }
  for (const rule of rules(v)) uiSchema[`s${rule.section}`] = { [`f${rule.hides}`]: { 'ui:visibleWhen': rule.logic } };
  return { schema: { type: 'object', properties }, uiSchema };
}

/** The stock page's schema: the same fields; each rule's field exists only in its section's `then`. */
export function stockForm(v: Variant): { schema: JsonSchema; uiSchema: Record<string, unknown> } {
  const { schema } = runtimeForm(v);
  const sections = schema.properties as Record<string, JsonSchema>;
  for (const rule of rules(v)) {
    const section = sections[`s${rule.section}`];
    const props = { ...(section.properties as Record<string, JsonSchema>) };
    const hidden = props[`f${rule.hides}`];
    delete props[`f${rule.hides}`];
    sections[`s${rule.section}`] = { ...section, properties: props, if: rule.ifSchema, then: { properties: { [`f${rule.hides}`]: hidden } } };
  }
  return { schema, uiSchema: {} };
}

/** Where a variant's validator module is written, under its folder: where the product's build looks for validators. */
const VALIDATORS_DIR = '.generated/validators';
export const VALIDATORS_FILE = `${VALIDATORS_DIR}/bench.cjs`;

/**
 * Writes `dir`: per variant `runtime-<size>/` with `definitions.ts` (size -> lazy bundle loader, as
 * the product's `.generated/definitions.ts`), `bundles/<size>.json` and `.generated/validators/bench.cjs` (ajv
 * standalone, as scripts/compileValidators.ts writes it, in a folder of that name so the product's build gives it
 * the same compile hint: vite.config.ts); and `stock.ts` + `stock/<size>.json`.
 */
export function writeGenerated(root: string, dir: string): void {
  const { defs, errors } = loadDefinitionsFromDir(root);
  if (errors.length) throw new Error(`definitions have errors: ${errors.map((e) => e.message).join('; ')}`);
  // Messages, formats and settings of the default region; the bench flow replaces the product flows.
  const region = defs.config.defaults?.region ?? 'au';
  const { bundle: base, errors: bundleErrors } = createBundle(defs, { region }, [], () => false);
  if (bundleErrors.length) throw new Error(bundleErrors.map(String).join('; '));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'stock'), { recursive: true });
  const loaders = (folder: string, sizes: number[]) => sizes.map((size) => `  '${size}': () => import('./${folder}/${size}.json').then((m) => m.default),`);
  for (const v of VARIANTS) {
    const out = join(dir, runtimePage(v));
    mkdirSync(join(out, 'bundles'), { recursive: true });
    const { schema, uiSchema } = runtimeForm(v);
    const prepared = prepareSchema(schema, base.formats);
    const name = validatorName(prepared);
    const flow = { id: 'bench', basePath: runtimeBase(v), initial: 'form', steps: { form: { blocks: [{ type: 'form' as const, schema: 'bench' }] } } };
    const bundle: RuntimeBundle = { ...base, flows: { bench: flow }, schemas: { bench: prepared }, uiSchemas: { bench: uiSchema }, validators: { bench: name } };
    writeFileSync(join(out, 'bundles', `${v.size}.json`), JSON.stringify(bundle));
    mkdirSync(join(out, VALIDATORS_DIR), { recursive: true });
    writeFileSync(join(out, VALIDATORS_FILE), compileStandalone(new Map([[name, prepared]])).code);
    writeFileSync(join(out, 'definitions.ts'), ['// Generated by bench/keystroke/generate.ts.', 'export const bundles = {', ...loaders('bundles', [v.size]), '};', ''].join('\n'));
    writeFileSync(join(dir, 'stock', `${v.size}.json`), JSON.stringify(stockForm(v)));
  }
  writeFileSync(join(dir, 'stock.ts'), ['// Generated by bench/keystroke/generate.ts.', 'export const forms = {', ...loaders('stock', VARIANTS.map((v) => v.size)), '};', ''].join('\n'));
}
