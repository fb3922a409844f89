/** Edit distance between two strings where swapping two neighbouring letters is one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * How plausibly `word` is a slip for `candidate` (lower is closer), or undefined when it is not one:
 * the edit distance (case ignored) within a quarter of the word's length (at least one edit), or
 * one name cut short of the other (`country` for `countryCode`, `okay` for `ok`) when the shorter
 * keeps at least a third of the longer.
 */
function slip(word: string, candidate: string, prefixes: boolean): number | undefined {
  const a = word.toLowerCase();
  const b = candidate.toLowerCase();
  const distance = editDistance(a, b);
  if (distance <= Math.max(1, Math.floor(word.length / 4))) return distance;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (prefixes && short.length >= 2 && long.startsWith(short) && short.length * 3 >= long.length) return distance + 0.5;
  return undefined;
}

/** The closest candidate to `word` when it is plausibly a typo of it (or, with `prefixes`, a name cut short), else undefined. */
export function closest(word: string, candidates: Iterable<string>, prefixes = true): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const score = slip(word, candidate, prefixes);
    if (score !== undefined && score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** A fix hint: "did you mean 'x'?" when a close candidate exists, else the list of known names. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const list = [...new Set(candidates)];
  const match = closest(word, list);
  if (match !== undefined) return `did you mean '${match}'?`;
  if (list.length === 0) return 'none is defined';
  const shown = list.slice(0, 12).map((c) => `'${c}'`).join(', ');
  return `known: ${shown}${list.length > 12 ? ', ...' : ''}`;
}
