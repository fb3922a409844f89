/** Upload rules from the definitions (`settings.uploads`, messages/uploads.yaml): slots, their types and counts, the per-application limit. */
import { schemaAtPath } from '../../runtime/core/messages';
import type { JsonSchema, ResolvedLayers } from '../../runtime/core/types';
import { RECORD_SCHEMAS } from '../enforce';
import { INSPECTED_TYPES, isInspectedType } from './inspect';

/** A place in the application record that files are attached to. */
export interface UploadSlot {
  /** Setting key, e.g. `financialStatements`. */
  id: string;
  /** Record path pattern; `*` matches any one property. */
  path: string;
  /** MIME types the slot takes. */
  accept: string[];
  /** `maxFiles` as set, else undefined (then the schema decides). */
  maxFiles?: number;
}

/** The rules of one layer selection. */
export interface UploadRules {
  maxFilesPerApplication: number;
  slots: UploadSlot[];
  /** Every type some slot takes (what an upload naming no slot may be). */
  accept: ReadonlySet<string>;
}

const cache = new WeakMap<ResolvedLayers, UploadRules>();

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The upload rules of a layer selection (cached per resolved layers). */
export function uploadRulesOf(layers: ResolvedLayers): UploadRules {
  const hit = cache.get(layers);
  if (hit) return hit;
  const raw = isRecord(layers.settings.uploads) ? layers.settings.uploads : {};
  const slots: UploadSlot[] = Object.entries(isRecord(raw.slots) ? raw.slots : {}).flatMap(([id, s]) =>
    isRecord(s) && typeof s.path === 'string'
      ? [{ id, path: s.path, accept: Array.isArray(s.accept) ? s.accept.filter((t): t is string => typeof t === 'string' && isInspectedType(t)) : [], maxFiles: typeof s.maxFiles === 'number' ? s.maxFiles : undefined }]
      : [],
  );
  const max = raw.maxFilesPerApplication;
  const rules: UploadRules = {
    maxFilesPerApplication: typeof max === 'number' && max >= 0 ? max : 0,
    slots,
    accept: new Set(slots.flatMap((s) => s.accept)),
  };
  cache.set(layers, rules);
  return rules;
}

/** Whether a concrete record path matches a slot pattern. */
const matches = (pattern: string, path: string): boolean => {
  const a = pattern.split('.');
  const b = path.split('.');
  return a.length === b.length && a.every((seg, i) => seg === '*' || seg === b[i]);
};

/** The schema node of a concrete record path, or undefined. */
function schemaOf(layers: ResolvedLayers, path: string): JsonSchema | undefined {
  const [root, ...rest] = path.split('.');
  const whole = RECORD_SCHEMAS[root] ? layers.schemas[RECORD_SCHEMAS[root]] : undefined;
  return whole ? schemaAtPath(whole, rest.join('.')) : undefined;
}

/** The slot of a concrete record path and how many files it holds, or undefined when no slot (or schema node) matches. */
export function slotAt(layers: ResolvedLayers, path: string): { slot: UploadSlot; maxFiles: number } | undefined {
  if (path.includes('*')) return undefined;
  const slot = uploadRulesOf(layers).slots.find((s) => matches(s.path, path));
  const node = slot ? schemaOf(layers, path) : undefined;
  if (!slot || !node) return undefined;
  if (slot.maxFiles !== undefined) return { slot, maxFiles: slot.maxFiles };
  const type = node.type;
  const isArray = type === 'array' || (Array.isArray(type) && type.includes('array'));
  return { slot, maxFiles: isArray ? (typeof node.maxItems === 'number' ? node.maxItems : 0) : 1 };
}

/** Concrete record paths of a pattern: each `*` expanded to the properties of the schema there. */
function concretePaths(layers: ResolvedLayers, pattern: string): string[] {
  let paths = [''];
  for (const seg of pattern.split('.')) {
    paths = paths.flatMap((prefix) => {
      if (seg !== '*') return [prefix ? `${prefix}.${seg}` : seg];
      const props = prefix ? schemaOf(layers, prefix)?.properties : undefined;
      return isRecord(props) ? Object.keys(props).map((k) => `${prefix}.${k}`) : [];
    });
  }
  return paths;
}

/** Problems of the upload settings of a layer selection (lint and tests): unknown types, paths the schema lacks, no count. */
export function uploadRuleProblems(layers: ResolvedLayers): string[] {
  const problems: string[] = [];
  const raw = isRecord(layers.settings.uploads) ? layers.settings.uploads : undefined;
  if (!raw) return ['settings.uploads is missing'];
  if (typeof raw.maxFilesPerApplication !== 'number' || raw.maxFilesPerApplication < 1) problems.push('settings.uploads.maxFilesPerApplication must be a positive number');
  for (const [id, s] of Object.entries(isRecord(raw.slots) ? raw.slots : {})) {
    if (!isRecord(s) || typeof s.path !== 'string') {
      problems.push(`slot ${id}: no path`);
      continue;
    }
    for (const t of Array.isArray(s.accept) ? s.accept : []) if (!isInspectedType(String(t))) problems.push(`slot ${id}: the server cannot inspect '${String(t)}' (it inspects ${INSPECTED_TYPES.join(', ')})`);
    if (!Array.isArray(s.accept) || s.accept.length === 0) problems.push(`slot ${id}: accept lists no type`);
    const found = concretePaths(layers, s.path).map((p) => slotAt(layers, p)).find((f) => f !== undefined);
    if (!found) problems.push(`slot ${id}: '${s.path}' is not a path of the record schemas`);
    else if (found.maxFiles < 1) problems.push(`slot ${id}: '${s.path}' sets no maxItems and the slot no maxFiles`);
  }
  return problems;
}
