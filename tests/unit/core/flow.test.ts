import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createLogic, deriveRoles, isWritable, lockedPaths, next, progressRows, requestStatus, writablePaths, writableVia, type FlowDef, type TransitionDef } from '../../../runtime/core';
import { FLOW } from './fixtures';

const flow = parse(FLOW) as FlowDef;
const logic = createLogic();
const owner = { user: { id: 'u1' }, record: { item: { id: 'i1', ownerId: 'u1', status: 'first' } } };

describe('next', () => {
  it('takes the first transition whose guard holds, moving the status', () => {
    const fresh = { user: { id: 'u1' }, record: { item: { ownerId: 'u1' } } };
    const result = next(flow, { step: 'start' }, { type: 'proceed' }, fresh, { logic });
    expect(result.errors).toEqual([]);
    expect(result.state).toEqual({ step: 'approvals', status: 'first' });
    expect(result.effects).toEqual([{ kind: 'status', path: 'item.status', to: 'first' }, { kind: 'navigate', step: 'approvals' }]);
    const again = next(flow, { step: 'start' }, { type: 'proceed' }, owner, { logic });
    expect(again.state).toEqual({ step: 'approvals', status: 'first' });
    expect(again.effects).toEqual([{ kind: 'navigate', step: 'approvals' }]);
  });

  it('evaluates effects in order: calls with variables, field writes, named effects', () => {
    const result = next(flow, { step: 'approvals', status: 'first' }, { type: 'submit' }, { ...owner, form: { ok: true, name: 'ann' } }, { logic });
    expect(result.errors).toEqual([]);
    expect(result.state).toEqual({ step: 'end', status: 'second' });
    expect(result.effects).toEqual([
      { kind: 'status', path: 'item.status', from: 'first', to: 'second' },
      { kind: 'call', operation: 'saveDetails', variables: { id: 'i1', name: 'ANN' } },
      { kind: 'set', path: 'form.saved', value: true },
      { kind: 'effect', name: 'notify', params: { saved: true } },
      { kind: 'navigate', step: 'end' },
    ]);
  });

  it('returns discriminated errors: unknown event, guard failed, role not allowed, server only', () => {
    expect(next(flow, { step: 'start' }, { type: 'nope' }, owner, { logic }).errors).toEqual([{ kind: 'unknownEvent', step: 'start', event: 'nope', known: ['proceed'] }]);
    expect(next(flow, { step: 'approvals' }, { type: 'submit' }, { ...owner, form: { ok: false } }, { logic }).errors[0].kind).toBe('guardFailed');
    const stranger = { ...owner, user: { id: 'u2' } };
    expect(next(flow, { step: 'approvals' }, { type: 'submit' }, { ...stranger, form: { ok: true } }, { logic }).errors[0]).toMatchObject({ kind: 'roleNotAllowed', roles: ['viewer'], allowed: ['owner'] });
    expect(next(flow, { step: 'end', status: 'second' }, { type: 'finish' }, owner, { logic }).errors[0].kind).toBe('serverOnly');
    expect(next(flow, { step: 'end', status: 'second' }, { type: 'finish' }, owner, { logic, by: 'server' }).state).toEqual({ step: 'end', status: 'done' });
    expect(next(flow, { step: 'gone' }, { type: 'x' }, owner, { logic }).errors[0].kind).toBe('unknownStep');
  });
});

describe('status, roles and writes for the server', () => {
  it('derives roles from logic', () => {
    expect(deriveRoles(flow, owner, logic)).toEqual(['owner', 'viewer']);
  });
  it('decides a status request with the selector next uses, the step and event of the transition taken in `site`', () => {
    const taken = requestStatus(flow, 'first', 'second', { ...owner, form: { ok: true } }, { logic });
    expect(taken).toMatchObject({ errors: [], site: { step: 'approvals', event: 'submit' }, state: { step: 'end', status: 'second' } });
    expect(taken.effects[0]).toEqual({ kind: 'status', path: 'item.status', from: 'first', to: 'second' });
    expect(requestStatus(flow, 'first', 'second', { ...owner, roles: ['viewer'] }, { logic }).errors[0]).toMatchObject({ kind: 'roleNotAllowed' });
    expect(requestStatus(flow, 'first', 'done', owner, { logic }).errors).toEqual([{ kind: 'noTransition', from: 'first', to: 'done' }]);
    expect(requestStatus(flow, 'second', 'done', owner, { logic }).errors[0]).toMatchObject({ kind: 'serverOnly' });
    expect(requestStatus(flow, 'second', 'done', owner, { logic, by: 'server' })).toMatchObject({ errors: [], site: { step: 'end', event: 'finish' } });
    expect(requestStatus(flow, undefined, 'first', { record: { item: {} } }, { logic })).toMatchObject({ errors: [], site: { step: 'start', event: 'proceed' } });
  });
  it('checks roles, then the guard, then by: server; refusing, it reports a failing guard before server-only before roles', () => {
    const ordered = parse(`id: ordered
initial: a
status: { field: s, order: [x, y] }
roles: { member: true }
steps:
  a:
    status: x
    on:
      go:
        - { status: y, roles: [officer], guard: true }
        - { status: y, by: server, guard: { var: record.open } }
        - { status: y, by: server }
        - { status: y, guard: { var: record.open } }
`) as FlowDef;
    const go = ordered.steps.a.on!.go as TransitionDef[];
    const closed = { record: { s: 'x', open: false } };
    // A server-only alternative whose guard fails is refused for its guard: the guard is checked first.
    expect(next(ordered, { step: 'a' }, { type: 'go' }, closed, { logic }).errors).toEqual([{ kind: 'guardFailed', step: 'a', event: 'go' }]);
    expect(requestStatus(ordered, 'x', 'y', closed, { logic }).errors).toEqual([{ kind: 'guardFailed', step: 'a', event: 'go' }]);
    const open = { record: { s: 'x', open: true } };
    expect(next(ordered, { step: 'a' }, { type: 'go' }, open, { logic })).toMatchObject({ errors: [], transition: go[3] });
    expect(requestStatus(ordered, 'x', 'y', open, { logic, by: 'server' })).toMatchObject({ errors: [], transition: go[1] });
    const officer = { ...closed, roles: ['officer'] };
    expect(requestStatus(ordered, 'x', 'y', officer, { logic })).toMatchObject({ errors: [], transition: go[0] });
    const serverOnly = parse(`id: s\ninitial: a\nsteps:\n  a:\n    on:\n      go: [{ roles: [officer] }, { by: server }]\n`) as FlowDef;
    expect(next(serverOnly, { step: 'a' }, { type: 'go' }, { roles: ['member'] }, { logic }).errors[0].kind).toBe('serverOnly');
  });
  it('lists writable paths per status and role', () => {
    const paths = writablePaths(flow, 'first', ['owner']);
    expect(paths).toEqual(['item.details.*', 'item.note']);
    expect(writablePaths(flow, 'second', ['owner'])).toEqual([]);
    expect(writablePaths(flow, 'first', ['viewer'])).toEqual([]);
    expect(isWritable(paths, 'item.details.name')).toBe(true);
    expect(isWritable(paths, 'item.details')).toBe(true);
    expect(isWritable(paths, 'item.note')).toBe(true);
    expect(isWritable(paths, 'item.notes')).toBe(false);
    expect(isWritable(paths, 'item.status')).toBe(false);
  });
  it('counts an entry with `via` only for a write by one of its operations', () => {
    const attach: FlowDef = { ...flow, steps: { ...flow.steps, approvals: { ...flow.steps.approvals, writable: { owner: ['item.note', { path: 'item.file', via: ['attachFile'] }] } } } };
    expect(writablePaths(attach, 'first', ['owner'])).toEqual(['item.note']);
    expect(writablePaths(attach, 'first', ['owner'], 'saveItem')).toEqual(['item.note']);
    expect(writablePaths(attach, 'first', ['owner'], 'attachFile')).toEqual(['item.note', 'item.file']);
    expect(writableVia(attach, 'first', ['owner'], 'item.file')).toEqual(['attachFile']);
    expect(writableVia(attach, 'first', ['viewer'], 'item.file')).toEqual([]);
  });
  it('counts an entry with `lockedWhen` only while its logic does not hold, and lists it as locked then', () => {
    const confirmed = { '==': [{ var: 'record.item.confirmed' }, 'yes'] };
    const locking: FlowDef = { ...flow, steps: { ...flow.steps, approvals: { ...flow.steps.approvals, writable: { owner: ['item.note', { path: 'item.details.*', lockedWhen: confirmed, message: 'item.locked' }] } } } };
    const test = (item: Record<string, unknown>) => (l: unknown) => logic.holds(l as never, { record: { item } });
    expect(writablePaths(locking, 'first', ['owner'], undefined, test({}))).toEqual(['item.note', 'item.details.*']);
    expect(lockedPaths(locking, 'first', ['owner'], undefined, test({}))).toEqual([]);
    expect(writablePaths(locking, 'first', ['owner'], undefined, test({ confirmed: 'yes' }))).toEqual(['item.note']);
    expect(lockedPaths(locking, 'first', ['owner'], undefined, test({ confirmed: 'yes' }))).toEqual([{ path: 'item.details.*', message: 'item.locked' }]);
  });
});

describe('progressRows', () => {
  it('marks earlier statuses completed, the current one in progress, later ones pending', () => {
    expect(progressRows(flow, 'main', 'second').map((r) => r.state)).toEqual(['completed', 'progress', 'pending']);
    expect(progressRows(flow, 'main', 'done').map((r) => r.state)).toEqual(['completed', 'completed', 'progress']);
  });
  it('shows all pending for an unknown or missing status', () => {
    expect(progressRows(flow, 'main', 'weird').map((r) => r.state)).toEqual(['pending', 'pending', 'pending']);
    expect(progressRows(flow, 'main', undefined).map((r) => r.state)).toEqual(['pending', 'pending', 'pending']);
    expect(progressRows(flow, 'main', '')[0]).toEqual({ id: 'r1', label: 'row.first', status: 'first', state: 'pending' });
  });
});

describe('@status target', () => {
  it('goes to the step active in the new or current status', async () => {
    const { stepForStatus } = await import('../../../runtime/core');
    const home = parse(FLOW.replace("- { target: approvals }", "- { target: '@status' }")) as FlowDef;
    expect(stepForStatus(home, 'second')).toBe('end');
    const result = next(home, { step: 'start', status: 'second' }, { type: 'proceed' }, { ...owner, record: { item: { status: 'second' } } }, { logic });
    expect(result.state).toEqual({ step: 'end', status: 'second' });
    expect(result.effects).toEqual([{ kind: 'navigate', step: 'end' }]);
  });
});
