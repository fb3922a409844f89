import { escapeSegment, isPrototypeName } from '../source/pointer';

/** Who wrote a merged pointer: layer, file and the pointer inside that file. */
export interface WriteRecord {
  layer?: string;
  file: string;
  pointer: string;
}

/** Merged pointer -> the record of the layer that last set it wholesale. */
export type WriteLog = Map<string, WriteRecord>;

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isIdList = (v: unknown): v is Record<string, unknown>[] =>
  Array.isArray(v) && v.every((item) => isPlain(item) && (typeof item.id === 'string' || typeof item.id === 'number'));

function forget(log: WriteLog, pointer: string): void {
  for (const key of log.keys()) if (key === pointer || key.startsWith(pointer + '/')) log.delete(key);
}

/**
 * Merge `source` into `target` (mutating `target`, which the caller owns): maps merge by key, lists
 * of objects with `id` merge by id, everything else replaces. Every wholesale write is logged.
 */
export function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>, at: { merged: string; file: string; pointer: string; layer?: string }, log: WriteLog): void {
  for (const [key, value] of Object.entries(source)) {
    // A YAML key `__proto__` (or `constructor`, `prototype`) is an own key of the parsed layer: merging it would walk into Object.prototype.
    if (isPrototypeName(key)) continue;
    const merged = `${at.merged}/${escapeSegment(key)}`;
    const pointer = `${at.pointer}/${escapeSegment(key)}`;
    const current = target[key];
    if (isPlain(value) && isPlain(current)) {
      mergeInto(current, value, { ...at, merged, pointer }, log);
    } else if (isIdList(value) && isIdList(current) && value.length > 0) {
      mergeList(current, value, { ...at, merged, pointer }, log);
    } else {
      target[key] = structuredClone(value);
      // Only a replaced map or list can have writes logged under it (a scalar's own record is overwritten below).
      if (current !== null && typeof current === 'object') forget(log, merged);
      log.set(merged, { layer: at.layer, file: at.file, pointer });
    }
  }
}

function mergeList(target: Record<string, unknown>[], source: Record<string, unknown>[], at: { merged: string; file: string; pointer: string; layer?: string }, log: WriteLog): void {
  source.forEach((item, sourceIndex) => {
    const index = target.findIndex((existing) => existing.id === item.id);
    const pointer = `${at.pointer}/${sourceIndex}`;
    if (index >= 0) {
      mergeInto(target[index], item, { ...at, merged: `${at.merged}/${index}`, pointer }, log);
    } else {
      target.push(structuredClone(item));
      log.set(`${at.merged}/${target.length - 1}`, { layer: at.layer, file: at.file, pointer });
    }
  });
}
