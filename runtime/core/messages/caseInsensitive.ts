const swap = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
const isLetter = (c: string) => c.toLowerCase() !== c.toUpperCase();

/**
 * Rewrite a regular expression so it matches case-insensitively without the `i` flag
 * (JSON Schema `pattern` has no flags): `nsw` -> `[nN][sS][wW]`, `[a-z]` -> `[a-zA-Z]`.
 */
export function caseInsensitivePattern(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if ('pPuk'.includes(next) && (pattern[i + 2] === '{' || pattern[i + 2] === '<')) {
        const close = pattern.indexOf(pattern[i + 2] === '{' ? '}' : '>', i);
        out += pattern.slice(i, close + 1);
        i = close + 1;
      } else {
        out += c + next;
        i += 2;
      }
    } else if (c === '(' && pattern.startsWith('(?<', i) && !/^\(\?<[=!]/.test(pattern.slice(i, i + 4))) {
      const close = pattern.indexOf('>', i);
      out += pattern.slice(i, close + 1);
      i = close + 1;
    } else if (c === '[') {
      const end = classEnd(pattern, i);
      out += expandClass(pattern.slice(i, end + 1));
      i = end + 1;
    } else {
      out += isLetter(c) ? `[${c}${swap(c)}]` : c;
      i += 1;
    }
  }
  return out;
}

function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i;
}

function expandClass(cls: string): string {
  const body = cls.slice(1, -1);
  let extra = '';
  let i = body.startsWith('^') ? 1 : 0;
  while (i < body.length) {
    if (body[i] === '\\') {
      i += 2;
      continue;
    }
    const c = body[i];
    if (body[i + 1] === '-' && i + 2 < body.length && body[i + 2] !== '\\') {
      const d = body[i + 2];
      if (isLetter(c) && isLetter(d)) extra += `${swap(c)}-${swap(d)}`;
      i += 3;
      continue;
    }
    if (isLetter(c)) extra += swap(c);
    i += 1;
  }
  return `[${body}${extra}]`;
}
