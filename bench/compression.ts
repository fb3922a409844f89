/**
 * `npm run bench:compression`: what compressing a JSON response costs and saves, per size, at the
 * per-request settings of server/http/contentEncoding.ts. Two bodies shaped like GraphQL answers: a
 * page of rate-book rows (numbers and short strings) and a definitions bundle (texts). Prints, per
 * size, microseconds of CPU per response for brotli and gzip and the bytes each saves; the size from
 * which compression pays is where the bytes saved reach one TCP segment (~1.4 kB: one round trip
 * fewer on a cold connection) at a cost well under the request's own (~100 us, bench:graphql).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressNow, type Coding } from '../server/http/contentEncoding';
import { ratebookRows } from '../server/seed/ratebook';

const ROOT = join(import.meta.dirname, '..');
const SIZES = [256, 512, 1024, 1500, 2048, 4096, 8192, 32_768, 131_072];

const rows = JSON.stringify({ data: { ratebook: { rows: [...ratebookRows(2000)] } } });
const texts = readFileSync(join(ROOT, '.generated/bundles/au.json'), 'utf8');

/** Microseconds of CPU per compression of `body` (median of 5 batches). */
function cost(body: Buffer, coding: Coding): number {
  const runs = Math.max(20, Math.floor(2_000_000 / body.byteLength));
  const batches: number[] = [];
  for (let b = 0; b < 5; b++) {
    const start = process.cpuUsage();
    for (let i = 0; i < runs; i++) compressNow(body, coding);
    const used = process.cpuUsage(start);
    batches.push((used.user + used.system) / runs);
  }
  return batches.sort((x, y) => x - y)[2];
}

console.log('body  size     br us  br saved  gzip us  gzip saved');
for (const [name, source] of [['rows', rows], ['texts', texts]] as const) {
  for (const size of SIZES) {
    if (size > source.length) continue;
    const body = Buffer.from(source.slice(0, size));
    const line = [name.padEnd(5), String(size).padStart(6)];
    for (const coding of ['br', 'gzip'] as const) {
      line.push(cost(body, coding).toFixed(1).padStart(coding === 'br' ? 8 : 8), String(size - compressNow(body, coding).byteLength).padStart(coding === 'br' ? 9 : 11));
    }
    console.log(line.join(' '));
  }
}
