/**
 * Initial JS: the gzip size of every script the page requested before its first render (the
 * moment React first inserts into #root, caught synchronously by wrapping DOM insertion), measured
 * in Chromium with resource timing; rjsf, validators and Apollo must not be among them.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expectEqual, test } from './harness';

const DIST = resolve(import.meta.dirname, '../../dist');
/** Budget for the initial JS (gzip kB); stock rjsf + Fluent measured 287 kB. */
const BUDGET_KB = 200;

test('initial JS before first render is small and carries no form or GraphQL code', async ({ page, url }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstRender?: number };
    for (const method of ['appendChild', 'insertBefore'] as const) {
      const original = Node.prototype[method] as (...args: unknown[]) => unknown;
      (Node.prototype as unknown as Record<string, unknown>)[method] = function (this: Node, ...args: unknown[]) {
        if (w.__firstRender === undefined && (this as Element).id === 'root') w.__firstRender = performance.now();
        return original.apply(this, args);
      };
    }
  });
  await page.goto(url('au.localhost', '/applications/A-1/order-verification'));
  await page.locator('main[data-step]').waitFor();
  const scripts = await page.evaluate(() => {
    const first = (window as unknown as { __firstRender: number }).__firstRender;
    return performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && e.startTime <= first)
      .map((e) => new URL(e.name).pathname);
  });
  const kb = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(join(DIST, path))).length, 0) / 1024;
  console.log(`      initial JS: ${kb.toFixed(1)} kB gzip in ${scripts.length} files (${scripts.map((s) => s.replace('/assets/', '')).join(', ')})`);
  expectEqual(scripts.filter((s) => /FormView|validators|graphql/.test(s)), [], 'no form, validator or GraphQL chunk before first render');
  if (kb > BUDGET_KB) throw new Error(`initial JS ${kb.toFixed(1)} kB gzip exceeds ${BUDGET_KB} kB`);
});
