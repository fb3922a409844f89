import type { FormatDef } from '../types';
import { getPath } from '../source/pointer';

const PLACEHOLDER = /\{settings\.([A-Za-z0-9_.]+)\}/g;

/** Escape characters so they stand for themselves inside a regular-expression character class. */
const inClass = (text: string) => text.replace(/[\\\][^-]/g, (c) => `\\${c}`);

/**
 * Named formats with `{settings.<path>}` in their pattern filled from the merged settings: the setting's
 * characters, escaped for a character class (a layer widens or narrows a rule, e.g. the name format's
 * extra characters, by a setting). A missing or non-text setting is reported and fills nothing.
 * @example fillFormatSettings({ name: { pattern: "^[a-z{settings.extra}]+$", message: 'm' } }, { extra: '-' }, onError)
 */
export function fillFormatSettings(formats: Record<string, FormatDef>, settings: Record<string, unknown>, onError: (name: string, path: string) => void): Record<string, FormatDef> {
  const out: Record<string, FormatDef> = {};
  for (const [name, format] of Object.entries(formats)) {
    if (typeof format?.pattern !== 'string' || !format.pattern.includes('{settings.')) {
      out[name] = format;
      continue;
    }
    const pattern = format.pattern.replace(PLACEHOLDER, (_, path: string) => {
      const value = getPath(settings, path);
      if (typeof value === 'string') return inClass(value);
      onError(name, path);
      return '';
    });
    out[name] = { ...format, pattern };
  }
  return out;
}
