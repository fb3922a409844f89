/** Escape one JSON-pointer segment (RFC 6901). */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unescape one JSON-pointer segment. */
export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Build a JSON pointer from segments. */
export function toPointer(segments: (string | number)[]): string {
  return segments.map((s) => '/' + escapeSegment(String(s))).join('');
}

/** Split a JSON pointer into segments. */
export function fromPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer.slice(1).split('/').map(unescapeSegment);
}

/** Read the value at a JSON pointer, or undefined. */
export function getAtPointer(value: unknown, pointer: string): unknown {
  let current: unknown = value;
  for (const segment of fromPointer(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Read a dotted path (`a.b.0.c`) from a value, or undefined. */
export function getPath(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current: unknown = value;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Return a copy of `value` with `path` (dotted) set; containers on the way are copied, not mutated. */
export function setPath<T>(value: T, path: string, next: unknown): T {
  const segments = path.split('.');
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
