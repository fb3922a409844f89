/**
 * Block and effect shorthands (runtime/core/README.md 'Shorthands'): each is written out at load, so the
 * expanded flow equals the hand-written long form; a shorthand that cannot be written out is reported.
 */
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../runtime/core/load';
import { CONFIG, FLOW, metaFiles } from './fixtures';

const base = `id: base\nmessages: { go: Go, close: Close, title: Title }\n`;
const details = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' } } });

const load = (flow: string) => loadDefinitions({ ...metaFiles(), 'fleetform.yaml': CONFIG, 'flows/_base.yaml': base, 'flows/demo.yaml': flow, 'schemas/details.json': details });
const withBlock = (block: string) => FLOW.replace('      - { type: button, label: go, event: proceed }', `      - { type: button, label: go, event: proceed }\n${block}`);
const withEffects = (effects: string) => FLOW.replace('        - { target: approvals }', `        - { target: approvals, effects: ${effects} }`);
/** The same flow written with and without the shorthand: same errors, same expanded flow. */
function same(short: string, long: string) {
  const a = load(short);
  const b = load(long);
  expect(a.errors).toEqual(b.errors);
  expect(a.defs.flows.demo).toEqual(b.defs.flows.demo);
  return a.defs.flows.demo;
}

describe('block shorthands', () => {
  it("hiddenWhen is visibleWhen: { '!': ... }", () => {
    const flow = same(
      withBlock("      - { type: text, text: go, hiddenWhen: { var: user } }"),
      withBlock("      - { type: text, text: go, visibleWhen: { '!': { var: user } } }"),
    );
    expect(JSON.stringify(flow)).not.toContain('hiddenWhen');
  });

  it('submitNeeds: each field filled and showing no error, before the submitEnabledWhen given', () => {
    same(
      withBlock('      - { type: form, schema: details, submitNeeds: [name, phone], submitEnabledWhen: { var: user } }'),
      withBlock("      - { type: form, schema: details, submitEnabledWhen: { and: [{ var: form.name }, { var: form.phone }, { '!': { var: formErrors.name } }, { '!': { var: formErrors.phone } }, { var: user }] } }"),
    );
  });

  it("a dialog's openWhenState opens it when that state holds its id; closeLabel adds the close button", () => {
    same(
      withBlock('      - { type: dialog, id: d, title: title, openWhenState: state.dialog, closeEvent: proceed, closeLabel: close, blocks: [{ type: text, text: go }] }'),
      withBlock("      - { type: dialog, id: d, title: title, openWhen: { '==': [{ var: state.dialog }, d] }, closeEvent: proceed, blocks: [{ type: text, text: go }, { type: button, label: close, event: proceed, appearance: secondary }] }"),
    );
  });

  it("a dialog's body is a first text block per key, its actions a last actions group (their own shorthands written out)", () => {
    same(
      withBlock("      - { type: dialog, id: d, title: title, body: [go, close], blocks: [{ type: text, text: title }], actions: [{ type: button, label: go, event: proceed, hiddenWhen: { var: state.x } }] }"),
      withBlock([
        '      - type: dialog',
        '        id: d',
        '        title: title',
        '        blocks:',
        '          - { type: text, text: go }',
        '          - { type: text, text: close }',
        '          - { type: text, text: title }',
        "          - { type: group, variant: actions, blocks: [{ type: button, label: go, event: proceed, visibleWhen: { '!': { var: state.x } } }] }",
      ].join('\n')),
    );
  });

  it("a group's narrow is two groups: itself on wide screens, with those members over it on narrow ones", () => {
    const flow = same(
      withBlock('      - { type: group, variant: bar, narrow: { variant: expander, title: title }, blocks: [{ type: text, text: go }] }\n      - { type: text, text: close }'),
      withBlock([
        '      - { type: group, variant: bar, media: wide, blocks: [{ type: text, text: go }] }',
        '      - { type: group, variant: expander, title: title, media: narrow, blocks: [{ type: text, text: go }] }',
        '      - { type: text, text: close }',
      ].join('\n')),
    );
    expect(JSON.stringify(flow)).not.toContain('"narrow":{');
  });

  it("an image's fallbackLabel adds a link to its href (a text without one), shown while its source is empty (and the image's own condition holds)", () => {
    same(
      withBlock([
        '      - { type: image, src: { var: state.logo }, alt: title, href: /x, fallbackLabel: go }',
        '      - { type: image, src: { var: state.logo }, alt: title, media: wide, hiddenWhen: { var: user }, fallbackLabel: go }',
      ].join('\n')),
      withBlock([
        '      - { type: image, src: { var: state.logo }, alt: title, href: /x }',
        "      - { type: link, label: go, href: /x, visibleWhen: { '!': { var: state.logo } } }",
        "      - { type: image, src: { var: state.logo }, alt: title, media: wide, visibleWhen: { '!': { var: user } } }",
        "      - { type: text, text: go, media: wide, visibleWhen: { and: [{ '!': { var: user } }, { '!': { var: state.logo } }] } }",
      ].join('\n')),
    );
  });

  it('reports a shorthand that cannot be written out, at its member', () => {
    const { errors } = load(withBlock([
      "      - { type: text, text: go, visibleWhen: true, hiddenWhen: { var: user } }",
      '      - { type: dialog, id: d, title: title, closeLabel: close, blocks: [] }',
    ].join('\n')));
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/steps/start/blocks/1/hiddenWhen', 'a block has either visibleWhen or hiddenWhen'],
      ['/steps/start/blocks/2/closeLabel', 'closeLabel needs the closeEvent its button raises'],
    ]);
    const buttonLine = FLOW.split('\n').findIndex((l) => l.includes('label: go, event: proceed')) + 1;
    expect(errors.map((e) => `${e.file}:${e.line}`)).toEqual([`flows/demo.yaml:${buttonLine + 1}`, `flows/demo.yaml:${buttonLine + 2}`]);
  });
});

describe('a range: two bound choices side by side', () => {
  it('is a row group of its min and max choices (their members over the shared ones), excludes and-ed into enabledWhen, and a Clear button', () => {
    const flow = same(
      withBlock([
        '      - type: range',
        '        id: price',
        '        hiddenWhen: { var: user }',
        '        appearance: dropdown',
        '        optionsFrom: [1, 2, 3]',
        '        event: proceed',
        '        enabledWhen: { var: record.open }',
        '        excludes: [state.minSize, state.maxSize]',
        '        clearLabel: close',
        '        min: { id: low, label: go, bind: state.low }',
        '        max: { id: high, label: title, bind: state.high, optionsFrom: [2, 3, 4] }',
      ].join('\n')),
      withBlock([
        "      - type: group",
        "        id: price",
        "        variant: row",
        "        visibleWhen: { '!': { var: user } }",
        "        blocks:",
        "          - { type: choice, id: low, label: go, bind: state.low, appearance: dropdown, optionsFrom: [1, 2, 3], event: proceed,",
        "              enabledWhen: { and: [{ var: record.open }, { '!': { or: [{ var: state.minSize }, { var: state.maxSize }] } }] } }",
        "          - { type: choice, id: high, label: title, bind: state.high, appearance: dropdown, optionsFrom: [2, 3, 4], event: proceed,",
        "              enabledWhen: { and: [{ var: record.open }, { '!': { or: [{ var: state.minSize }, { var: state.maxSize }] } }] } }",
        "          - { type: button, label: close, appearance: subtle, set: { state.low: null, state.high: null }, event: proceed,",
        "              visibleWhen: { or: [{ var: state.low }, { var: state.high }] } }",
      ].join('\n')),
    );
    expect(JSON.stringify(flow)).not.toMatch(/"range"|excludes|clearLabel|"min"|"max"/);
  });

  it('without clearLabel, excludes or event: just the two choices; one excluded path is { !: { var } }', () => {
    same(
      withBlock("      - { type: range, excludes: [state.size], min: { bind: state.low, options: { values: [1], labels: go } }, max: { bind: state.high, optionsFrom: [2] } }"),
      withBlock("      - { type: group, variant: row, blocks: [{ type: choice, bind: state.low, options: [{ value: 1, label: go.1 }], enabledWhen: { '!': { var: state.size } } }, { type: choice, bind: state.high, optionsFrom: [2], enabledWhen: { '!': { var: state.size } } }] }"),
    );
  });

  it('appearance: slider is a column of one two-thumb slider (optionLabel its valueLabel, the ends with their defaults) and Clear', () => {
    same(
      withBlock([
        '      - type: range',
        '        id: price',
        '        appearance: slider',
        '        from: 10',
        '        to: { var: settings.top }',
        '        step: 10',
        '        placeholder: go',
        '        optionLabel: { cat: [{ var: item }, x] }',
        '        event: proceed',
        '        excludes: [state.size]',
        '        clearLabel: close',
        '        min: { id: low, label: go, bind: state.low }',
        '        max: { id: high, label: title, bind: state.high, default: 30 }',
      ].join('\n')),
      withBlock([
        "      - type: group",
        "        id: price",
        "        variant: column",
        "        blocks:",
        "          - { type: slider, from: 10, to: { var: settings.top }, step: 10, placeholder: go, event: proceed, valueLabel: { cat: [{ var: item }, x] },",
        "              enabledWhen: { '!': { var: state.size } }, min: { id: low, label: go, bind: state.low }, max: { id: high, label: title, bind: state.high, default: 30 } }",
        "          - { type: button, label: close, appearance: subtle, set: { state.low: null, state.high: null }, event: proceed,",
        "              visibleWhen: { or: [{ var: state.low }, { var: state.high }] } }",
      ].join('\n')),
    );
  });

  it('the meta-schema refuses a slider range without its scale or with options, a scale or default on another range, and a slider with one thumb and two', () => {
    const messages = (block: string) => load(withBlock(block)).errors.map((e) => `${e.pointer} ${e.message}`);
    expect(messages("      - { type: range, appearance: slider, from: 1, min: { bind: state.low }, max: { bind: state.high } }")).not.toEqual([]);
    expect(messages("      - { type: range, appearance: slider, from: 1, to: 5, optionsFrom: [1], min: { bind: state.low }, max: { bind: state.high } }")).not.toEqual([]);
    expect(messages("      - { type: range, appearance: dropdown, from: 1, to: 5, optionsFrom: [1], min: { bind: state.low }, max: { bind: state.high } }")).not.toEqual([]);
    expect(messages("      - { type: range, optionsFrom: [1], min: { bind: state.low, default: 1 }, max: { bind: state.high } }")).not.toEqual([]);
    expect(messages("      - { type: slider, from: 1, to: 5, bind: state.x, min: { bind: state.low }, max: { bind: state.high } }")).not.toEqual([]);
    expect(messages("      - { type: slider, from: 1, to: 5, min: { bind: state.low } }")).not.toEqual([]);
    expect(messages("      - { type: slider, to: 5, bind: state.x }").join('\n')).toMatch(/from/);
    expect(messages("      - { type: slider, from: 1, to: 5, bind: state.x, default: 2, step: 1 }")).toEqual([]);
    expect(messages("      - { type: range, appearance: slider, from: 1, to: 5, min: { bind: state.low }, max: { bind: state.high, default: 4 } }")).toEqual([]);
    // Checked at load: a scale written as numbers that is empty or steps by nothing, an event the step does not handle.
    expect(messages("      - { type: slider, from: 5, to: 5, step: 0, bind: state.x, event: nowhere }")).toEqual([
      '/steps/start/blocks/1/event event \'nowhere\' is not handled by step \'start\'',
      '/steps/start/blocks/1/to slider scale from 5 to 5 is empty',
      '/steps/start/blocks/1/step slider step 0 is not above 0',
    ]);
  });

  it('the meta-schema refuses a range without both ends, an end without bind or options, and an end member a range end does not take', () => {
    const messages = (block: string) => load(withBlock(block)).errors.map((e) => `${e.pointer} ${e.message}`);
    expect(messages("      - { type: range, min: { bind: state.low }, optionsFrom: [1] }").join('\n')).toMatch(/max/);
    expect(messages("      - { type: range, min: { label: go }, max: { bind: state.high }, optionsFrom: [1] }").join('\n')).toMatch(/\/min.*bind/);
    expect(messages("      - { type: range, min: { bind: state.low }, max: { bind: state.high } }")).not.toEqual([]);
    expect(messages("      - { type: range, min: { bind: state.low, multiple: true }, max: { bind: state.high }, optionsFrom: [1] }").join('\n')).toMatch(/multiple/);
  });
});

describe('a block written with widget: and no type', () => {
  it('is a widget block', () => {
    const flow = same(
      withBlock('      - { widget: contactBox, props: { heading: go } }'),
      withBlock('      - { type: widget, widget: contactBox, props: { heading: go } }'),
    );
    expect(flow.steps.start.blocks?.[1]).toEqual({ type: 'widget', widget: 'contactBox', props: { heading: 'go' } });
  });

  it('a block with neither type nor widget is still refused for its missing type; a typeless block is checked as a widget', () => {
    const messages = (block: string) => load(withBlock(block)).errors.map((e) => `${e.pointer} ${e.message}`);
    expect(messages('      - { text: go }').join('\n')).toMatch(/type/);
    expect(messages('      - { widget: contactBox, text: go }').join('\n')).toMatch(/text/);
  });
});

describe("a button's set: page state written at a click", () => {
  it('takes state paths to logic, with or without an event; without either it is refused', () => {
    const messages = (block: string) => load(withBlock(block)).errors.map((e) => `${e.pointer} ${e.message}`);
    expect(messages("      - { type: button, label: go, set: { state.a: null, state.b: { var: user.id } } }")).toEqual([]);
    expect(messages("      - { type: button, label: go, set: { state.a: 1 }, event: proceed }")).toEqual([]);
    expect(messages("      - { type: button, label: go, set: { record.a: 1 } }").join('\n')).toMatch(/set/);
    expect(messages("      - { type: button, label: go }")).not.toEqual([]);
  });
});

describe('otherwise: the other case of a block', () => {
  it('a copy with the members over it and the condition negated, as simply as it can be written', () => {
    same(
      withBlock([
        "      - { type: text, text: go, hiddenWhen: { var: user }, otherwise: { text: title } }",
        "      - { type: button, label: go, event: proceed, visibleWhen: { '==': [{ var: x }, 1] }, otherwise: { label: close, event: proceed } }",
        "      - { type: text, text: go, visibleWhen: { var: user }, otherwise: { text: title } }",
      ].join('\n')),
      withBlock([
        "      - { type: text, text: go, visibleWhen: { '!': { var: user } } }",
        '      - { type: text, text: title, visibleWhen: { var: user } }',
        "      - { type: button, label: go, event: proceed, visibleWhen: { '==': [{ var: x }, 1] } }",
        "      - { type: button, label: close, event: proceed, visibleWhen: { '!=': [{ var: x }, 1] } }",
        '      - { type: text, text: go, visibleWhen: { var: user } }',
        "      - { type: text, text: title, visibleWhen: { '!': { var: user } } }",
      ].join('\n')),
    );
  });

  it('a block with no condition to negate is reported at its otherwise', () => {
    const { errors } = load(withBlock('      - { type: text, text: go, otherwise: { text: title } }'));
    expect(errors.map((e) => e.message)).toContain('otherwise needs the visibleWhen or hiddenWhen it is the other case of');
  });
});

describe('a text or label chosen by conditions: { if: [when, key, ..., else] }', () => {
  it('one copy per case, each shown while its case is the first that holds (and the block\'s own condition)', () => {
    same(
      withBlock([
        '      - { type: text, text: { if: [{ var: a }, go, { var: b }, close, title] }, hiddenWhen: { var: user } }',
        "      - { type: button, event: proceed, label: { if: [{ '==': [{ var: x }, 1] }, go, close] } }",
        '      - { type: link, href: /x, label: { if: [{ var: a }, go] } }',
      ].join('\n')),
      withBlock([
        "      - { type: text, text: go, visibleWhen: { and: [{ '!': { var: user } }, { var: a }] } }",
        "      - { type: text, text: close, visibleWhen: { and: [{ '!': { var: user } }, { '!': { var: a } }, { var: b }] } }",
        "      - { type: text, text: title, visibleWhen: { and: [{ '!': { var: user } }, { '!': { var: a } }, { '!': { var: b } }] } }",
        "      - { type: button, event: proceed, label: go, visibleWhen: { '==': [{ var: x }, 1] } }",
        "      - { type: button, event: proceed, label: close, visibleWhen: { '!=': [{ var: x }, 1] } }",
        '      - { type: link, href: /x, label: go, visibleWhen: { var: a } }',
      ].join('\n')),
    );
  });

  it('a case whose text is not a message key, or an otherwise beside it, is reported; a lone if is refused by the meta-schema', () => {
    const { errors } = load(withBlock([
      '      - { type: text, text: { if: [{ var: a }, { var: b }, go] } }',
      '      - { type: text, text: { if: [{ var: a }, go, close] }, visibleWhen: { var: b }, otherwise: { text: title } }',
    ].join('\n')));
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/steps/start/blocks/1/text/if/1', 'text chosen by if: each case\'s text is a message key'],
      ['/steps/start/blocks/2/otherwise', 'a block whose text is chosen by if has no otherwise'],
    ]);
    expect(load(withBlock('      - { type: text, text: { if: [go] } }')).errors.length).toBeGreaterThan(0);
  });
});

describe('effect shorthands', () => {
  it('set of a map is one set per entry, in order', () => {
    same(
      withEffects('[{ set: { state.a: 1, state.b: { var: event.value } } }, { navigate: /x }]'),
      withEffects('[{ set: state.a, value: 1 }, { set: state.b, value: { var: event.value } }, { navigate: /x }]'),
    );
  });

  it('a set of a map with a value beside it is refused by the meta-schema', () => {
    const { errors } = load(withEffects('[{ set: { state.a: 1 }, value: 2 }]'));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].file).toBe('flows/demo.yaml');
  });
});

describe('state grouped by source', () => {
  const withState = (flowState: string, stepState: string) => FLOW.replace('steps:\n  start:\n', `${flowState}steps:\n  start:\n${stepState}`);

  it('local / memory groups are { source, key, default } entries in order; null: no default; local keys fleetform.<flow>[.<step>].<name>', () => {
    const flow = same(
      withState(
        "state:\n  local: { picked: [], term: null }\n  memory: { open: false, dialog: null }\n  page: { source: query, type: int }\n",
        "    state:\n      memory: { draft: {} }\n      local: { seen: 0 }\n",
      ),
      withState(
        [
          'state:',
          '  picked: { source: local, key: fleetform.demo.picked, default: [] }',
          '  term: { source: local, key: fleetform.demo.term }',
          '  open: { source: memory, default: false }',
          '  dialog: { source: memory }',
          '  page: { source: query, type: int }',
          '',
        ].join('\n'),
        '    state:\n      draft: { source: memory, default: {} }\n      seen: { source: local, key: fleetform.demo.start.seen, default: 0 }\n',
      ),
    );
    expect(Object.keys(flow.state ?? {})).toEqual(['picked', 'term', 'open', 'dialog', 'page']);
    expect(flow.steps.start.state).toEqual({ draft: { source: 'memory', default: {} }, seen: { source: 'local', key: 'fleetform.demo.start.seen', default: 0 } });
  });

  it('a query group is { source: query, type } entries, or the members given with source: query', () => {
    const flow = same(
      withState('', '    state:\n      query: { page: int, tab: text, sizes: { type: list, items: int } }\n'),
      withState('', '    state:\n      page: { source: query, type: int }\n      tab: { source: query, type: text }\n      sizes: { source: query, type: list, items: int }\n'),
    );
    expect(Object.keys(flow.steps.start.state ?? {})).toEqual(['page', 'tab', 'sizes']);
    expect(load(withState('', '    state:\n      query: { page: number }\n')).errors.length).toBeGreaterThan(0);
  });

  it('a state named like a source, written in full, stays a state', () => {
    const flow = load(withState('state:\n  memory: { source: memory, default: 1 }\n', '')).defs.flows.demo;
    expect(flow.state).toEqual({ memory: { source: 'memory', default: 1 } });
  });

  it('a group entry that is not a default-only map is reported by the meta-schema', () => {
    expect(load(withState('state:\n  local: [a]\n', '')).errors.length).toBeGreaterThan(0);
  });
});

describe('stepper steps by label prefix', () => {
  it("steps: { values, labels } is [{ step, label: prefix.step }, ...]", () => {
    const flow = same(
      withBlock('      - { type: stepper, steps: { values: [start, end], labels: row } }'),
      withBlock('      - { type: stepper, steps: [{ step: start, label: row.start }, { step: end, label: row.end }] }'),
    );
    expect(flow.steps.start.blocks?.[1]).toEqual({ type: 'stepper', steps: [{ step: 'start', label: 'row.start' }, { step: 'end', label: 'row.end' }] });
  });
});

describe('a screen written short: aside, edits, lookup', () => {
  const withStep = (members: string) => FLOW.replace('  start:\n    blocks:\n', `  start:\n${members}\n    blocks:\n`);

  it('aside: the step\'s blocks become a sidebar group of the aside and a group of its own, errors still at their lines', () => {
    const short = withStep('    aside: [{ type: text, text: close }]').replace('      - { type: button, label: go, event: proceed }', '      - { type: button, label: go, event: proceed }\n      - { type: text, text: go, bogus: 1 }');
    const long = FLOW.replace('      - { type: button, label: go, event: proceed }', [
      '      - type: group',
      '        variant: sidebar',
      '        blocks:',
      '          - { type: text, text: close }',
      '          - { type: group, blocks: [{ type: button, label: go, event: proceed }, { type: text, text: go, bogus: 1 }] }',
    ].join('\n'));
    const a = load(short);
    expect(a.defs.flows.demo).toEqual(load(long).defs.flows.demo);
    expect(a.defs.flows.demo.steps.start).not.toHaveProperty('aside');
    // The meta-schema's finding is at the block as written.
    expect(a.errors.map((e) => [e.message.includes('bogus'), e.line])).toEqual([[true, short.split('\n').findIndex((l) => l.includes('bogus: 1')) + 1]]);
  });

  it('edits: the step\'s edits.x is record.<path>.x in logic and <path>.x in saves', () => {
    const { defs } = load(withStep('    edits: item.details').replace('      - { type: button, label: go, event: proceed }', '      - { type: text, text: go, visibleWhen: { var: edits.name } }'));
    const step = defs.flows.demo.steps.start as unknown as { blocks: { visibleWhen: unknown }[]; edits: string };
    expect(step.blocks[0].visibleWhen).toEqual({ var: 'record.item.details.name' });
    expect(step.edits).toBe('item.details');
  });

  it('edits: logic and saves a fragment brings into the step read edits. the same way, each step its own path', () => {
    const fragments = [
      'named:\n  logic: { var: edits.name }',
      'nameText:\n  blocks: [{ type: text, text: go, visibleWhen: { var: edits.phone } }]',
    ].join('\n');
    const flow = withStep('    edits: item.details').replace('      - { type: button, label: go, event: proceed }', [
      '      - { type: text, text: go, visibleWhen: { use: named } }',
      '      - { use: nameText }',
    ].join('\n'));
    const { defs, errors } = loadDefinitions({ ...metaFiles(), 'fleetform.yaml': CONFIG, 'flows/_base.yaml': base, 'flows/demo.yaml': flow, 'schemas/details.json': details, 'fragments/demo.yaml': fragments });
    expect(errors).toEqual([]);
    const step = defs.flows.demo.steps.start as unknown as { blocks: { visibleWhen: unknown }[] };
    expect(step.blocks.map((b) => b.visibleWhen)).toEqual([{ var: 'record.item.details.name' }, { var: 'record.item.details.phone' }]);
  });

  it('lookup: its state, suggestions load, pick events and restore are added; a name the step has is reported', () => {
    const lookup = "      - { type: lookup, id: place, label: go, suggest: { call: places, variables: { q: { var: lookup.text } }, minLength: 2 }, details: { call: place, variables: { id: { var: event.value.id } } }, restore: { var: record.item.note }, searching: go, empty: close }";
    const { defs, errors } = load(FLOW.replace('      - { type: button, label: go, event: proceed }', `      - { type: button, label: go, event: proceed }\n${lookup}`));
    expect(errors).toEqual([]);
    const step = defs.flows.demo.steps.start as unknown as Record<string, Record<string, unknown>> & { blocks: Record<string, unknown>[] };
    expect(step.state.place).toEqual({ source: 'memory', default: { text: '', picked: null, details: null } });
    expect(step.load.placeSuggestions).toMatchObject({ call: 'places', variables: { q: { var: 'state.place.text' } } });
    expect(step.on.placePicked).toEqual({ effects: [{ call: 'place', variables: { id: { var: 'event.value.id' } }, result: 'state.place.details' }], then: 'placeDetailed' });
    expect((step.on.enter as { effects: unknown[] }).effects.slice(0, 2)).toEqual([
      { set: 'state.place.text', value: { or: [{ var: 'record.item.note' }, ''] } },
      { set: 'state.place.picked', value: { or: [{ var: 'record.item.note' }, null] } },
    ]);
    const group = step.blocks[1] as { type: string; blocks: Record<string, unknown>[] };
    expect(group.type).toBe('group');
    expect(group.blocks.map((b) => b.type)).toEqual(['combobox', 'text', 'text']);
    expect(group.blocks[0]).toMatchObject({ id: 'place', text: 'state.place.text', bind: 'state.place.picked', event: 'placePicked' });
    const clash = load(FLOW.replace('  start:\n', '  start:\n    state: { place: { source: memory } }\n').replace('      - { type: button, label: go, event: proceed }', `      - { type: button, label: go, event: proceed }\n${lookup}`));
    expect(clash.errors.map((e) => e.message)).toContain("a lookup adds state 'place', which this step already has");
  });
});
