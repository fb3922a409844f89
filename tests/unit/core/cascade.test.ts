/**
 * Shorthands added for applicantDetails (runtime/core/README.md 'Shorthands'): a cascade is written out as the
 * choices and step parts a screen would spell by hand, a text's list of keys as one text per key, and errors in
 * what follows still point at their lines; the `keyed` function and the `replaceAll` operation.
 */
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../runtime/core/load';
import { createLogic, keyed } from '../../../runtime/core';
import { CONFIG, FLOW, metaFiles } from './fixtures';

const base = `id: base\nmessages: { go: Go, close: Close, title: Title }\n`;
const details = JSON.stringify({ type: 'object', properties: { name: { type: 'string' } } });
const load = (flow: string) => loadDefinitions({ ...metaFiles(), 'fleetform.yaml': CONFIG, 'flows/_base.yaml': base, 'flows/demo.yaml': flow, 'schemas/details.json': details });
const withBlocks = (...blocks: string[]) => FLOW.replace('      - { type: button, label: go, event: proceed }', ['      - { type: button, label: go, event: proceed }', ...blocks].join('\n'));
const start = (flow: string) => load(flow).defs.flows.demo.steps.start as unknown as { blocks: Record<string, unknown>[]; state: Record<string, unknown>; on: Record<string, unknown> };

const cascade = [
  '      - type: cascade',
  '        appearance: dropdown',
  '        placeholder: close',
  '        hiddenWhen: { var: user.done }',
  '        enabledWhen: { var: user.id }',
  '        levels:',
  '          - { id: a, label: go, optionsFrom: [1, 2] }',
  '          - { id: b, label: go, bind: state.picked.b, optionsFrom: [3] }',
  '          - { id: c, label: go, optionsFrom: [4], enabledWhen: { var: user.c } }',
];

describe('cascade', () => {
  it('is one choice per level: the shared members under its own, enabled after the level before, emptying the levels after', () => {
    const step = start(withBlocks(...cascade));
    const visibleWhen = { '!': { var: 'user.done' } };
    const shared = { appearance: 'dropdown', placeholder: 'close', visibleWhen };
    expect(step.blocks.slice(1)).toEqual([
      { type: 'choice', id: 'a', bind: 'state.a', ...shared, label: 'go', optionsFrom: [1, 2], event: 'aChosen', enabledWhen: { var: 'user.id' } },
      { type: 'choice', id: 'b', bind: 'state.picked.b', ...shared, label: 'go', optionsFrom: [3], event: 'bChosen', enabledWhen: { and: [{ var: 'state.a' }, { var: 'user.id' }] } },
      { type: 'choice', id: 'c', bind: 'state.c', ...shared, label: 'go', optionsFrom: [4], enabledWhen: { and: [{ var: 'state.picked.b' }, { var: 'user.id' }, { var: 'user.c' }] } },
    ]);
    expect(step.state).toMatchObject({ a: { source: 'memory' }, c: { source: 'memory' } });
    expect(step.state).not.toHaveProperty('b');
    expect(step.on.aChosen).toEqual({ effects: [{ set: 'state.picked.b', value: null }, { set: 'state.c', value: null }] });
    expect(step.on.bChosen).toEqual({ effects: [{ set: 'state.c', value: null }] });
    expect(step.on).not.toHaveProperty('cChosen');
  });

  it('an error in a level, and in a block after the cascade (moved by its choices), is reported at its own line', () => {
    const flow = withBlocks(...cascade.slice(0, -1), '          - { id: c, label: go, optionsFrom: [4], placeholder: 7 }', '      - { type: text, text: go, bogus: 1 }');
    const lines = flow.split('\n');
    const { errors } = load(flow);
    const found = (text: string) => errors.filter((e) => e.message.includes(text)).map((e) => e.line);
    expect(found('bogus')).toContain(lines.findIndex((l) => l.includes('bogus: 1')) + 1);
    expect(found('must be string')).toEqual([lines.findIndex((l) => l.includes('placeholder: 7')) + 1]);
  });

  it('a level whose state or event the step already has is reported', () => {
    const flow = withBlocks(...cascade).replace('  start:\n', '  start:\n    state: { a: { source: memory } }\n');
    expect(load(flow).errors.map((e) => e.message)).toContain("a cascade adds state 'a', which this step already has");
  });

  it('the meta-schema refuses a cascade of one level and a level without id', () => {
    expect(load(withBlocks('      - { type: cascade, levels: [{ id: a, optionsFrom: [1] }] }')).errors.length).toBeGreaterThan(0);
    expect(load(withBlocks('      - { type: cascade, levels: [{ id: a, optionsFrom: [1] }, { optionsFrom: [2] }] }')).errors.length).toBeGreaterThan(0);
  });
});

describe("a text's list of keys", () => {
  it('is one text block per key with the other members', () => {
    const step = start(withBlocks("      - { type: text, text: [go, close], variant: notice, visibleWhen: { var: user.id } }"));
    expect(step.blocks.slice(1)).toEqual([
      { type: 'text', text: 'go', variant: 'notice', visibleWhen: { var: 'user.id' } },
      { type: 'text', text: 'close', variant: 'notice', visibleWhen: { var: 'user.id' } },
    ]);
  });
});

describe('keyed and replaceAll', () => {
  const logic = createLogic({});
  it('keyed holds a value under a key chosen at run time; no value is {}', () => {
    expect(keyed.fn('abn', '51824753556')).toEqual({ abn: '51824753556' });
    expect(logic.evaluate({ keyed: [{ var: 'field' }, { var: 'n' }] }, { field: 'nzbn', n: '9429041234567' })).toEqual({ nzbn: '9429041234567' });
    expect(keyed.fn('abn', null)).toEqual({});
    expect(keyed.fn('abn', undefined)).toEqual({});
    expect(keyed.fn('abn', '')).toEqual({ abn: '' });
  });
  it("replaceAll answers as { join: [{ split: [text, find] }, by] } does", () => {
    for (const text of ['A/1/2', '', null, 'none', '/x/']) {
      const data = { text };
      expect(logic.evaluate({ replaceAll: [{ var: 'text' }, '/', '|'] }, data), String(text)).toEqual(logic.evaluate({ join: [{ split: [{ var: 'text' }, '/'] }, '|'] }, data));
    }
  });
});
