/**
 * Paging of the calculator's results (spec 002 s2 'a pager ... and range text like 1-25 of N'): the last
 * page of a result count, so a page past the end can go there (the first when nothing matched).
 */

/** The last page (1-based) of `total` results at `pageSize` a page; 1 when there are none (or the input is no number). */
export function lastPage(total: unknown, pageSize: unknown): number {
  const n = Number(total);
  const size = Number(pageSize);
  if (!Number.isFinite(n) || n <= 0 || !Number.isFinite(size) || size <= 0) return 1;
  return Math.ceil(n / size);
}
