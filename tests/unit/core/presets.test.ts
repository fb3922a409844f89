/**
 * The loader's shorthands for writing a step short (runtime/core/README.md 'Presets, option labels, query
 * state from a schema'): each is written out at load, so the expanded flow equals the hand-written one.
 */
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../runtime/core/load';
import { CONFIG, FLOW, metaFiles } from './fixtures';

const base = `id: base\nmessages: { go: Go, pick: Pick, row.first: First, row.second: Second, row.done: Done, colour.RED: Red, colour.BLUE: Blue }\n`;
const details = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, ok: { type: 'boolean' } } });
const search = JSON.stringify({
  type: 'object',
  properties: {
    pair: { type: 'object', default: { keys: [], values: [] } },
    codes: { type: 'array', items: { type: 'string' }, default: [] },
    seats: { type: 'array', items: { type: 'integer' }, default: [] },
    size: { type: 'integer', enum: [10, 25], default: 25 },
    page: { type: 'integer', minimum: 1, default: 1 },
    sort: { type: 'string', default: 'name' },
    max: { type: 'integer' },
  },
});
const PRESETS = `checkboxes:\n  preset: { type: choice, appearance: checkboxes, multiple: true, event: proceed }\nnarrow:\n  preset: { type: choice, media: narrow, event: other }\n`;

function load(flow: string, fragments = PRESETS) {
  return loadDefinitions({ ...metaFiles(), 'fleetform.yaml': CONFIG, 'flows/_base.yaml': base, 'flows/demo.yaml': flow, 'schemas/details.json': details, 'schemas/search.json': search, 'fragments/demo.yaml': fragments });
}
const withBlock = (block: string) => FLOW.replace('      - { type: button, label: go, event: proceed }', `      - { type: button, label: go, event: proceed }\n${block}`);

describe('block presets', () => {
  it('a use with members is the preset\'s block with the members over it, several presets merged in order', () => {
    const used = load(withBlock('      - { use: [narrow, checkboxes], id: c, label: pick, bind: state.c, optionsFrom: [a, b] }'));
    const inline = load(withBlock('      - { type: choice, media: narrow, appearance: checkboxes, multiple: true, event: proceed, id: c, label: pick, bind: state.c, optionsFrom: [a, b] }'));
    expect(used.errors.filter((e) => !/state/.test(e.message))).toEqual(inline.errors.filter((e) => !/state/.test(e.message)));
    expect(used.defs.flows.demo.steps.start.blocks).toEqual(inline.defs.flows.demo.steps.start.blocks);
    expect(used.defs.flows.demo.steps.start.blocks?.[1]).toMatchObject({ event: 'proceed', media: 'narrow' });
  });

  it('reports a use whose block is not whole (a choice without options) at the use, and a preset of the wrong kind', () => {
    const flow = withBlock('      - { use: checkboxes, id: c, label: pick }');
    const { errors } = load(flow);
    const line = flow.split('\n').findIndex((l) => l.includes('use: checkboxes')) + 1;
    expect(errors).toContainEqual(expect.objectContaining({ file: 'flows/demo.yaml', line, pointer: '/steps/start/blocks/1/use', message: expect.stringContaining('not a whole block') }));
    const wrong = load(withBlock('      - { use: checkboxes }'));
    expect(wrong.errors.map((e) => e.message)).toContain("fragment 'checkboxes' is a preset fragment; here a blocks fragment is needed");
  });
});

describe('options by values and a label prefix', () => {
  it('labels each value with <labels>.<value>', () => {
    const { defs, errors } = load(withBlock('      - { type: choice, id: c, event: proceed, options: { values: [RED, BLUE], labels: colour } }'));
    expect(errors).toEqual([]);
    expect(defs.flows.demo.steps.start.blocks?.[1]).toMatchObject({ options: [{ value: 'RED', label: 'colour.RED' }, { value: 'BLUE', label: 'colour.BLUE' }] });
  });
});

describe('queryState', () => {
  const flow = FLOW.replace('  start:\n', '  start:\n    queryState: { schema: search, case: upper }\n    state:\n      draft: { source: memory }\n');

  it('declares one query state per schema property, in order, before the step\'s own state', () => {
    const { defs, errors } = load(flow);
    expect(errors).toEqual([]);
    const state = defs.flows.demo.steps.start.state ?? {};
    expect(Object.keys(state)).toEqual(['pair', 'codes', 'seats', 'size', 'page', 'sort', 'max', 'draft']);
    expect(state).toEqual({
      pair: { source: 'query', type: 'groups', case: 'upper', default: { keys: [], values: [] } },
      codes: { source: 'query', type: 'list', case: 'upper', default: [] },
      seats: { source: 'query', type: 'list', items: 'int', default: [] },
      size: { source: 'query', type: 'int', snap: [10, 25], default: 25 },
      page: { source: 'query', type: 'int', minimum: 1, default: 1 },
      sort: { source: 'query', type: 'text', default: 'name' },
      max: { source: 'query', type: 'int' },
      draft: { source: 'memory' },
    });
    expect(JSON.stringify(defs.flows.demo)).not.toContain('queryState');
  });

  it('reports an unknown schema with a did-you-mean hint, and a state declared twice', () => {
    const unknown = load(flow.replace('schema: search', 'schema: serch'));
    expect(unknown.errors[0]).toMatchObject({ file: 'flows/demo.yaml', pointer: '/steps/start/queryState/schema', message: "queryState: no schema 'serch' with properties", hint: "did you mean 'search'?" });
    const twice = load(flow.replace('draft: { source: memory }', 'size: { source: memory }'));
    expect(twice.errors.map((e) => e.message)).toContain("state 'size' is already declared by queryState (schema 'search')");
  });
});
