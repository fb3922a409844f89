import { defineFunction } from './defineFunction';

const positive = (value: unknown): number | undefined => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The last page (1-based) of `total` results at `pageSize` a page; 1 when there are none (or no numbers). */
export const lastPage = defineFunction({
  name: 'lastPage',
  signature: '(total: number, pageSize: number) => number',
  description: 'the last page of total results at pageSize a page (1 when none), e.g. to move a page past the end there',
  fn: (total: unknown, pageSize: unknown): number => {
    const n = positive(total);
    const size = positive(pageSize);
    return n && size ? Math.ceil(n / size) : 1;
  },
});

/** `{ from, to, total }` of a page (1-based, `to` at most `total`), for range texts like '1-25 of 60'. */
export const pageRange = defineFunction({
  name: 'pageRange',
  signature: '(page: number, pageSize: number, total: number) => object',
  description: "{ from, to, total } of a page (to at most total), e.g. the vars of a '1-25 of 60' text",
  fn: (page: unknown, pageSize: unknown, total: unknown): { from: number; to: number; total: number } => {
    const p = positive(page) ?? 1;
    const size = positive(pageSize) ?? 1;
    const count = positive(total) ?? 0;
    return { from: (p - 1) * size + 1, to: Math.min(p * size, count), total: count };
  },
});
