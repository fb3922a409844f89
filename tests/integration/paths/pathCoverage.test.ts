/**
 * Path coverage, generated from the definitions: every transition alternative of every flow (flows/_examples/
 * aside) is taken from its fixture (tests/fixtures/paths/<flow>.yaml) for each region x brand a brand serves,
 * both outcomes of each guard, with the outcome the fixture writes. Every flow runs through the core machine
 * (`next`); status machines also run over HTTP against the real server (PGlite), a fresh application per
 * case, the request signed in as the fixture's role. Prints the coverage and fails below 100% of transitions.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deriveRoles, next, recordProgress, stepStatuses } from '../../../runtime/core/flow';
import type { NextResult } from '../../../runtime/core/flow/flowTypes';
import { asRun } from '../../../runtime/core/chain';
import { getPath, setPath } from '../../../runtime/core/source/pointer';
import type { FlowDef, LogicContext } from '../../../runtime/core/types';
import { loadSdl, operationDocument } from '../../../runtime/node';
import { createSession } from '../../../server/auth';
import { loadServerDefinitions } from '../../../server/definitions';
import { writeRecord } from '../../../server/enforce';
import { flowsFor } from '../../../server/enforce/journeys';
import { completionsFor, type DeclaredCompletion } from '../../../server/enforce/completion';
import { varPaths } from '../../../runtime/core/logic';
import { startHarness, useHarness } from '../api/harness';
import { PathCoverage } from './coverage';
import { fillUsers, merge, readPathFiles, skeleton, transitionsOfFlow, type Ctx, type Outcome, type PathCase, type PathFile, type TransitionAt } from './pathFixtures';

const root = join(import.meta.dirname, '../../..');
const server = loadServerDefinitions(root);
const { defs, logic } = server;
const files = readPathFiles();
const coverage = new PathCoverage();

/** Flows under test: every flow outside flows/_examples/. */
const flowIds = Object.keys(defs.flows)
  .filter((id) => !defs.flowFiles[id].startsWith('flows/_examples/'))
  .sort();

/** Region x brand selections a brand serves (its `settings.regions`). */
const selections = (() => {
  const brands = Object.keys(defs.layerFiles).flatMap((f) => /^brands\/([^/]+)\.yaml$/.exec(f)?.[1] ?? []);
  return brands.flatMap((brand) => {
    const regions = (server.layers({ brand }).settings.regions as string[] | undefined) ?? [];
    return regions.map((region) => ({ region, brand }));
  });
})();
const label = (s: { region: string; brand: string }) => `${s.region}/${s.brand}`;

/** The core's refusal kind for each refusal code a fixture writes (the server's answer codes). */
const CORE_REFUSAL: Record<string, string> = { GUARD_FAILED: 'guardFailed', TRANSITION_NOT_ALLOWED: 'roleNotAllowed', PROVIDER_OUTCOME: 'serverOnly', INVALID_TRANSITION: 'noTransition' };
/** Core user ids of the fixture roles (`$primary` ... in a fixture). */
const CORE_USERS = { primary: 'user-primary', secondary: 'user-secondary', other: 'user-other' };

/** A flow with a status field is a status machine, enforced by the server; the others are client-side (page events). */
const isStatusFlow = (flow: FlowDef) => flow.status !== undefined;
/** A status flow's page event (a home's button): no status of its own; the server sees only the calls it makes. */
const isPageEvent = (flow: FlowDef, t: TransitionAt) => isStatusFlow(flow) && t.transition.status === undefined && t.transition.by !== 'server';
/** The transitions the server sees: a status flow's, less the page events that call nothing. */
const onServer = (flow: FlowDef, t: TransitionAt) => isStatusFlow(flow) && (!isPageEvent(flow, t) || (t.transition.effects ?? []).some((e) => 'call' in e));

/** Pair each transition with its fixture entry; list the transitions with none (as ready-to-paste entries) and stale entries. */
function pair(flowId: string) {
  const flow = defs.flows[flowId];
  const all = transitionsOfFlow(flow);
  const file = files[flowId];
  const cases = file?.transitions ?? {};
  const missing = all.filter((t) => !cases[t.id]);
  const stale = Object.keys(cases).filter((id) => !all.some((t) => t.id === id));
  return { flow, all, file, missing, stale };
}

/** The context a case runs with: the file's, the region's patch, the case's (and the failing patch). */
function contextOf(file: PathFile, c: PathCase, region: string, failing: boolean): Ctx {
  return merge(file.context, file.byRegion?.[region], c.context, failing ? c.fail?.context : undefined);
}

/** The step a case runs in and the status it starts from. */
function startOf(flow: FlowDef, t: TransitionAt, c: PathCase): { step: string; from?: string } {
  const step = t.step === '*' ? (c.step ?? flow.initial) : t.step;
  return { step, from: c.from ?? stepStatuses(flow.steps[step])[0] };
}

/**
 * One case through the core machine: the page's context (as the browser builds it: a status flow's `progress`
 * from the record's status) with the given user ids; `patch` (the HTTP run's application id) over the case's.
 */
function runNext(flow: FlowDef, file: PathFile, t: TransitionAt, c: PathCase, selection: { region: string; brand: string }, failing: boolean, users: Record<string, string>, patch?: Ctx) {
  const role = c.as ?? file.as;
  const raw = fillUsers(merge(contextOf(file, c, selection.region, failing), patch), users) as Ctx;
  const { step, from } = startOf(flow, t, c);
  const { event, ...rest } = raw;
  const context: LogicContext = { settings: server.layers(selection).settings, ...rest };
  if (isStatusFlow(flow) && role) context.user = { id: users[role] ?? role, member: role === 'primary' || role === 'secondary' ? role : null, ...(rest.user as object) };
  if (flow.status && from !== undefined) context.record = setPath(context.record ?? {}, flow.status.field, from);
  if (flow.status && rest.progress === undefined) context.progress = recordProgress(flow, context.record);
  const state = from === undefined ? { step } : { step, status: from };
  const by: 'client' | 'server' = t.transition.by === 'server' ? 'server' : 'client';
  const taken: NextResult = next(flow, state, { type: t.event, ...(event === undefined ? {} : { payload: event as Record<string, unknown> }) }, context, { logic, by });
  // Saves, status requests and named routes as the page runs them (the record API's calls, the page's copy, its address).
  const result: NextResult = { ...taken, effects: asRun(taken.effects, flow, context, logic, { flows: defs.flows, recordApi: defs.config.record }) };
  return { result, step, state, context, by };
}

/** Run one case through the core and check the written outcome. */
function runCore(flow: FlowDef, file: PathFile, t: TransitionAt, c: PathCase, selection: { region: string; brand: string }, failing: boolean): void {
  const { result, step, state, context, by } = runNext(flow, file, t, c, selection, failing, CORE_USERS);
  const outcome: Outcome = failing ? c.fail!.expect : c.expect;
  const where = `${flow.id} ${t.id} (${failing ? 'guard failing' : 'guard holding'}, ${label(selection)})`;
  // A step chosen by `when` among those sharing its route: the case's context must be one that shows it.
  const when = flow.steps[step]?.when;
  if (when !== undefined) expect(logic.holds(when, { ...context, roles: deriveRoles(flow, context, logic) }), `${where}: the step's 'when' does not hold in this context`).toBe(true);
  if (typeof outcome === 'string') {
    expect(result.transition, `${where}: expected ${outcome}, but a transition was taken`).toBeUndefined();
    expect(result.errors[0]?.kind, where).toBe(CORE_REFUSAL[outcome] ?? outcome);
    coverage.step(flow.id, step);
    return;
  }
  expect(result.errors, where).toEqual([]);
  const list = flow.steps[t.step]?.on?.[t.event] ?? flow.on?.[t.event];
  const alternatives = Array.isArray(list) ? list : [list];
  expect(result.transition === alternatives[outcome.alternative ?? t.index], `${where}: took alternative ${alternatives.indexOf(result.transition!)}, expected ${outcome.alternative ?? t.index}`).toBe(true);
  expect(result.state.step, where).toBe(outcome.step);
  if (isStatusFlow(flow)) expect(result.state.status, where).toBe(outcome.status);
  for (const [path, value] of Object.entries(outcome.sets ?? {})) {
    expect(result.effects, `${where}: sets ${path}`).toContainEqual({ kind: 'set', path, value });
  }
  if (outcome.navigate === null) expect(result.effects.filter((e) => e.kind === 'go' || e.kind === 'navigate'), `${where}: stays`).toEqual([]);
  else if (outcome.navigate !== undefined) expect(result.effects, `${where}: navigates`).toContainEqual(expect.objectContaining({ kind: 'go', to: outcome.navigate }));
  if (outcome.calls) expect(result.effects.flatMap((e) => (e.kind === 'call' ? [e.operation] : [])), `${where}: calls`).toEqual(outcome.calls);
  for (const effect of outcome.effects ?? []) expect(result.effects, `${where}: effects`).toContainEqual(expect.objectContaining(effect));
  expect(result.transition?.then, `${where}: then`).toBe(outcome.then);
  if (by === 'server' && !failing) {
    // The same event from a client is refused (the server answers the fixture's `client` code to a status request).
    const asClient = next(flow, state, { type: t.event }, context, { logic, by: 'client' });
    expect(asClient.transition, `${where}: a client took a server-only transition`).toBeUndefined();
    expect(asClient.errors.length, `${where}: a client asking is refused`).toBe(1);
  }
  coverage.step(flow.id, step);
  coverage.step(flow.id, outcome.step);
}

/** The completions whose flag a transition's guard reads (the server re-checks them when it is taken). */
function completionsOfGuard(file: PathFile | undefined, t: TransitionAt): DeclaredCompletion[] {
  if (!file?.applicationType || t.transition.guard === undefined) return [];
  const read = varPaths(t.transition.guard).filter((p) => p.startsWith('record.')).map((p) => p.slice('record.'.length));
  return completionsFor(defs, file.applicationType).filter(({ def }) => read.some((p) => def.flag === p || def.flag.startsWith(`${p}.`)));
}
/** Dotted paths of the null leaves of a patch. */
const nullPaths = (v: unknown, at = ''): string[] =>
  v === null ? [at] : typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.entries(v).flatMap(([k, x]) => nullPaths(x, at ? `${at}.${k}` : k)) : [];
const ruleIds = (c: DeclaredCompletion) => (c.def.rules ?? []).map((_, i) => `${c.def.flag}#${i}`);

describe.each(flowIds)('flow %s', (flowId) => {
  const { flow, all, file, missing, stale } = pair(flowId);
  coverage.add(flow, all, all.filter((t) => onServer(flow, t)));
  for (const t of all) if (isStatusFlow(flow) && onServer(flow, t)) coverage.rules(flowId, completionsOfGuard(file, t).flatMap(ruleIds));

  it('has a path fixture for every transition', () => {
    const where = `tests/fixtures/paths/${flowId}.yaml`;
    const help = missing.length
      ? `${missing.length} transition(s) of flow '${flowId}' have no path fixture. Add to ${where}${file ? ' under transitions:' : ` (new file: flow: ${flowId}${isStatusFlow(flow) ? ', applicationType: vehicle' : ''}, transitions:)`}\n${missing.map((t) => skeleton(flow, t)).join('\n')}`
      : '';
    expect(missing.map((t) => t.id), help).toEqual([]);
    expect(stale, `${where}: entries naming no transition of the flow (renamed or removed?)`).toEqual([]);
    if (isStatusFlow(flow)) expect(file?.applicationType, `${where}: applicationType (the application type whose journeys the server enforces it in)`).toBeTruthy();
  });

  const present = all.filter((t) => file?.transitions[t.id]);
  it.runIf(present.length > 0).each(present.map((t) => [t.id, t] as const))('core: %s', (_, t) => {
    const c = file.transitions[t.id];
    if (t.transition.guard !== undefined) expect(c.fail, `${flowId} ${t.id} has a guard: add fail: { context, expect } (a context failing it)`).toBeDefined();
    for (const selection of selections) {
      runCore(flow, file, t, c, selection, false);
      if (c.fail) runCore(flow, file, t, c, selection, true);
    }
    coverage.took('core', t, t.transition.guard !== undefined ? 'pass' : undefined);
    if (c.fail) coverage.took('core', t, 'fail');
  });
});

/** The answer of a GraphQL write: `ok`, `unchanged` or the refusal code. */
type Answer = { errors?: { message: string; extensions?: Record<string, unknown> }[]; data?: Record<string, { message?: string } | null> | null };
const answerOf = (a: Answer, field: string): string => (a.errors?.length ? String(a.errors[0].extensions?.code ?? a.errors[0].message) : a.data?.[field]?.message === 'unchanged' ? 'unchanged' : 'ok');

describe('server enforcement over HTTP (PGlite)', () => {
  const h = useHarness(() => startHarness('pglite'));
  const sdl = loadSdl(join(root, defs.config?.graphql ?? 'server/graphql'));
  /** Per brand: the host it serves, the fixture users and their session cookies. */
  const brands: Record<string, { host: string; ids: Record<string, string>; cookies: Record<string, string> }> = {};
  const statusFlows = flowIds.filter((id) => isStatusFlow(defs.flows[id]));

  beforeAll(async () => {
    for (const { brand, region } of selections) {
      if (brands[brand]) continue;
      const domains = (server.layers({ brand }).settings.domains as string[] | undefined) ?? [];
      const host = domains.find((d) => d !== '*') ?? 'localhost';
      const ids: Record<string, string> = {};
      const cookies: Record<string, string> = {};
      for (const role of Object.keys(CORE_USERS)) {
        ids[role] = randomUUID();
        await h.database.db
          .insertInto('users')
          .values({ id: ids[role], email: `${role}.${brand}@paths.test`, first_name: role, last_name: 'Path', phone: '0400000000', password_hash: null, brand_id: brand, region: region.toUpperCase() })
          .execute();
        cookies[role] = await createSession(h.database.db, ids[role], brand);
      }
      brands[brand] = { host, ids, cookies };
    }
  }, 120_000);

  /** A fresh application of the case's context, in the region and brand, its members the brand's fixture users. */
  async function newApplication(flow: FlowDef, file: PathFile, t: TransitionAt, c: PathCase, selection: { region: string; brand: string }, failing: boolean): Promise<string> {
    const b = brands[selection.brand];
    const ctx = fillUsers(contextOf(file, c, selection.region, failing), b.ids) as Ctx;
    const { from } = startOf(flow, t, c);
    let record = (ctx.record ?? {}) as Record<string, unknown>;
    if (from !== undefined) record = setPath(record, flow.status!.field, from) as Record<string, unknown>;
    const id = randomUUID();
    await h.database.db
      .insertInto('applications')
      .values({
        id, application_type: file.applicationType!, application_status: 'draft', brand_id: selection.brand, region: selection.region.toUpperCase(), definition_version: 'paths',
        primary_user_id: b.ids.primary, secondary_user_id: b.ids.secondary, record: { applicationId: id, ...record },
      })
      .execute();
    return id;
  }

  /** createOrUpdateProperty of the flow's status field, as `role` on the brand's host. */
  async function requestStatus(flow: FlowDef, selection: { brand: string }, role: string, appId: string, to: string): Promise<string> {
    const [root, ...rest] = flow.status!.field.split('.');
    expect(root, `${flow.id}: status field ${flow.status!.field} is not under scoreboard (createOrUpdateProperty writes scoreboard.*)`).toBe('scoreboard');
    const [propertyFirst, propertySecond, propertyThird] = rest;
    const b = brands[selection.brand];
    const res = await h.app.fetch(`http://${b.host}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: b.host, cookie: `ff_session=${b.cookies[role]}` },
      body: JSON.stringify({
        query: 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status message version } }',
        variables: { id: appId, p: { value: to, propertyFirst, propertySecond, propertyThird } },
      }),
    });
    return answerOf((await res.json()) as Answer, 'createOrUpdateProperty');
  }

  async function stored(appId: string) {
    const row = await h.database.db.selectFrom('applications').select(['record']).where('id', '=', appId).executeTakeFirstOrThrow();
    const audit = await h.database.db.selectFrom('audit_log').select(['action']).where('application_id', '=', appId).orderBy('id').execute();
    return { record: row.record as Record<string, unknown>, actions: audit.map((a) => a.action) };
  }

  /** After an accepted transition: the stored status, the record sets and the audit row the fixture expects. */
  async function checkTaken(flow: FlowDef, t: TransitionAt, appId: string, outcome: Exclude<Outcome, string>, answer: string, where: string) {
    const { record, actions } = await stored(appId);
    expect(getPath(record, flow.status!.field), where).toBe(outcome.status);
    if (answer === 'unchanged') return;
    expect(actions.at(-1), where).toBe(`transition:${flow.id}.${t.event}`);
    for (const [path, value] of Object.entries(outcome.sets ?? {})) {
      if (path.startsWith('record.')) expect(getPath(record, path.slice('record.'.length)), `${where}: sets ${path}`).toEqual(value);
    }
  }

  /** A GraphQL operation a `call` effect names (its document generated from the SDL, as the bundle's), as `role`. */
  async function send(selection: { brand: string }, role: string, operation: string, variables: Record<string, unknown>): Promise<string> {
    const query = operationDocument(sdl!, operation);
    expect(query, `no GraphQL operation '${operation}' in the SDL`).toBeDefined();
    const b = brands[selection.brand];
    const res = await h.app.fetch(`http://${b.host}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: b.host, cookie: `ff_session=${b.cookies[role]}` },
      body: JSON.stringify({ query, variables }),
    });
    return answerOf((await res.json()) as Answer, operation);
  }

  /**
   * A page event of a status flow: the core decides on the stored application (as its page would) and each call
   * it returns is sent as the fixture's role; every answer is the case's `server` (default ok), and the record
   * then holds the `record.` paths its `sets` name (the page's own copy agrees with the server's).
   */
  async function runPageEvent(flow: FlowDef, file: PathFile, t: TransitionAt, c: PathCase, selection: { region: string; brand: string }, failing: boolean, where: string): Promise<void> {
    const role = (c.as ?? file.as)!;
    const appId = await newApplication(flow, file, t, c, selection, failing);
    const before = await stored(appId);
    const { result } = runNext(flow, file, t, c, selection, failing, brands[selection.brand].ids, { params: { applicationId: appId }, record: { applicationId: appId } });
    const outcome = failing ? c.fail!.expect : c.expect;
    const calls = result.effects.flatMap((e) => (e.kind === 'call' ? [e] : []));
    const expected = (failing ? c.fail!.server : c.server) ?? 'ok';
    for (const call of calls) expect(await send(selection, role, call.operation, call.variables), `${where}: ${call.operation}`).toBe(expected);
    const after = await stored(appId);
    if (calls.length === 0) expect(after.record, `${where}: nothing sent, nothing stored`).toEqual(before.record);
    for (const [path, value] of Object.entries(typeof outcome === 'object' ? (outcome.sets ?? {}) : {})) {
      if (path.startsWith('record.')) expect(getPath(after.record, path.slice('record.'.length)), `${where}: the server stored ${path}`).toEqual(value);
    }
  }

  /**
   * A refusal of a completion rule: the case's context with the rule broken and without the flag, then the flag
   * written (the request to complete the step); refused STEP_INCOMPLETE with the rule's message, nothing stored.
   */
  async function runRefusal(flow: FlowDef, file: PathFile, t: TransitionAt, c: PathCase, refusal: { context: Ctx; message: string }, selection: { region: string; brand: string }): Promise<string[]> {
    const role = (c.as ?? file.as)!;
    const found: string[] = [];
    for (const completion of completionsOfGuard(file, t).filter((x) => x.def.rules?.length)) {
      const where = `${flow.id} ${t.id} over HTTP, refusal ${refusal.message} of ${completion.def.flag} (${label(selection)}, as ${role})`;
      // A null in the refusal's patch removes that member (a value absent, as the schema would not take null).
      const removed = nullPaths(refusal.context.record).reduce<unknown>((r, p) => setPath(r, p, undefined), merge(c.context, refusal.context).record ?? {});
      const withoutFlag = setPath(removed, completion.def.flag, undefined);
      const appId = await newApplication(flow, file, t, { ...c, context: { ...merge(c.context, refusal.context), record: withoutFlag } }, selection, false);
      const before = await stored(appId);
      const [, propertyFirst, propertySecond, propertyThird] = completion.def.flag.split('.');
      const b = brands[selection.brand];
      const res = await h.app.fetch(`http://${b.host}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: b.host, cookie: `ff_session=${b.cookies[role]}` },
        body: JSON.stringify({
          query: 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status message version } }',
          variables: { id: appId, p: { value: completion.def.value, propertyFirst, propertySecond, propertyThird } },
        }),
      });
      const answer = (await res.json()) as Answer;
      expect(answerOf(answer, 'createOrUpdateProperty'), where).toBe('STEP_INCOMPLETE');
      expect(answer.errors?.[0].extensions?.messageKey, where).toBe(refusal.message);
      expect((await stored(appId)).record, `${where}: nothing stored`).toEqual(before.record);
      const rule = answer.errors?.[0].extensions?.rule;
      if (typeof rule === 'number') found.push(`${completion.def.flag}#${rule}`);
    }
    return found;
  }

  async function runServer(flow: FlowDef, file: PathFile, t: TransitionAt, c: PathCase, selection: { region: string; brand: string }, failing: boolean): Promise<void> {
    const role = (c.as ?? file.as)!;
    const where = `${flow.id} ${t.id} over HTTP (${failing ? 'guard failing' : 'guard holding'}, ${label(selection)}, as ${role})`;
    if (isPageEvent(flow, t)) return runPageEvent(flow, file, t, c, selection, failing, where);
    expect(typeof c.expect === 'object' && c.expect.status, `${where}: expect.status (the status requested)`).toBeTruthy();
    const to = (c.expect as { status: string }).status;
    const appId = await newApplication(flow, file, t, c, selection, failing);
    if (t.transition.by === 'server' && !failing) {
      expect(c.client, `${where}: client: <answer> (what a client asking for it gets)`).toBeDefined();
      expect(await requestStatus(flow, selection, role, appId, to), `${where}: a client asking`).toBe(c.client);
      // The server reports the provider's outcome itself (as server/graphql/resolvers/signing.ts does).
      const b = brands[selection.brand];
      const deps = { db: h.database.db, defs: h.definitions.defs, logic: h.definitions.logic, layers: (s: Record<string, string>) => h.definitions.layers(s) };
      const result = await writeRecord(deps, { applicationId: appId, caller: { id: b.ids[role], email: `${role}.${selection.brand}@paths.test` }, request: { path: flow.status!.field, value: to }, by: 'server' });
      const answer = result.decision.kind === 'unchanged' ? 'unchanged' : 'ok';
      expect(answer, where).toBe(c.server ?? 'ok');
      await checkTaken(flow, t, appId, c.expect as Exclude<Outcome, string>, answer, where);
      return;
    }
    const outcome = failing ? c.fail!.expect : c.expect;
    const answer = await requestStatus(flow, selection, role, appId, to);
    const expected = failing ? (c.fail!.server ?? (typeof outcome === 'string' ? outcome : 'ok')) : (c.server ?? 'ok');
    expect(answer, where).toBe(expected);
    if (typeof outcome === 'string') {
      const { record } = await stored(appId);
      expect(getPath(record, flow.status!.field), `${where}: status unchanged`).toBe(startOf(flow, t, c).from);
    } else await checkTaken(flow, t, appId, outcome, answer, where);
  }

  describe.each(statusFlows)('flow %s', (flowId) => {
    const { flow, all, file } = pair(flowId);
    const present = all.filter((t) => file?.transitions[t.id] && onServer(flow, t));
    it.runIf(present.length > 0).each(present.map((t) => [t.id, t] as const))('server: %s', async (_, t) => {
      const c = file.transitions[t.id];
      expect(flowsFor(defs, file.applicationType!).map((f) => f.id), `the server governs ${file.applicationType} applications by these flows`).toContain(flowId);
      const refusals = c.refusals ?? [];
      if (completionsOfGuard(file, t).some((x) => x.def.rules?.length)) expect(refusals.length, `${flowId} ${t.id}: its guard reads a completion flag: add refusals: [{ context, message }] (a context breaking each rule)`).toBeGreaterThan(0);
      for (const selection of selections) {
        await runServer(flow, file, t, c, selection, false);
        if (c.fail) await runServer(flow, file, t, c, selection, true);
        for (const refusal of refusals) for (const id of await runRefusal(flow, file, t, c, refusal, selection)) coverage.rule(flowId, id, 'fail');
      }
      coverage.took('http', t, t.transition.guard !== undefined ? 'pass' : undefined);
      if (c.fail) coverage.took('http', t, 'fail');
      // The case's own context completed the step: none of the rules held.
      for (const completion of completionsOfGuard(file, t)) for (const id of ruleIds(completion)) coverage.rule(flowId, id, 'pass');
    });
  });
});

describe('path coverage', () => {
  it('offers a missing transition as an entry that parses as one', () => {
    for (const id of flowIds) {
      const flow = defs.flows[id];
      for (const t of transitionsOfFlow(flow)) {
        const entry = (parse(`transitions:\n${skeleton(flow, t)}`) as PathFile).transitions[t.id];
        expect(entry, `${id} ${t.id}`).toMatchObject({ context: {}, expect: expect.any(Object) });
        if (t.transition.guard !== undefined) expect(entry.fail, `${id} ${t.id}`).toEqual({ context: {}, expect: 'GUARD_FAILED' });
      }
    }
  });

  it('covers 100% of transitions on the core, and on the server for the flows it enforces', () => {
    const text = coverage.report(root, selections.map(label));
    console.log(`\n${text}`);
    const { core, server: http } = coverage.missing();
    expect(core, 'transitions not covered on the core (see the failures above)').toEqual([]);
    expect(http, 'transitions not covered over HTTP (see the failures above)').toEqual([]);
    expect(coverage.missingRules(), 'completion rules without both outcomes over HTTP (add refusals to the fixture of the transition whose guard reads the flag)').toEqual([]);
  });
});
