/**
 * Property names that reach an object's prototype machinery rather than its own data. No record, state,
 * settings or schema path names one, so every path walk treats them alike: reads through them answer
 * undefined (never `Object.prototype` or a constructor), writes through them throw
 * {@link PrototypePathError} (a write would otherwise change the prototype of every object).
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `segment` is one of the prototype names (`__proto__`, `constructor`, `prototype`). */
export const isPrototypeName = (segment: string): boolean => PROTOTYPE_NAMES.has(segment);

/** Whether any segment of the dotted `path` is a prototype name. */
export const hasPrototypeSegment = (path: string): boolean => path.split('.').some(isPrototypeName);

/** A path write refused because a segment names a prototype. */
export class PrototypePathError extends Error {
  constructor(
    readonly path: string,
    readonly segment: string,
  ) {
    super(`'${path}' is not a writable path: '${segment}' names an object's prototype`);
    this.name = 'PrototypePathError';
  }
}

/**
 * The segments of a dotted path a write walks; throws {@link PrototypePathError} when one is a
 * prototype name. Every setter of a dotted path splits it with this.
 * @example writableSegments('a.b') // ['a', 'b']; writableSegments('__proto__.x') throws
 */
export function writableSegments(path: string): string[] {
  const segments = path.split('.');
  const bad = segments.find(isPrototypeName);
  if (bad !== undefined) throw new PrototypePathError(path, bad);
  return segments;
}

/** Escape one JSON-pointer segment (RFC 6901). */
export function escapeSegment(segment: string): string {
  // Most segments hold neither: answered without the two replaces (lint and the loader build pointers by the million).
  return segment.includes('~') || segment.includes('/') ? segment.replace(/~/g, '~0').replace(/\//g, '~1') : segment;
}

/** Unescape one JSON-pointer segment. */
export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Build a JSON pointer from segments. */
export function toPointer(segments: (string | number)[]): string {
  let pointer = '';
  for (const s of segments) pointer += '/' + (typeof s === 'string' ? escapeSegment(s) : String(s));
  return pointer;
}

/** Split a JSON pointer into segments. */
export function fromPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer.slice(1).split('/').map(unescapeSegment);
}

/** Read the value at a JSON pointer, or undefined (also through a prototype name). */
export function getAtPointer(value: unknown, pointer: string): unknown {
  let current: unknown = value;
  for (const segment of fromPointer(pointer)) {
    if (current === null || typeof current !== 'object' || PROTOTYPE_NAMES.has(segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Read a dotted path (`a.b.0.c`) from a value, or undefined (also through a prototype name). */
export function getPath(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current: unknown = value;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || PROTOTYPE_NAMES.has(segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * Return a copy of `value` with `path` (dotted) set; containers on the way are copied, not mutated.
 * Throws {@link PrototypePathError} for a path through a prototype name.
 */
export function setPath<T>(value: T, path: string, next: unknown): T {
  const segments = writableSegments(path);
  const write = (node: unknown, index: number): unknown => {
    if (index === segments.length) return next;
    const key = segments[index];
    const base = node !== null && typeof node === 'object' ? node : /^\d+$/.test(key) ? [] : {};
    const copy: Record<string, unknown> = Array.isArray(base) ? ([...base] as unknown as Record<string, unknown>) : { ...(base as Record<string, unknown>) };
    copy[key] = write((base as Record<string, unknown>)[key], index + 1);
    return copy;
  };
  return write(value, 0) as T;
}
