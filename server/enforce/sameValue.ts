/** JSON equality of a stored value and a written one (key order ignored; absent and null are the same). */
export function sameValue(stored: unknown, written: unknown): boolean {
  if ((stored === undefined || stored === null) && (written === undefined || written === null)) return true;
  return equalJson(stored, written);
}

function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equalJson(v, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equalJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
