/**
 * Path fixtures (tests/fixtures/paths/<flow>.yaml): one entry per transition alternative of a flow, with the
 * context (a partial record, state, user ...) that satisfies its guard, one that fails it, and the outcome of
 * each written literally. This module lists the transitions of the loaded definitions, reads the fixtures and
 * pairs them, so a transition without a fixture (or a fixture without a transition) is named.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { eachTransition } from '../../../runtime/core/flow';
import type { FlowDef, TransitionDef } from '../../../runtime/core/types';

/** A context patch: record, state, user, event payload ... merged over the file's base `context`. */
export type Ctx = Record<string, unknown>;

/** An outcome written in a fixture: the transition taken (step, status, record sets) or a refusal code. */
export type Outcome =
  | string
  | {
      step?: string;
      status?: string;
      /** Another alternative of the same event was taken instead (its index). */
      alternative?: number;
      /** `set` effects on the record or state, by path: the core returns them, the server stores the `record.` ones. */
      sets?: Record<string, unknown>;
      /** Client flows: the path a `navigate` effect goes to (`null`: the page stays, no navigation at all). */
      navigate?: string | null;
      /** Client flows: GraphQL operations called, in order. */
      calls?: string[];
      /** Any other effects, each matched by the members it lists (e.g. `{ kind: effect, name: logout }`). */
      effects?: Record<string, unknown>[];
      /** The event the executor raises next, once the effects ran (the transition's `then`). */
      then?: string;
    };

/** One fixture entry. */
export interface PathCase {
  /** The role taking it (status flows: the signed-in user of that role). */
  as?: string;
  /** The status the application is in (default: the step's first status). */
  from?: string;
  /** Flow-level (`*.event`) entries: the step to raise the event in (default: the flow's initial step). */
  step?: string;
  /** Context that satisfies the guard (merged over the file's `context`). */
  context?: Ctx;
  /** What taking it yields. */
  expect: Outcome;
  /**
   * Status flows: the HTTP answer to the request (`ok`, `unchanged`, or a refusal code; default `ok`); for a page
   * event (a transition without `status`), the answer to each call it makes.
   */
  server?: string;
  /** `by: server` transitions: the HTTP answer when a client asks for it instead. */
  client?: string;
  /** Required when the transition has a guard: context that fails it, and what happens then. */
  fail?: { context?: Ctx; expect: Outcome; server?: string };
  /**
   * Status flows, a guard reading a step's completion flag (the step's `completion`): for each rule of that
   * completion, a patch of the case's context that breaks it. Over HTTP the flag is then written (the request to
   * complete the step, on a record without it) and refused STEP_INCOMPLETE with the rule's `message`.
   */
  refusals?: { context: Ctx; message: string }[];
}

/** One fixture file. */
export interface PathFile {
  flow: string;
  /** Status flows: the application type the server governs the flow for (server/enforce/journeys.ts). */
  applicationType?: string;
  /** Default role of the entries. */
  as?: string;
  /** Base context of every entry. */
  context?: Ctx;
  /** Patches of the base context per region (e.g. `nz:`), applied before the entry's own. */
  byRegion?: Record<string, Ctx>;
  transitions: Record<string, PathCase>;
}

/** A transition alternative of a flow with its stable id: `<step>.<event>`, `.<index>` for an alternative of a list, `*` for the flow's own `on`. */
export interface TransitionAt {
  id: string;
  flow: string;
  step: string;
  event: string;
  /** Index among the event's alternatives (0 when there is one). */
  index: number;
  transition: TransitionDef;
}

export const FIXTURE_DIR = join(import.meta.dirname, '../../fixtures/paths');

/** Every transition alternative of a flow: each step's `on`, then the flow's own `on` once (step `*`). */
export function transitionsOfFlow(flow: FlowDef): TransitionAt[] {
  const out: TransitionAt[] = [];
  const add = (step: string, event: string, entry: TransitionDef | TransitionDef[]) => {
    const list = Array.isArray(entry) ? entry : [entry];
    list.forEach((transition, index) => out.push({ id: `${step}.${event}${Array.isArray(entry) ? `.${index}` : ''}`, flow: flow.id, step, event, index, transition }));
  };
  const own = new Set(eachTransition(flow).map((s) => s.transition));
  for (const [step, def] of Object.entries(flow.steps ?? {})) for (const [event, entry] of Object.entries(def?.on ?? {})) add(step, event, entry);
  for (const [event, entry] of Object.entries(flow.on ?? {})) add('*', event, entry);
  // Every alternative the core walks is here (the flow's own `on` once, not once per step).
  if (out.some((t) => t.step !== '*' && !own.has(t.transition))) throw new Error(`transitionsOfFlow: ${flow.id} disagrees with eachTransition`);
  return out;
}

/** Read every fixture file, by flow id. */
export function readPathFiles(dir = FIXTURE_DIR): Record<string, PathFile> {
  const out: Record<string, PathFile> = {};
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort()) {
    const file = parse(readFileSync(join(dir, name), 'utf8')) as PathFile;
    if (!file?.flow) throw new Error(`tests/fixtures/paths/${name}: no 'flow:'`);
    out[file.flow] = { ...file, transitions: file.transitions ?? {} };
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Deep merge of context patches: objects merge by key, anything else (lists included) replaces. */
export function merge(...parts: (Ctx | undefined)[]): Ctx {
  const into = (a: unknown, b: unknown): unknown => {
    if (!isObject(a) || !isObject(b)) return b === undefined ? a : structuredClone(b);
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = into(a[k], v);
    return out;
  };
  return parts.reduce<Ctx>((acc, p) => (p ? (into(acc, p) as Ctx) : acc), {});
}

/** Replace `$<role>` strings (e.g. `$primary`) anywhere in a value with the given ids. */
export function fillUsers(value: unknown, ids: Record<string, string>): unknown {
  if (typeof value === 'string' && value.startsWith('$') && value.slice(1) in ids) return ids[value.slice(1)];
  if (Array.isArray(value)) return value.map((v) => fillUsers(v, ids));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillUsers(v, ids)]));
  return value;
}

/** A value as flow-style YAML on one line (plain words unquoted). */
const inline = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  if (isObject(v)) return `{ ${Object.entries(v).map(([k, x]) => `${/^[\w.$]+$/.test(k) ? k : `'${k}'`}: ${inline(x)}`).join(', ')} }`;
  return typeof v === 'string' && /^[A-Za-z_$/][\w./$-]*$/.test(v) ? v : JSON.stringify(v);
};

/** A ready-to-paste fixture entry for a transition that has none (to check and complete by hand). */
export function skeleton(flow: FlowDef, t: TransitionAt): string {
  const target = t.transition.target ?? (t.step === '*' ? undefined : t.step);
  const outcome = { ...(target ? { step: target } : {}), ...(t.transition.status !== undefined ? { status: t.transition.status } : {}) };
  const lines = [t.step === '*' ? `  '${t.id}':` : `  ${t.id}:`];
  if (t.transition.roles?.length) lines.push(`    as: ${t.transition.roles[0]}`);
  lines.push(`    context: {}   # what makes it apply${t.transition.guard !== undefined ? `; guard: ${inline(t.transition.guard)}` : ''}`);
  lines.push(`    expect: ${inline(outcome)}   # check: the outcome as the spec has it`);
  if (t.transition.by === 'server' && flow.status) lines.push('    client: PROVIDER_OUTCOME   # a client asking for it');
  if (t.transition.guard !== undefined) lines.push('    fail: { context: {}, expect: GUARD_FAILED }   # a context failing the guard');
  return lines.join('\n');
}
