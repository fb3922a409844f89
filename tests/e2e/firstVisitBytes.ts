/**
 * The one measure of a first visit's code (issue 16): every script and definition file a cold browser
 * requests from opening a page until its main action has worked, as gzip bytes of the built files in
 * dist/. The page is opened in a fresh context (empty cache), the action is done as a user does it, and
 * the count stops when the action's effect is on screen; lazy chunks the action needed are counted,
 * chunks fetched later are not. The test (firstVisitBytes.spec.ts) holds the budgets; the bench
 * (bench/ratebook.ts) prints the same figures.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { appReady } from './page';

const DIST = resolve(import.meta.dirname, '../../dist');

/** A file counted: its path and gzip bytes. */
export interface CountedFile { path: string; gzipBytes: number }

/** What a first visit cost. */
export interface FirstVisit { files: CountedFile[]; kb: number; scripts: number; definitions: number }

/** Scripts and definition data: what the build emits under /assets/ as .js or .json. */
const COUNTED = /^\/assets\/.+\.(m?js|json)$/;

const gzipCache = new Map<string, number>();
const gzipBytes = (path: string): number => {
  let bytes = gzipCache.get(path);
  if (bytes === undefined) gzipCache.set(path, (bytes = gzipSync(readFileSync(join(DIST, path)), { level: 9 }).length));
  return bytes;
};

/**
 * Opens `address` in a new context of `browser` (cold cache), does `action` on the page (which returns once
 * its effect shows) and counts the scripts and definition files requested until then. `prepare` runs on the
 * new context first (e.g. to add a session cookie).
 */
export async function firstVisitBytes(
  browser: Browser,
  address: string,
  action: (page: Page) => Promise<void>,
  prepare?: (page: Page) => Promise<void>,
): Promise<FirstVisit> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (prepare) await prepare(page);
    const requested = new Set<string>();
    let counting = true;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (counting && COUNTED.test(path)) requested.add(path);
    });
    await page.goto(address);
    await action(page);
    counting = false;
    const files = [...requested].map((path) => ({ path, gzipBytes: gzipBytes(path) }));
    return {
      files,
      kb: files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024,
      scripts: files.filter((f) => /\.m?js$/.test(f.path)).length,
      definitions: files.filter((f) => f.path.endsWith('.json')).length,
    };
  } finally {
    await context.close();
  }
}

/** The texts an action finds its controls by (from the definitions: `layersFor(...).text`). */
export type TextOf = (key: string) => string;

/** /calculator's main action, once the app has the page: a body type chosen and Next, until the results show vehicle cards. */
export async function searchVehicles(page: Page): Promise<void> {
  await appReady(page);
  await page.getByRole('checkbox', { name: 'SUV', exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/calculator\/results\?/);
  await page.locator('article').first().waitFor();
}

/** /login's main action: a sign-in submitted with Enter, until its answer (a refusal for an unknown user) shows. */
export const signIn = (text: TextOf) => async (page: Page): Promise<void> => {
  const input = (key: string) => page.getByRole('textbox', { name: text(key), exact: true });
  // The server's markup shows first; the form answers once the app has the page, as a user finds it.
  await appReady(page);
  await input('account.login.email').fill('nobody.first-visit@demo.example');
  await input('account.login.password').fill('not-the-password-1');
  await input('account.login.password').press('Enter');
  await page.getByRole('alert').first().waitFor();
};

/** One log line: size, file count and the largest files. */
export function describeFirstVisit({ files, kb }: FirstVisit): string {
  const largest = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, Number(process.env.FIRST_VISIT_LIST ?? 6))
    .map((f) => `${f.path.replace('/assets/', '')} ${(f.gzipBytes / 1024).toFixed(1)}`).join(', ');
  return `${kb.toFixed(1)} kB gzip in ${files.length} files (largest: ${largest})`;
}
