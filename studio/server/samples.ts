/**
 * Sample records for the studio's preview: `samples/<flow>.yaml` beside the definitions (one file per
 * flow, not a definition: the server never reads it). A file gives the route params, a user per role,
 * a base record, and per status what the record holds on top of it (`statuses`); the studio sets the
 * flow's status field to the status chosen. Format: `samples/README.md`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fillRoute, stepPattern } from '../../runtime/core/flow';
import type { DefinitionSet } from '../../runtime/core/types';
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
  sample?: string;
}

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
export function previewSetup(defs: DefinitionSet, samples: SampleSet, query: { flow: string; step?: string; status?: string; role?: string }): PreviewSetup | undefined {
  const flow = defs.flows[query.flow];
  if (!flow) return undefined;
  const stepId = query.step && flow.steps[query.step] ? query.step : flow.initial;
  const step = flow.steps[stepId];
  const sample = samples.samples[flow.id];
  const stepStatus = Array.isArray(step?.status) ? step.status[0] : step?.status;
  const status = query.status || stepStatus || flow.status?.initial;
  let record = structuredClone(sample?.record ?? {});
  if (status && sample?.statuses[status]) record = deepMerge(record, sample.statuses[status]);
  if (status && flow.status?.field) record = setPath(record, flow.status.field, status);
  const role = query.role || step?.roles?.[0] || (sample && Object.keys(sample.users)[0]) || 'signedIn';
  const user = role === ANONYMOUS ? null : { ...PLAIN_USER, ...(sample?.users[role] ?? {}) };
  const params = { ...Object.fromEntries((stepPattern(flow, stepId).match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), 'sample'])), ...(sample?.params ?? {}) };
  return { path: fillRoute(stepPattern(flow, stepId), params), record, user, ...(status ? { status } : {}), role, ...(sample ? { sample: sample.file } : {}) };
}
