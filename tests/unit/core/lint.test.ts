import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError, lintDefinitions } from '../../../runtime/core';
import { loadDefinitions } from '../../../runtime/core/load';
import { CONFIG, FLOW, metaFiles } from './fixtures';
import { scratchDir } from '../../scratch';

const base = `id: base
settings: { currency: USD }
messages: { go: Go, row.first: First, row.second: Second, row.done: Done, hello: Hello }
formats: { code: { pattern: '^[a-z]+$', message: hello } }
`;
const schema = JSON.stringify({ type: 'object', properties: { name: { type: 'string', format: 'code' }, ok: { type: 'boolean' } } }, null, 2);
const manifest = 'widgets: [fancy]\neffects: [notify]\nlogicOps: [double]\nmessages: [hello]\n';

function files(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ...metaFiles(),
    'fleetform.yaml': CONFIG + 'manifest: ext/manifest.yaml\n',
    'ext/manifest.yaml': manifest,
    'flows/_base.yaml': base,
    'ones/a.yaml': 'id: a\n',
    'ones/b.yaml': 'id: b\n',
    'flows/demo.yaml': FLOW,
    'schemas/details.json': schema,
    ...overrides,
  };
}

const lint = (f: Record<string, string>, operations = ['saveDetails']) => {
  const { defs, errors } = loadDefinitions(f);
  return [...errors, ...lintDefinitions(defs, { operations }).findings];
};

describe('lintDefinitions', () => {
  it('finds nothing in a clean set', () => {
    expect(lint(files()).map(formatError)).toEqual([]);
  });

  it('reports dangling names with their line and a hint', () => {
    const broken = FLOW.replace('call: saveDetails', 'call: saveDetail')
      .replace('effect: notify', 'effect: notfy')
      .replace("- { type: button, label: go, event: proceed }", "- { type: button, label: go, event: proceed }\n      - { type: widget, widget: fancyy }")
      .replace('{ upper: { var: form.name } }', '{ dooble: { var: form.name } }');
    const findings = lint(files({ 'flows/demo.yaml': broken }));
    const lines = broken.split('\n');
    const lineOf = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    expect(findings).toEqual(expect.arrayContaining([
      expect.objectContaining({ file: 'flows/demo.yaml', line: lineOf('call: saveDetail'), message: "unknown GraphQL operation 'saveDetail'", hint: "did you mean 'saveDetails'?" }),
      expect.objectContaining({ line: lineOf('effect: notfy'), message: "unknown effect 'notfy'", hint: "did you mean 'notify'?" }),
      expect.objectContaining({ line: lineOf('widget: fancyy'), message: "unknown widget 'fancyy'", hint: "did you mean 'fancy'?" }),
      expect.objectContaining({ message: "unknown logic operation 'dooble'", hint: "did you mean 'double'?" }),
    ]));
  });

  it('reports unreachable steps, bad var paths and unknown formats', () => {
    const broken = FLOW.replace('status: second\n        target: end', '')
      .replace("{ '==': [{ var: form.ok }, true] }", "{ and: [{ var: form.okk }, { var: usr.x }, { var: settings.currencyy }] }");
    const findings = lint(files({ 'flows/demo.yaml': broken, 'schemas/details.json': schema.replace('"code"', '"cod"') })).map((f) => `${f.message} | ${f.hint}`);
    expect(findings).toEqual(expect.arrayContaining([
      "step 'end' is unreachable from 'start' | add a transition targeting it or setting its status, or remove the step",
      "var 'form.okk' names no field of schema 'details' | did you mean 'ok'?",
      "var 'usr.x' reads no context root | did you mean 'user'?",
      "var 'settings.currencyy' names a setting no layer defines | did you mean 'currency'?",
      "unknown format 'cod' | did you mean 'code'?",
    ]));
  });

  it('reports message keys unknown everywhere or missing for some layer combinations', () => {
    const findings = lint(files({
      'flows/demo.yaml': FLOW.replace('label: go', 'label: og').replace('label: row.done', 'label: row.only'),
      'ones/a.yaml': 'id: a\nmessages: { row.only: Only in a }\n',
    }));
    expect(findings.map((f) => f.message)).toEqual(expect.arrayContaining([
      "unknown message key 'og'",
      "message key 'row.only' missing for one=b",
    ]));
  });
});

describe('placeholders and block types', () => {
  // `go` (the start button's label) reads {user.name}, {count} (its vars) and {settings.brandName}, set in ones/a only.
  const withTexts = (goText: string, vars = '') => files({
    'flows/_base.yaml': base.replace('go: Go', `go: '${goText}'`),
    'flows/demo.yaml': FLOW.replace('- { type: button, label: go, event: proceed }', `- { type: button, label: go, event: proceed${vars} }`),
    'ones/a.yaml': 'id: a\nsettings: { brandName: A }\n',
  });
  const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
  const colOf = (text: string, needle: string, after: string) => {
    const line = text.split('\n')[lineOf(text, needle) - 1];
    return line.indexOf(after) + 1;
  };

  it('finds nothing when every placeholder is supplied: context roots, vars, settings every selection sets', () => {
    const clean = withTexts('Go {user.name} {count}', ', vars: { count: { var: record.item.id } }');
    expect(lint(clean).map(formatError)).toEqual([]);
  });

  it('reports a placeholder the block does not supply, at the reference and at the text', () => {
    const broken = withTexts('Go {count} {usr.name}');
    const flow = broken['flows/demo.yaml'];
    const findings = lint(broken).map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`);
    const line = lineOf(flow, 'label: go');
    const at = `flows/demo.yaml:${line}:${colOf(flow, 'label: go', 'go,') }`;
    const text = `flows/_base.yaml:3:${broken['flows/_base.yaml'].split('\n')[2].indexOf("'Go") + 1}`;
    expect(findings).toEqual([
      `${text} placeholder {count} of 'go' is filled by nothing where the text is shown (flows/demo.yaml:${line})`,
      `${text} placeholder {usr.name} of 'go' is filled by nothing where the text is shown (flows/demo.yaml:${line})`,
      `${at} placeholder {count} of 'go' is filled by nothing here`,
      `${at} placeholder {usr.name} of 'go' is filled by nothing here`,
    ]);
  });

  it('reports a settings placeholder some selection leaves unset, at the text, naming the selections', () => {
    const broken = withTexts('Go to {settings.brandName}');
    const findings = lint(broken);
    expect(findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`)).toEqual([
      `flows/_base.yaml:3:${broken['flows/_base.yaml'].split('\n')[2].indexOf("'Go to") + 1} placeholder {settings.brandName} of 'go' is filled by no setting for one=b`,
    ]);
    // A block shown only when the setting is set never renders the text empty.
    const guarded = { ...broken, 'flows/demo.yaml': broken['flows/demo.yaml'].replace('event: proceed }', 'event: proceed, visibleWhen: { var: settings.brandName } }') };
    expect(lint(guarded).map(formatError)).toEqual([]);
  });

  it('refuses a block of an unknown type at load, with file:line:column', () => {
    const flow = FLOW.replace('- { type: button, label: go, event: proceed }', '- { type: button, label: go, event: proceed }\n      - { type: carousel, slides: 3 }');
    const findings = lint(files({ 'flows/demo.yaml': flow }));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]).toMatchObject({ file: 'flows/demo.yaml', line: lineOf(flow, 'carousel') });
  });
});

describe('form field checks', () => {
  it('reports uiSchema keys, message overrides and rule fields the schema lacks', () => {
    const flow = FLOW.replace('{ type: form, schema: details, submit: submit }', "{ type: form, schema: details, submit: submit, messages: { nam: { required: hello } }, rules: [{ field: okay, when: true, message: hello }] }");
    const findings = lint(files({ 'flows/demo.yaml': flow, 'schemas/details.ui.json': '{\n  "name": { "ui:title": "hello" },\n  "nmae": {}\n}' }));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.message} | ${f.hint}`)).toEqual(expect.arrayContaining([
      "flows/demo.yaml:28 field 'nam' is not in schema 'details' | did you mean 'name'?",
      "flows/demo.yaml:28 field 'okay' is not in schema 'details' | did you mean 'ok'?",
      "schemas/details.ui.json:3 uiSchema field 'nmae' is not in the schema | did you mean 'name'?",
    ]));
  });
});

describe('then chains', () => {
  it('reports a then cycle at the then that closes it, and a then naming an unhandled event, with file:line:column', () => {
    const flow = FLOW.replace('        - { target: approvals }\n', [
      '        - { target: approvals }',
      '      ping: { then: pong }',
      '      pong:',
      '        guard: { var: record.item.id }',
      '        then: ping',
      '      again: { effects: [{ set: record.item.note, value: x }], then: again }',
      '      lost: { then: procede }',
      '',
    ].join('\n'));
    const lines = flow.split('\n');
    // file:line:column of the event name after `then: `
    const at = (text: string) => {
      const line = lines.findIndex((l) => l.includes(text));
      return `flows/demo.yaml:${line + 1}:${lines[line].indexOf(text) + 'then: '.length + 1}`;
    };
    const findings = lint(files({ 'flows/demo.yaml': flow })).map((f) => `${f.file}:${f.line}:${f.column} ${f.message} | ${f.hint}`);
    expect(findings).toEqual([
      `${at('then: ping')} 'then' cycle in step 'start': ping -> pong -> ping | a then chain must end: remove this then, or let a block or another event raise the event`,
      `${at('then: again')} 'then' cycle in step 'start': again -> again | a then chain must end: remove this then, or let a block or another event raise the event`,
      `${at('then: procede')} 'then' raises 'procede', which step 'start' does not handle | did you mean 'proceed'?`,
    ]);
  });

  it('a flow-wide then cycle is reported once, not once per step', () => {
    const flow = FLOW.replace('steps:\n', 'on:\n  tick: { then: tock }\n  tock: { then: tick }\nsteps:\n');
    const findings = lint(files({ 'flows/demo.yaml': flow }));
    expect(findings.map((f) => `${f.line} ${f.message}`)).toEqual([`${flow.split('\n').indexOf('  tock: { then: tick }') + 1} 'then' cycle in step 'start': tick -> tock -> tick`]);
  });
});

describe('layer checks', () => {
  it('reports nested layer names no selection can take', () => {
    const findings = lint(files({ 'twos/x.yaml': 'id: x\nlayers:\n  aa: { messages: { hello: Hi } }\n' }));
    expect(findings).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'twos/x.yaml', line: 3, message: "'aa' is no known value of {one} for layer 'twoForOne'", hint: "did you mean 'a'?" })]));
  });
  it('reports a named format whose pattern does not compile', () => {
    const findings = lint(files({ 'flows/_base.yaml': base.replace("'^[a-z]+$'", () => "'^[a-z+$'") }));
    expect(findings[0]).toMatchObject({ file: 'flows/_base.yaml', line: 4, pointer: '/formats/code/pattern' });
    expect(findings[0].message).toContain("pattern of format 'code' does not compile");
  });
});

describe('npm run lint:defs', () => {
  it('exits non-zero and prints file:line:column for a broken reference', () => {
    const root = scratchDir('lintdefs');
    const all = files({ 'flows/demo.yaml': FLOW.replace('target: end', 'target: ennd') });
    for (const [file, text] of Object.entries(all)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    const line = FLOW.split('\n').findIndex((l) => l.includes('target: end')) + 1;
    let output = '';
    let code = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/lintDefs.ts', '--root', root], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      const error = e as { status: number; stdout: string };
      code = error.status;
      output = error.stdout;
    }
    expect(code).toBe(1);
    expect(output).toContain(`flows/demo.yaml:${line}:17: unknown step 'ennd' at /steps/approvals/on/submit/target (did you mean 'end'?)`);
  }, 30000);
});

describe('steps sharing a route', () => {
  const flow = (id: string, step: string) => `id: ${id}\ninitial: page\nroles: { a: { var: user.a }, b: { var: user.b } }\nsteps:\n  page:\n    route: /same\n${step}    blocks: [{ type: text, text: hello }]\n`;
  const routeFindings = (one: string, two: string) => lint(files({ 'flows/one.yaml': flow('one', one), 'flows/two.yaml': flow('two', two) }))
    .filter((f) => f.message.startsWith("route '/same'")).map((f) => `${f.file}:${f.line}`);

  it('reports two page steps nothing tells apart, at both routes', () => {
    expect(routeFindings('', '')).toEqual(['flows/one.yaml:6', 'flows/two.yaml:6']);
    expect(routeFindings('    roles: [a]\n', '    roles: [a, b]\n')).toEqual(['flows/one.yaml:6', 'flows/two.yaml:6']);
    // The same `when` on both tells nothing apart either.
    expect(routeFindings('    when: { var: record.x }\n', '    when: { var: record.x }\n')).toEqual(['flows/one.yaml:6', 'flows/two.yaml:6']);
  });

  it('accepts steps a when or disjoint roles separate', () => {
    expect(routeFindings('    when: { var: record.x }\n', '')).toEqual([]);
    expect(routeFindings('    when: { var: record.x }\n', '    when: { var: record.y }\n')).toEqual([]);
    expect(routeFindings('    roles: [a]\n', '    roles: [b]\n')).toEqual([]);
  });
});
