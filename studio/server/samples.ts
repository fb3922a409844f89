/**
 * The studio preview's record: a scenario of the demo seed (scenarioSamples.ts; the default, chosen in a menu), or
 * `samples/<flow>.yaml` beside the definitions when there is one (one file per flow, not a definition: the server never reads it). A file gives the route params, a user per role,
 * a base record, and per status what the record holds on top of it (`statuses`); the studio sets the
 * flow's status field to the status chosen. Format: `samples/README.md`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fillRoute, stepPattern } from '../../runtime/core/flow';
import type { DefinitionSet } from '../../runtime/core/types';
import { samplesFor, type ScenarioSample } from './scenarioSamples';
import type { Finding } from './studioState';

/** One flow's samples. */
export interface Sample {
  file: string;
  flow: string;
  params: Record<string, string>;
  users: Record<string, Record<string, unknown>>;
  record: Record<string, unknown>;
  statuses: Record<string, Record<string, unknown>>;
}

/** Every sample file, by flow, and what could not be read. */
export interface SampleSet {
  samples: Record<string, Sample>;
  problems: Finding[];
}

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `patch` merged over `base` (maps by key; anything else replaces). */
export function deepMerge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = isPlain(value) && isPlain(out[key]) ? deepMerge(out[key] as Record<string, unknown>, value) : structuredClone(value);
  return out;
}

/** Reads `samples/*.yaml` under `root`. */
export function readSamples(root: string): SampleSet {
  const dir = join(root, 'samples');
  const out: SampleSet = { samples: {}, problems: [] };
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).filter((n) => /\.ya?ml$/.test(n)).sort()) {
    const file = `samples/${name}`;
    try {
      const body = parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown> | null;
      if (!isPlain(body) || typeof body.flow !== 'string') throw new Error('a sample file needs `flow: <flow id>`');
      out.samples[body.flow] = {
        file,
        flow: body.flow,
        params: isPlain(body.params) ? (body.params as Record<string, string>) : {},
        users: isPlain(body.users) ? (body.users as Record<string, Record<string, unknown>>) : {},
        record: isPlain(body.record) ? body.record : {},
        statuses: isPlain(body.statuses) ? (body.statuses as Record<string, Record<string, unknown>>) : {},
      };
    } catch (e) {
      const pos = (e as { linePos?: { line: number; col: number }[] }).linePos?.[0];
      out.problems.push({ file, line: pos?.line ?? 1, column: pos?.col ?? 1, message: e instanceof Error ? e.message.split('\n')[0] : String(e) });
    }
  }
  return out;
}

/** What the preview renders: the path, the record at the chosen status, the user of the chosen role. */
export interface PreviewSetup {
  path: string;
  record: Record<string, unknown>;
  user: Record<string, unknown> | null;
  status?: string;
  role: string;
  /** The sample file used (`samples/<flow>.yaml`), when the record is the file's. */
  sample?: string;
  /** The seed's scenario the record is (the API server holds its application and login), when it is one. */
  scenario?: { key: string; summary: string; applicationId: string };
  /** The records the menu offers for this flow at this status: scenario keys, and `file` for the sample file. */
  records: { key: string; summary: string }[];
  /** The flow's status field and the status written to it (the preview writes it over a record the API answers too). */
  statusField?: string;
}

/** The menu's key of the sample file's record. */
export const FILE_RECORD = 'file';

/** A user for a role the sample does not name. */
const PLAIN_USER = { id: 'studio-user', firstName: 'Sample', lastName: 'User', email: 'sample.user@studio.example' };

/** The role that means "nobody signed in". */
export const ANONYMOUS = 'anonymous';

function setPath(record: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...record, [head]: value };
  const inner = isPlain(record[head]) ? (record[head] as Record<string, unknown>) : {};
  return { ...record, [head]: setPath(inner, rest.join('.'), value) };
}

/**
 * The preview of `step` of `flow` at `status` (default the step's own) for `role` (a role of the flow,
 * `signedIn`, or `anonymous`): the sample's record with the status written to the flow's status field,
 * and the sample's user for that role.
 */
export function previewSetup(
  defs: DefinitionSet, samples: SampleSet, scenarios: ScenarioSample[],
  query: { flow: string; step?: string; status?: string; role?: string; record?: string; region?: string },
): PreviewSetup | undefined {
  const flow = defs.flows[query.flow];
  if (!flow) return undefined;
  const stepId = query.step && flow.steps[query.step] ? query.step : flow.initial;
  const step = flow.steps[stepId];
  const sample = samples.samples[flow.id];
  const stepStatus = Array.isArray(step?.status) ? step.status[0] : step?.status;
  const status = query.status || stepStatus || flow.status?.initial;
  const field = flow.status?.field;
  const fitting = samplesFor(scenarios, field, status, query.region, [flow.id, stepId]);
  const records = [...fitting.map((s) => ({ key: s.key, summary: s.summary })), ...(sample ? [{ key: FILE_RECORD, summary: sample.file }] : [])];
  const scenario = query.record === FILE_RECORD && sample ? undefined
    : fitting.find((s) => s.key === query.record) ?? scenarios.find((s) => s.key === query.record) ?? (sample && !fitting.length ? undefined : fitting[0]);
  if (scenario) {
    const record = status && field ? setPath(structuredClone(scenario.record), field, status) : structuredClone(scenario.record);
    const role = query.role || scenario.role;
    const params = { ...Object.fromEntries((stepPattern(flow, stepId).match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), 'sample'])), applicationId: scenario.applicationId };
    return {
      path: fillRoute(stepPattern(flow, stepId), params), record, user: role === ANONYMOUS ? null : scenario.user, ...(status ? { status } : {}), role,
      scenario: { key: scenario.key, summary: scenario.summary, applicationId: scenario.applicationId }, records, ...(field ? { statusField: field } : {}),
    };
  }
  let record = structuredClone(sample?.record ?? {});
  if (status && sample?.statuses[status]) record = deepMerge(record, sample.statuses[status]);
  if (status && flow.status?.field) record = setPath(record, flow.status.field, status);
  const role = query.role || step?.roles?.[0] || (sample && Object.keys(sample.users)[0]) || 'signedIn';
  const user = role === ANONYMOUS ? null : { ...PLAIN_USER, ...(sample?.users[role] ?? {}) };
  const params = { ...Object.fromEntries((stepPattern(flow, stepId).match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), 'sample'])), ...(sample?.params ?? {}) };
  return { path: fillRoute(stepPattern(flow, stepId), params), record, user, ...(status ? { status } : {}), role, ...(sample ? { sample: sample.file } : {}), records, ...(field ? { statusField: field } : {}) };
}
