import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../runtime/core/load';
import { CONFIG, FLOW, metaFiles } from './fixtures';

const base = `id: base\nmessages: { go: Go, row.first: First, row.second: Second, row.done: Done }\n`;
const schema = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, ok: { type: 'boolean' } } });

/** The demo flow's own roles, blocks and writable paths moved to fragments. */
const FRAGMENTS = `owners:
  roles:
    owner: { '==': [{ var: user.id }, { var: record.item.ownerId }] }
viewers:
  roles:
    viewer: true
goButton:
  blocks:
    - { type: button, label: go, event: proceed }
detailsPaths:
  paths: [item.details.*, item.note]
`;
const USING = FLOW.replace(/roles:\n {2}owner: .*\n {2}viewer: true\n/, 'roles: { use: [owners, viewers] }\n')
  .replace('      - { type: button, label: go, event: proceed }', '      - { use: goButton }')
  .replace('      owner: [item.details.*, item.note]', '      owner: [{ use: detailsPaths }]');

function files(flow: string, fragments = FRAGMENTS): Record<string, string> {
  const set = { ...metaFiles(), 'fleetform.yaml': CONFIG, 'flows/_base.yaml': base, 'flows/demo.yaml': flow, 'schemas/details.json': schema };
  return fragments ? { ...set, 'fragments/demo.yaml': fragments } : set;
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('fragments', () => {
  it('expands roles, block and path fragments at load into exactly the flow written out by hand', () => {
    expect(USING).not.toBe(FLOW);
    const used = loadDefinitions(files(USING));
    expect(used.errors).toEqual([]);
    const inline = loadDefinitions(files(FLOW, ''));
    expect(inline.errors).toEqual([]);
    expect(used.defs.flows.demo).toEqual(inline.defs.flows.demo);
    expect(JSON.stringify(used.defs.flows.demo)).not.toContain('"use"');
  });

  it('splices a blocks fragment among local blocks, nested fragments included, in order', () => {
    const fragments = `${FRAGMENTS}twoButtons:\n  blocks:\n    - { use: goButton }\n    - { type: text, text: row.first }\n`;
    const flow = USING.replace('      - { use: goButton }', '      - { type: text, text: row.done }\n      - { use: twoButtons }\n      - { type: text, text: row.second }');
    const { defs, errors } = loadDefinitions(files(flow, fragments));
    expect(errors).toEqual([]);
    expect(defs.flows.demo.steps.start.blocks).toEqual([
      { type: 'text', text: 'row.done' }, { type: 'button', label: 'go', event: 'proceed' }, { type: 'text', text: 'row.first' }, { type: 'text', text: 'row.second' },
    ]);
  });

  it('reports an unknown fragment at file:line:column with a did-you-mean hint', () => {
    const flow = USING.replace('use: [owners, viewers]', 'use: [ownrs, viewers]');
    const { errors } = loadDefinitions(files(flow));
    // The roles it would have brought are then unknown where steps name them: reported too.
    expect(errors[0]).toEqual({ file: 'flows/demo.yaml', line: lineOf(flow, 'ownrs'), column: flow.split('\n')[lineOf(flow, 'ownrs') - 1].indexOf('ownrs') + 1, pointer: '/roles/use/0', message: "unknown fragment 'ownrs'", hint: "did you mean 'owners'?" });
    expect(errors.slice(1).map((e) => e.message)).toEqual(["unknown role 'owner'", "unknown role 'owner'"]);
  });

  it('reports a fragment of the wrong kind, hinting at one of the right kind', () => {
    const flow = USING.replace('      - { use: goButton }', '      - { use: owners }');
    const { errors } = loadDefinitions(files(flow));
    expect(errors).toEqual([expect.objectContaining({ file: 'flows/demo.yaml', line: lineOf(flow, '{ use: owners }'), pointer: '/steps/start/blocks/0/use', message: "fragment 'owners' is a roles fragment; here a blocks fragment is needed", hint: "known: 'goButton'" })]);
  });

  it('reports a cycle between fragments in the fragment file that closes it', () => {
    const fragments = `${FRAGMENTS}loopA:\n  blocks:\n    - { use: loopB }\nloopB:\n  blocks:\n    - { type: text, text: row.first }\n    - { use: loopA }\n`;
    const flow = USING.replace('      - { use: goButton }', '      - { use: loopA }');
    const { errors } = loadDefinitions(files(flow, fragments));
    expect(errors).toEqual([expect.objectContaining({ file: 'fragments/demo.yaml', line: lineOf(fragments, '- { use: loopA }'), pointer: '/loopB/blocks/1/use', message: 'fragment cycle: loopA -> loopB -> loopA' })]);
  });

  it('reports duplicate fragment names, a fragment without exactly one kind, and a role defined twice', () => {
    const { errors } = loadDefinitions({
      ...files(USING.replace('roles: { use: [owners, viewers] }', 'roles: { use: [owners, viewers], viewer: false }'), `${FRAGMENTS}both:\n  roles: { x: true }\n  paths: [a]\n`),
      'fragments/more.yaml': 'owners:\n  roles: { owner: false }\n',
    });
    expect(errors.map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([
      "fragments/demo.yaml:12 fragment 'both' must have exactly one of 'roles', 'blocks', 'paths', 'mapping', 'preset', 'layout', 'logic', 'step', 'events'",
      'fragments/more.yaml:1 fragment \'owners\' is already defined in fragments/demo.yaml',
      `flows/demo.yaml:${lineOf(USING, 'roles: {')} role 'viewer' is already defined by a fragment this roles map uses`,
    ]);
  });

  it("events: a step's on merges an events fragment's entries before its own, the same as written out; an event in both is reported", () => {
    const proceed = "      proceed:\n        - { guard: { '!': { var: record.item.status } }, status: first, target: approvals }\n        - { target: approvals }\n";
    const events = "proceeding:\n  events:\n    proceed:\n      - { guard: { '!': { var: record.item.status } }, status: first, target: approvals }\n      - { target: approvals }\n";
    const flow = FLOW.replace(`    on:\n${proceed}`, '    on:\n      use: proceeding\n');
    expect(flow).not.toBe(FLOW);
    const used = loadDefinitions(files(flow, events));
    expect(used.errors).toEqual([]);
    expect(used.defs.flows.demo).toEqual(loadDefinitions(files(FLOW, '')).defs.flows.demo);
    const twice = flow.replace('      use: proceeding\n', `      use: proceeding\n${proceed}`);
    expect(loadDefinitions(files(twice, events)).errors.map((e) => [e.line, e.message])).toEqual([
      [lineOf(twice, '      proceed:'), "event 'proceed' is already defined by a fragment this step's on uses"],
    ]);
  });

  it('reports a role two used fragments both define', () => {
    const flow = USING.replace('use: [owners, viewers]', 'use: [owners, viewers, alsoOwners]');
    const { errors } = loadDefinitions(files(flow, `${FRAGMENTS}alsoOwners:\n  roles:\n    owner: true\n`));
    expect(errors).toEqual([expect.objectContaining({ file: 'flows/demo.yaml', line: lineOf(flow, 'alsoOwners'), pointer: '/roles/use', message: "role 'owner' is defined by more than one fragment used here" })]);
  });

  it('meta-validates fragment files and fragment references', () => {
    const { errors } = loadDefinitions(files(USING.replace('      - { use: goButton }', '      - { use: goButton, label: go }'), `${FRAGMENTS}bad:\n  blocks:\n    - { type: buton }\n`));
    const messages = errors.map((e) => `${e.file} ${e.pointer} ${e.message}`);
    expect(messages).toContain("fragments/demo.yaml /bad/blocks/0/type 'buton' is not allowed");
    // Members beside `use` make it a preset use: a blocks fragment is not a preset.
    expect(messages).toContain("flows/demo.yaml /steps/start/blocks/0/use fragment 'goButton' is a blocks fragment; here a preset fragment is needed");
  });

  it('places a later check of expanded content in the fragment, where it is written, naming the use that brought it in', () => {
    const flow = USING.replace('      - { use: goButton }', '      - { type: text, text: row.first }\n      - { use: goButton }');
    const fragments = FRAGMENTS.replace('event: proceed', 'event: procede');
    const { errors } = loadDefinitions(files(flow, fragments));
    expect(errors).toEqual([expect.objectContaining({
      file: 'fragments/demo.yaml', line: lineOf(fragments, 'event: procede'), pointer: '/steps/start/blocks/1/event', message: "event 'procede' is not handled by step 'start'",
      hint: expect.stringContaining(`in flows/demo.yaml through its use at line ${lineOf(flow, '{ use: goButton }')}`),
    })]);
  });

  describe('step fragments', () => {
    /** The demo flow's approvals step (status, writable paths, form) kept as a step fragment. */
    const STEP = `${FRAGMENTS}reviewStep:\n  step:\n    status: first\n    writable:\n      owner: [{ use: detailsPaths }]\n    blocks:\n      - { type: form, schema: details, submit: submit }\n`;
    const approvals = (flow: string) => flow.replace(/ {4}status: first\n {4}writable:\n {6}owner: \[.*\]\n {4}blocks:\n {6}- \{ type: form, schema: details, submit: submit \}\n/, '    use: reviewStep\n');

    it('a step made of a step fragment loads as the step written out by hand, its own members beside use', () => {
      const flow = approvals(USING);
      expect(flow).not.toBe(USING);
      const used = loadDefinitions(files(flow, STEP));
      expect(used.errors).toEqual([]);
      expect(used.defs.flows.demo).toEqual(loadDefinitions(files(FLOW, '')).defs.flows.demo);
    });

    it("replaces a fragment's member by the one written beside use, whole", () => {
      const flow = approvals(USING).replace('    use: reviewStep\n', '    use: reviewStep\n    status: second\n    writable: { owner: [item.note] }\n');
      const { defs, errors } = loadDefinitions(files(flow, STEP));
      expect(errors).toEqual([]);
      expect(defs.flows.demo.steps.approvals).toMatchObject({ status: 'second', writable: { owner: ['item.note'] }, blocks: [{ type: 'form', schema: 'details', submit: 'submit' }] });
    });

    it('reports a fragment of another kind, and places a check of its content in the fragment', () => {
      const flow = approvals(USING);
      const wrong = loadDefinitions(files(flow.replace('use: reviewStep', 'use: goButton'), STEP));
      expect(wrong.errors[0]).toEqual(expect.objectContaining({ pointer: '/steps/approvals/use', message: "fragment 'goButton' is a blocks fragment; here a step fragment is needed", hint: "known: 'reviewStep'" }));
      const patched = STEP.replace('submit: submit }', 'submit: sumbit }');
      const misnamed = loadDefinitions(files(flow, patched));
      expect(misnamed.errors).toEqual([expect.objectContaining({
        file: 'fragments/demo.yaml', line: lineOf(patched, 'submit: sumbit'), message: "event 'sumbit' is not handled by step 'approvals'",
        hint: expect.stringContaining(`through its use at line ${lineOf(flow, 'use: reviewStep')}`),
      })]);
    });
  });
});
