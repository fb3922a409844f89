/** What the browser console shows before every runtime warning about definitions. */
export const WARNING_PREFIX = '[fleetform]';

/** Reports a text that could not be shown in full (a missing key, an unfilled placeholder). */
export type MissingText = (what: string) => void;

/**
 * A {@link MissingText} that warns once per distinct problem, prefixed {@link WARNING_PREFIX}
 * (lint reports these before they can happen; a page re-rendering must not flood the console).
 */
export function warnMissingText(warn: (message: string) => void = (m) => console.warn(m)): MissingText {
  const seen = new Set<string>();
  return (what) => {
    if (seen.has(what)) return;
    seen.add(what);
    warn(`${WARNING_PREFIX} ${what}`);
  };
}
