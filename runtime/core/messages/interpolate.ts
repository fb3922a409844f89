import { getPath } from '../source/pointer';

/** A `{name}` or `{dotted.path}` placeholder in a catalogue text. */
const PLACEHOLDER = /\{([A-Za-z0-9_.]+)\}/g;

/** The placeholder names a text uses, in order, each once (`'{a} of {b.c} {a}'` -> `['a', 'b.c']`). */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * Fill `{name}` placeholders with `lookup(name)`. A placeholder nothing fills (undefined or null)
 * renders empty, never as written, and is reported to `onMissing` (lint reports it before it can happen).
 */
export function fillPlaceholders(text: string, lookup: (name: string) => unknown, onMissing?: (name: string) => void): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = lookup(name);
    if (value !== undefined && value !== null) return String(value);
    onMissing?.(name);
    return '';
  });
}

/** Replace `{path}` placeholders with values read from params (dotted paths); unfilled ones render empty. */
export function interpolate(text: string, params: Record<string, unknown> | undefined, onMissing?: (name: string) => void): string {
  return fillPlaceholders(text, (name) => getPath(params, name), onMissing);
}
