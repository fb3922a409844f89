/**
 * Initial JS of a page: the gzip size of every script requested before its first render (the
 * moment React first inserts into #root, caught synchronously by wrapping DOM insertion), measured
 * in Chromium with resource timing against the built files in dist/.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

const DIST = resolve(import.meta.dirname, '../../dist');

/** Opens `address`, waits for `ready`, and returns the scripts loaded before the first render and their gzip kB. */
export async function initialJs(page: Page, address: string, ready: string): Promise<{ scripts: string[]; kb: number }> {
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
  await page.goto(address);
  await page.locator(ready).waitFor();
  const scripts = await page.evaluate(() => {
    const first = (window as unknown as { __firstRender: number }).__firstRender;
    return performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && e.startTime <= first)
      .map((e) => new URL(e.name).pathname);
  });
  const kb = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(join(DIST, path))).length, 0) / 1024;
  return { scripts, kb };
}

/** One log line: size, file count and names. */
export const describeInitialJs = ({ scripts, kb }: { scripts: string[]; kb: number }): string =>
  `${kb.toFixed(1)} kB gzip in ${scripts.length} files (${scripts.map((s) => s.replace('/assets/', '')).join(', ')})`;
