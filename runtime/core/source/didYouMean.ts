/** Levenshtein edit distance between two strings. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
    }
  }
  return row[b.length];
}

/** The closest candidate to `word` when it is plausibly a typo of it, else undefined. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(2, Math.floor(word.length / 3));
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

/** A fix hint: "did you mean 'x'?" when a close candidate exists, else the list of known names. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const list = [...candidates];
  const match = closest(word, list);
  if (match !== undefined) return `did you mean '${match}'?`;
  if (list.length === 0) return 'none is defined';
  const shown = list.slice(0, 12).map((c) => `'${c}'`).join(', ');
  return `known: ${shown}${list.length > 12 ? ', ...' : ''}`;
}
