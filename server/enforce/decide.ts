/** The pure decision: may this caller write this value at this record path now, and what exactly changes. */
import { deriveRoles, isWritable, lockedPaths, next, requestStatus, statusEventSite, writablePaths, writableSchemas, writableVia, type LockTest } from '../../runtime/core/flow';
import type { NextResult } from '../../runtime/core/flow/flowTypes';
import type { LogicInstance } from '../../runtime/core/logic';
import { getPath, setPath } from '../../runtime/core/source/pointer';
import type { DefinitionSet, FlowDef, LogicContext, ResolvedLayers } from '../../runtime/core/types';
import type { FlowError } from '../../runtime/core/flow/flowTypes';
import { assertComplete, completionsFor, completionsReadBy, requestedCompletions } from './completion';
import { refuse } from './errors';
import { flowsFor } from './journeys';
import { resolveRecordPath } from './recordPath';
import { sameValue } from './sameValue';
import { logicContext, type AppSnapshot, type Caller } from './snapshot';
import { assertFieldValid, assertValid } from './validateValue';

/** A request to write one record path. */
export interface WriteRequest {
  /** Dotted record path, e.g. `scoreboard.businessDetails.annualRevenue`. */
  path: string;
  value: unknown;
  /** `set` replaces the value at the path; `merge` merges an object's keys into the object there. */
  mode?: 'set' | 'merge';
  /** Merge mode: keys the server derived itself (e.g. `userId`): validated, but not checked as client-writable. */
  serverKeys?: string[];
  /** The GraphQL operation making the write: paths a step declares `{ path, via }` are writable only by those operations. */
  operation?: string;
  /**
   * A status request by event (requestTransition, a screen's `request:`): the status flow whose step active now
   * handles it is decided by the core's `next` in that step; `path` and `value` are then ignored.
   */
  event?: string;
  /** With `event`: only this status flow takes it (the server's own reports of a provider's answer). */
  flow?: string;
}

/** One extra path a transition's `set` effects write in the same statement. */
export interface ExtraSet {
  path: string;
  value: unknown;
}

/** What an accepted request changes (`unchanged`: the record already holds it; `mode` is set for field writes). */
export type Decision =
  | { kind: 'unchanged'; path: string; value: unknown; mode?: 'set' | 'merge' }
  | {
      kind: 'write';
      path: string;
      value: unknown;
      from: unknown;
      mode: 'set' | 'merge';
      /** Positions (into `path.split('.')`) of segments that index a list: written as list entries, never as object keys. */
      listSegments?: number[];
    }
  | { kind: 'transition'; flow: string; step: string; event: string; path: string; from?: string; to: string; extra: ExtraSet[] };

/** Everything a decision reads. */
export interface DecideInput {
  defs: DefinitionSet;
  /** Layers of the application's brand and region (schemas, formats, messages). */
  layers: ResolvedLayers;
  /** The definition set's logic instance: roles, guards, rules and `set` values evaluate with it. */
  logic: LogicInstance;
  app: AppSnapshot;
  caller: Caller;
  request: WriteRequest;
  /** `server` for provider outcomes reported by the server itself. */
  by?: 'client' | 'server';
}

const SEGMENT = /^[A-Za-z0-9_]+$/;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const statusOf = (flow: FlowDef, record: unknown): string | undefined => {
  const v = flow.status ? getPath(record, flow.status.field) : undefined;
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/**
 * Decide a write: a status field is a transition request on its flow; any other path must be writable
 * for the caller's roles in the current step of some flow, and its value must pass the record schema.
 * Throws {@link EnforceError} when refused.
 */
export function decideWrite(input: DecideInput): Decision {
  const { defs, app, caller, request } = input;
  const flows = flowsFor(defs, app.type);
  const context = logicContext(app, caller);
  if (request.event !== undefined) return decideEvent(input, request.flow === undefined ? flows : flows.filter((f) => f.id === request.flow), context, request.event);
  const path = request.path;
  if (!path || !path.split('.').every((s) => SEGMENT.test(s))) throw refuse('INVALID_PATH', `'${path}' is not a valid record path`, { path });
  const statusFlow = flows.find((f) => f.status?.field === path);
  if (statusFlow) return decideTransition(input, statusFlow, context);

  const statusFields = flows.map((f) => f.status?.field).filter((f): f is string => typeof f === 'string');
  const guardStatus = (p: string) => {
    const inside = statusFields.find((field) => field === p || field.startsWith(`${p}.`));
    if (inside) throw refuse('FORBIDDEN_PATH', `'${p}' holds the status '${inside}', which changes only by a transition: write the status field itself`, { path: p });
  };
  const roles = new Set<string>();
  const statuses: Record<string, string | undefined> = {};
  const writable = new Set<string>();
  const lockedEntries: { path: string; message?: string }[] = [];
  const rolesOf: Record<string, string[]> = {};
  // A writable entry's `lockedWhen` reads the application as it is (record, user, settings).
  const lockTest: LockTest = (logic) => input.logic.holds(logic, { ...context, settings: input.layers.settings });
  for (const flow of flows) {
    const own = deriveRoles(flow, context, input.logic);
    rolesOf[flow.id] = own;
    own.forEach((r) => roles.add(r));
    statuses[flow.id] = statusOf(flow, app.record);
    writablePaths(flow, statuses[flow.id], own, request.operation, lockTest).forEach((p) => writable.add(p));
    lockedEntries.push(...lockedPaths(flow, statuses[flow.id], own, request.operation, lockTest));
  }
  const allowed = [...writable];
  /** A value at `p` passes the record schema, then the form schemas a writable entry of `p` names (a screen's own rules). */
  const valid = (p: string, value: unknown) => {
    assertValid(input.layers, p, value);
    for (const flow of flows) for (const id of writableSchemas(flow, statuses[flow.id], rolesOf[flow.id], p)) assertFieldValid(input.layers, id, p, value);
  };
  const locked = lockedEntries.map((e) => e.path);
  /** A locked path (and no other entry opens it): refused unless the write leaves the stored value as it is. */
  const lockedHere = (p: string) => !isWritable(allowed, p) && isWritable(locked, p);
  const forbid = (p: string) => {
    if (lockedHere(p)) {
      const messageKey = lockedEntries.find((e) => isWritable([e.path], p))?.message ?? 'api.error.locked';
      return refuse('FORBIDDEN_PATH', `'${p}' is locked now: its writable entry's lockedWhen holds`, { path: p, locked: true, messageKey });
    }
    // Written only by named operations (e.g. a file reference the attaching call checks): say which.
    const via = [...new Set(flows.flatMap((flow) => writableVia(flow, statuses[flow.id], rolesOf[flow.id], p)))];
    const why = via.length
      ? `'${p}' is written only by ${via.join(', ')}${request.operation ? `, not by ${request.operation}` : ''}`
      : `'${p}' is not writable by ${[...roles].join(', ') || 'a caller without a role'} in the current step (status ${statuses[flows[0].id] ?? 'none'})`;
    return refuse('FORBIDDEN_PATH', why, { path: p, roles: [...roles], statuses, ...(via.length ? { via } : {}) });
  };

  if ((request.mode ?? 'set') === 'merge') {
    if (!isObject(request.value)) throw refuse('INVALID_VALUE', `'${path}' expects an object to merge`, { path });
    const serverKeys = request.serverKeys ?? [];
    for (const [key, value] of Object.entries(request.value)) {
      const sub = `${path}.${key}`;
      if (!SEGMENT.test(key)) throw refuse('INVALID_PATH', `'${sub}' is not a valid record path`, { path: sub });
      guardStatus(sub);
      const repeated = lockedHere(sub) && sameValue(getPath(app.record, sub), value);
      if (!serverKeys.includes(key) && !isWritable(allowed, sub) && !repeated) throw forbid(sub);
      resolveRecordPath(input.layers, app.record, sub);
      valid(sub, value);
    }
    // The caller's authority comes from the definitions: at least one key must be one the caller writes.
    if (!Object.keys(request.value).some((k) => !serverKeys.includes(k))) throw refuse('INVALID_VALUE', `nothing to merge into '${path}' that the caller writes`, { path });
    const from = getPath(app.record, path);
    const merged = { ...(isObject(from) ? from : {}), ...request.value };
    assertCompletions(input, context, path, merged);
    if (sameValue(from, merged)) return { kind: 'unchanged', path, value: request.value, mode: 'merge' };
    return { kind: 'write', path, value: request.value, from, mode: 'merge' };
  }
  guardStatus(path);
  if (!isWritable(allowed, path) && !(lockedHere(path) && sameValue(getPath(app.record, path), request.value))) throw forbid(path);
  const { listSegments } = resolveRecordPath(input.layers, app.record, path);
  valid(path, request.value);
  assertCompletions(input, context, path, request.value);
  const from = getPath(app.record, path);
  if (sameValue(from, request.value)) return { kind: 'unchanged', path, value: request.value, mode: 'set' };
  return { kind: 'write', path, value: request.value, from, mode: 'set', ...(listSegments.length ? { listSegments } : {}) };
}

/**
 * A write that leaves a completion flag at its value is a request to complete that step: refused
 * (STEP_INCOMPLETE, naming the section) unless the record as it would be after the write completes it.
 */
function assertCompletions(input: DecideInput, context: ReturnType<typeof logicContext>, path: string, valueAtPath: unknown): void {
  const { defs, app, layers, logic } = input;
  if (!completionsFor(defs, app.type).some(({ def }) => def.flag === path || def.flag.startsWith(`${path}.`))) return;
  const record = setPath(app.record, path, valueAtPath);
  for (const completion of requestedCompletions(defs, app.type, path, record)) assertComplete(layers, completion, { ...context, record, settings: layers.settings }, logic);
}

const REFUSALS: Record<FlowError['kind'], 'TRANSITION_NOT_ALLOWED' | 'PROVIDER_OUTCOME' | 'GUARD_FAILED' | 'INVALID_TRANSITION'> = {
  roleNotAllowed: 'TRANSITION_NOT_ALLOWED',
  serverOnly: 'PROVIDER_OUTCOME',
  guardFailed: 'GUARD_FAILED',
  noTransition: 'INVALID_TRANSITION',
  unknownStep: 'INVALID_TRANSITION',
  unknownEvent: 'INVALID_TRANSITION',
};

/**
 * A status write is a request for the transition to that status: decided by the core's {@link requestStatus}
 * (the selector the browser's `next` uses: roles, guard, `by: server`, in that order). The transition's
 * `set` effects on `record.*` are written in the same statement as the status.
 */
function decideTransition(input: DecideInput, flow: FlowDef, context: ReturnType<typeof logicContext>): Decision {
  const { app, request } = input;
  const path = request.path;
  const order = flow.status?.order ?? [];
  const to = request.value;
  if (typeof to !== 'string' || !order.includes(to)) {
    throw refuse('INVALID_VALUE', `'${path}' must be one of ${order.join(', ')}`, { path, allowed: order });
  }
  const roles = deriveRoles(flow, context, input.logic);
  const stored = statusOf(flow, app.record);
  if (to === stored) {
    if (roles.length === 0) throw refuse('TRANSITION_NOT_ALLOWED', `no role in flow '${flow.id}' may touch '${path}'`, { path });
    return { kind: 'unchanged', path, value: to };
  }
  // Guards read the application's settings (its region and brand layers), as the page's do.
  const guardContext = { ...context, roles, settings: input.layers.settings };
  const result = requestStatus(flow, stored, to, guardContext, { logic: input.logic, by: input.by ?? 'client' });
  const [error] = result.errors;
  if (error || !result.transition || !result.site) {
    const code = REFUSALS[error?.kind ?? 'noTransition'];
    /** Whether the server itself could make this move now (a provider outcome beside the client's way). */
    const serverMay = () => requestStatus(flow, stored, to, guardContext, { logic: input.logic, by: 'server' }).errors.length === 0;
    const from = stored ?? `none (treated as ${flow.status?.initial ?? 'none'})`;
    const why: Record<typeof code, string> = {
      TRANSITION_NOT_ALLOWED: `roles [${roles.join(', ')}] may not move '${path}' from ${from} to ${to}`,
      PROVIDER_OUTCOME: `'${path}' = ${to} is a provider outcome set only by the server; a client may only repeat the stored value (${stored ?? 'none'})`,
      GUARD_FAILED: `'${path}' cannot move from ${from} to ${to} yet: the condition of flow '${flow.id}' does not hold${serverMay() ? ' (otherwise only the server sets it)' : ''}`,
      INVALID_TRANSITION: `flow '${flow.id}' has no transition of '${path}' from ${from} to ${to}`,
    };
    throw refuse(code, why[code], { path, from: stored ?? null, to, flow: flow.id, ...(error && 'event' in error ? { event: error.event } : {}) });
  }
  return taken(input, flow, guardContext, result, stored, to);
}

/** A transition the core took: its guard's completion flags checked again, its `set` effects on `record.*` written with it. */
function taken(input: DecideInput, flow: FlowDef, guardContext: LogicContext, result: NextResult, stored: string | undefined, to: string): Decision {
  const { app } = input;
  const transition = result.transition!;
  const site = result.site!;
  // The guard held; a completion flag it read counts only while the step it completes is still complete.
  for (const completion of completionsReadBy(input.defs, app.type, transition.guard, app.record)) assertComplete(input.layers, completion, guardContext, input.logic);
  const extra = result.effects.flatMap((e) => (e.kind === 'set' && e.path.startsWith('record.') ? [{ path: e.path.slice('record.'.length), value: e.value }] : []));
  return { kind: 'transition', flow: flow.id, step: site.step, event: site.event, path: flow.status!.field, ...(stored === undefined ? {} : { from: stored }), to, extra };
}

/**
 * A status request by event: the status flow (of the application's, in order) whose step active in its status
 * handles `event`, decided by the core's {@link next} in that step, the function the browser and path coverage
 * run (roles, guard, `by: server`, in that order). A transition that keeps the status is `unchanged`.
 */
function decideEvent(input: DecideInput, flows: FlowDef[], context: LogicContext, event: string): Decision {
  const site = statusEventSite(flows, context, event, input.logic);
  if (!site) throw refuse('INVALID_TRANSITION', `no status flow of this application takes '${event}' in its current status`, { event });
  const { flow, status: stored } = site;
  const roles = deriveRoles(flow, context, input.logic);
  const guardContext = { ...context, roles, settings: input.layers.settings };
  const result = next(flow, { step: site.step, ...(stored === undefined ? {} : { status: stored }) }, { type: event }, guardContext, { logic: input.logic, by: input.by ?? 'client' });
  const [error] = result.errors;
  const path = flow.status!.field;
  if (error || !result.transition || !result.site) {
    const code = REFUSALS[error?.kind ?? 'noTransition'];
    throw refuse(code, `flow '${flow.id}' refuses '${event}' in status ${stored ?? 'none'} (${error?.kind ?? 'no transition'})`, { path, from: stored ?? null, event, flow: flow.id });
  }
  const to = result.state.status;
  if (to === undefined || to === stored) return { kind: 'unchanged', path, value: stored ?? null };
  return taken(input, flow, guardContext, result, stored, to);
}
