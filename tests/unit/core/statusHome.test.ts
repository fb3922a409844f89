/**
 * The runtime pieces of a home screen over a status machine: `statusProgress` (the `progress` context
 * root), `progressRows` with `only` and status-less rows, `chooseStep` (a step's `when` on a shared
 * route), and what load and lint say about `when`, a progress block's `rows` and a row's `info` event.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createLogic, lintDefinitions, progressRows, statusProgress, type FlowDef } from '../../../runtime/core';
import { recordProgress } from '../../../runtime/core/flow';
import { loadDefinitions } from '../../../runtime/core/load';
import { chooseStep } from '../../../runtime/react/flow/chooseStep';
import { CONFIG, FLOW, metaFiles } from './fixtures';

const flow = parse(FLOW) as FlowDef;
const logic = createLogic();

describe('statusProgress: each status of the order as completed / progress / pending', () => {
  it('earlier completed, the current one in progress, later pending', () => {
    expect(statusProgress(flow, 'second')).toEqual({ first: 'completed', second: 'progress', done: 'pending' });
    expect(statusProgress(flow, 'done')).toEqual({ first: 'completed', second: 'completed', done: 'progress' });
  });
  it('a missing, empty or unknown status: all pending, whatever status.initial says', () => {
    const withInitial = { ...flow, status: { ...flow.status!, initial: 'first' } };
    for (const value of [undefined, null, '', 'weird', 3]) expect(statusProgress(withInitial, value)).toEqual({ first: 'pending', second: 'pending', done: 'pending' });
  });
  it('reads the record at status.field; a flow without status answers {}', () => {
    expect(recordProgress(flow, { item: { status: 'first' } })).toEqual({ first: 'progress', second: 'pending', done: 'pending' });
    expect(recordProgress({ ...flow, status: undefined }, { item: { status: 'first' } })).toEqual({});
  });
});

describe('progressRows', () => {
  const tracker: FlowDef = { ...flow, progress: { t: { rows: [
    { id: 'zero', label: 'row.zero' },
    { id: 'one', label: 'row.first', status: 'first', info: { label: 'row.info', event: 'about' } },
    { id: 'two', label: 'row.second', status: 'second' },
  ] } } };
  it('a row without status is always completed; info travels with its row', () => {
    expect(progressRows(tracker, 't', undefined).map((r) => [r.id, r.state])).toEqual([['zero', 'completed'], ['one', 'pending'], ['two', 'pending']]);
    expect(progressRows(tracker, 't', 'first')[1]).toEqual({ id: 'one', label: 'row.first', status: 'first', state: 'progress', info: { label: 'row.info', event: 'about' } });
  });
  it('`only` keeps the named rows in its order (unknown ids dropped)', () => {
    expect(progressRows(tracker, 't', 'second', ['two', 'nope', 'zero']).map((r) => [r.id, r.state])).toEqual([['two', 'progress'], ['zero', 'completed']]);
  });
});

describe('chooseStep: steps sharing a route', () => {
  const step = (when?: unknown) => ({ route: '/x', roles: ['owner'], ...(when === undefined ? {} : { when }) });
  const flows: Record<string, FlowDef> = {
    plain: { id: 'plain', initial: 's', roles: { owner: { '==': [{ var: 'user.kind' }, 'owner'] } }, steps: { s: step() } },
    special: { id: 'special', initial: 's', roles: { owner: { '==': [{ var: 'user.kind' }, 'owner'] } }, steps: { s: step({ '==': [{ var: 'record.kind' }, 'special'] }) } },
    rolesInWhen: { id: 'rolesInWhen', initial: 's', roles: { owner: { '==': [{ var: 'user.kind' }, 'owner'] } }, steps: { s: { route: '/x', when: { in: ['owner', { var: 'roles' }] } } } },
  };
  const candidates = [{ flowId: 'plain', stepId: 's' }, { flowId: 'special', stepId: 's' }];
  it('a step whose when holds is tried before steps without one, whatever the candidate order', () => {
    expect(chooseStep(flows, candidates, { record: { kind: 'special' }, user: { kind: 'owner' } }, logic).flowId).toBe('special');
    expect(chooseStep(flows, candidates, { record: { kind: 'other' }, user: { kind: 'owner' } }, logic).flowId).toBe('plain');
  });
  it('roles still apply; without a role the first step whose when holds; when reads the flow\'s roles', () => {
    expect(chooseStep(flows, candidates, { record: { kind: 'special' }, user: { kind: 'guest' } }, logic).flowId).toBe('special');
    expect(chooseStep(flows, [{ flowId: 'plain', stepId: 's' }, { flowId: 'rolesInWhen', stepId: 's' }], { user: { kind: 'owner' } }, logic).flowId).toBe('rolesInWhen');
    expect(chooseStep(flows, [{ flowId: 'plain', stepId: 's' }, { flowId: 'rolesInWhen', stepId: 's' }], { user: { kind: 'guest' } }, logic).flowId).toBe('plain');
  });
});

describe('load and lint', () => {
  const base = `id: base
messages: { go: Go, row.first: First, row.second: Second, row.done: Done, hello: Hello }
`;
  const lint = (flowText: string) => {
    const { defs, errors } = loadDefinitions({ ...metaFiles(), 'fleetform.yaml': `${CONFIG}manifest: ext/manifest.yaml\n`, 'ext/manifest.yaml': 'effects: [notify]\n', 'flows/_base.yaml': base, 'ones/a.yaml': 'id: a\n', 'flows/demo.yaml': flowText,
      'schemas/details.json': JSON.stringify({ type: 'object', properties: { ok: { type: 'boolean' }, name: { type: 'string' } } }) });
    return [...errors, ...lintDefinitions(defs, { operations: ['saveDetails'] }).findings].map((f) => `${f.message}${f.hint ? ` | ${f.hint}` : ''} @${f.pointer}`);
  };
  const progressBlock = "- { type: button, label: go, event: proceed }";
  it("a step's when is logic checked like any other (var roots), and a step with when is an entry point", () => {
    const withWhen = FLOW.replace('  end:\n', "  special:\n    route: here\n    when: { '==': [{ var: recrd.kind }, x] }\n  end:\n");
    const findings = lint(withWhen);
    expect(findings.some((f) => f.startsWith("var 'recrd.kind' reads no context root | did you mean 'record'? @/steps/special/when"))).toBe(true);
    expect(findings.some((f) => f.includes("'special' is unreachable"))).toBe(false);
    expect(lint(withWhen.replace("when: { '==': [{ var: recrd.kind }, x] }", 'when: 3 4: 5'))).not.toEqual([]);
  });
  it("a progress block's rows name rows of its tracker; a row's info label is a message key and its event is handled", () => {
    const flowText = FLOW.replace(progressBlock, `${progressBlock}\n      - { type: progress, tracker: main, rows: [r2, r22], variant: steps }`)
      .replace('      - { id: r2, label: row.second, status: second }', '      - { id: r2, label: row.second, status: second, info: { label: row.infoo, event: abuot } }');
    const findings = lint(flowText);
    expect(findings.some((f) => f.startsWith("tracker 'main' has no row 'r22' | did you mean 'r2'?"))).toBe(true);
    expect(findings.some((f) => f.startsWith("row 'r2' of tracker 'main' raises 'abuot', which step 'start' does not handle"))).toBe(true);
    expect(findings.some((f) => f.includes("'row.infoo'"))).toBe(true);
    // A row not shown needs no handler.
    expect(lint(flowText.replace('rows: [r2, r22]', 'rows: [r1]').replace('row.infoo', 'row.first'))).toEqual([]);
    expect(lint(FLOW.replace(progressBlock, `${progressBlock}\n      - { type: progress, tracker: main, variant: bars }`)).some((f) => f.endsWith('/variant'))).toBe(true);
  });
  it('the clean fixture stays clean', () => {
    expect(lint(FLOW)).toEqual([]);
  });
});
