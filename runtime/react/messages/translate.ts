import { getPath } from '../../core/source/pointer';

/** Resolves a message key to text, filling `{path}` placeholders from `vars` (dotted paths). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * A translator over a merged catalogue. An unknown key renders as the key itself (lint reports
 * dangling keys before this can happen) so a missing text is visible, never blank.
 */
export function createTranslate(messages: Record<string, string>, base: Record<string, unknown> = {}): Translate {
  return (key, vars) => {
    const template = messages[key];
    if (template === undefined) return key;
    return template.replace(/\{([A-Za-z0-9_.]+)\}/g, (whole, path: string) => {
      const value = vars && path in vars ? vars[path] : getPath(vars, path) ?? getPath(base, path);
      return value === undefined || value === null ? whole : String(value);
    });
  };
}
