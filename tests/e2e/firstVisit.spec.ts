/**
 * First visit: the requests a browser with an empty cache makes until the sign-in page is shown
 * (anonymous) and until a signed-in user's landing renders. The brand's texts and settings arrive in
 * the page itself (`<script type="application/json" id="app-config">`), so there is no `/brand.json`
 * request and the region bundle is asked for with the first scripts, not after a round trip.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/** The same-origin requests of a page from `goto` until `selector` shows, in order. */
async function firstVisit(page: Page, address: string, selector: string): Promise<string[]> {
  const seen: string[] = [];
  const note = (r: Request) => {
    const u = new URL(r.url());
    if (u.origin === new URL(address).origin) seen.push(`${r.method()} ${u.pathname}`);
  };
  page.on('request', note);
  await page.goto(address);
  await page.locator(selector).first().waitFor();
  await page.waitForLoadState('networkidle');
  page.off('request', note);
  return seen;
}

test('first visit: the page carries the brand (no /brand.json request)', async ({ page, url, login }, testInfo) => {
  const anonymous = await firstVisit(page, url('au.localhost', '/login'), 'main form');
  const { redirectTo } = await login(page, 'primary.finished.au@demo.example');
  const signedIn = await firstVisit(page, url('au.localhost', '/'), 'main[data-step]');
  // The session and the application loaded: the user is on their application's home, not the error page.
  await expect(page).toHaveURL((u) => u.pathname.startsWith(redirectTo ?? '-'));
  const report = `anonymous /login: ${anonymous.length} requests; signed-in /: ${signedIn.length} requests`;
  testInfo.annotations.push({ type: 'first visit', description: report });
  console.log(`${report}\n  anonymous: ${anonymous.join(', ')}\n  signed in: ${signedIn.join(', ')}`);
  expect(anonymous.filter((r) => r.endsWith('/brand.json'))).toEqual([]);
  expect(signedIn.filter((r) => r.endsWith('/brand.json'))).toEqual([]);
});
