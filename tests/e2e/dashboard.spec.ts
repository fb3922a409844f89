/**
 * The calculator customer's dashboard (spec 002 s2 'Dashboard', s4 'Credit application start (dashboard)', s7) in
 * headless Chromium against the real server: AU at desktop width, a customer with no status yet changes the term, sees
 * the shortlist's rates change, starts a credit application and reaches business details (the calculator variant),
 * the CRM's stage moves read back through the sandbox; NZ at phone width, an ineligible customer told why and a
 * returning customer continuing. Fresh applications (POST /dev/applications), since each test changes its data.
 */
import { request } from 'node:http';
import type { Page } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures } from './fixtures';

const AU = layersFor({ region: 'au', brand: 'acme-au' });
const NZ = layersFor({ region: 'nz', brand: 'kiwi-nz' });
const PHONE = { width: 390, height: 844 };

/** The CRM sandbox's demo controls (/dev/crm, docs/sandboxes.md) on the test server as `host`: GET the e-mail's records, or POST `body`. */
function crmControl(host: string, email: string, body?: Record<string, unknown>): Promise<{ status: number; json: { StageName: string; moves: { from: string; to: string }[] } }> {
  const port = Number(process.env.E2E_PORT);
  const data = body ? JSON.stringify({ email, ...body }) : '';
  const path = body ? '/dev/crm' : `/dev/crm?email=${encodeURIComponent(email)}`;
  const headers = { host: `${host}:${port}`, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } : {}) };
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, method: body ? 'POST' : 'GET', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', fail);
    req.end(data);
  });
}

const cards = (page: Page) => page.locator('main [data-list="shortlist"] article[data-vehicle]');
const steps = (page: Page, tracker: string) => page.locator(`main [data-tracker="${tracker}"] li`).evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.state));

/** A fresh calculator customer signed in on `page` and on their dashboard; answers them and their first name. */
async function onDashboard(page: Page, fx: Pick<E2EFixtures, 'freshApplication' | 'login' | 'url'>, spec: { region: string; status: string; set?: Record<string, unknown> }, crm?: Record<string, unknown>) {
  const fresh = await fx.freshApplication({ ...spec, role: 'calculator' });
  if (crm) {
    expect((await crmControl(fresh.host, fresh.email, crm)).status).toBe(200);
  }
  const answer = await fx.login(page, fresh.email, { host: fresh.host, password: fresh.password });
  // Spec 002 s4 'Login routing': a calculator customer lands on the dashboard.
  expect(answer.redirectTo).toBe('/dashboard');
  await page.goto(fx.url(fresh.host, '/dashboard'));
  return { ...fresh, firstName: answer.user?.firstName ?? '' };
}

const crmOf = async (host: string, email: string) => (await crmControl(host, email)).json;

test('dashboard au desktop: the term changes the rates; Start credit application reaches business details; the CRM stage moves', async ({ page, url, login, freshApplication, shoot }) => {
  const { text } = AU;
  await page.setViewportSize({ width: 1280, height: 900 });
  const c = await onDashboard(page, { freshApplication, login, url }, { region: 'au', status: 'viewShortlist', set: { 'scoreboard.status': null } });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('dashboard.welcome', { firstName: c.firstName }));
  await expect(page.getByText(text('dashboard.subtitle'), { exact: true })).toBeVisible();
  // No status: step 1 only (002 s4); the calculator's header (Logout, Request a call).
  await expect.poll(() => steps(page, 'dashboard')).toEqual(['completed', 'pending', 'pending', 'pending', 'pending']);
  await expect(page.getByRole('button', { name: text('calculator.header.logout'), exact: true })).toBeVisible();
  // The saved shortlist at its term (48 months, the first vehicle's), weekly first; distance read only.
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByRole('radio', { name: text('calculator.term.48'), exact: true })).toBeChecked();
  const price = () => cards(page).first().locator('[data-price="primary"]').innerText();
  await expect.poll(price).toContain('/week');
  const at48 = await price();
  await page.getByRole('radio', { name: text('calculator.term.36'), exact: true }).check();
  await expect.poll(price, { message: 'the 36-month rate' }).not.toEqual(at48);
  await expect.poll(price).toContain('/week');
  // On the dashboard the opportunity at 'Needs Analysis' moved on (the server allows only that move).
  await expect.poll(async () => (await crmOf(c.host, c.email)).StageName).toBe('Quote Requested OP');
  await shoot(page, 'dashboard-au-desktop');

  const start = page.getByRole('button', { name: text('dashboard.start'), exact: true });
  await expect(start).toBeEnabled();
  await start.click();
  await page.waitForURL((u) => u.pathname === `/applications/${c.applicationId}`);
  await page.getByRole('button', { name: text('home.calculator.getStarted'), exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/applications/${c.applicationId}/businessDetails`);
  // The calculator variant of business details: this customer's applicant details come first.
  await page.getByRole('heading', { level: 1, name: text('applicantDetails.heading') }).waitFor();
  await shoot(page, 'dashboard-au-started-business-details');
  const after = await crmOf(c.host, c.email);
  expect(after.moves.map((m) => m.to)).toEqual(['Quote Requested OP', 'Deal Mobilising']);
});

test('dashboard nz phone: an ineligible customer is told why; a returning customer continues', async ({ page, url, login, freshApplication, shoot, newPage }) => {
  const { text } = NZ;
  await page.setViewportSize(PHONE);
  // A manual calculator lead with a credit total: not eligible, and all five steps show (002 s4).
  await onDashboard(page, { freshApplication, login, url }, { region: 'nz', status: 'viewShortlist' }, { manualLead: true, creditTotal: 25000 });
  await expect(page.getByText(text('dashboard.ineligible.title'), { exact: true })).toBeVisible();
  await expect(page.getByText(text('dashboard.ineligible.manualLead'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: text('dashboard.start'), exact: true })).toBeDisabled();
  await expect.poll(() => steps(page, 'dashboardCredit')).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
  await expect(cards(page)).toHaveCount(3);
  await shoot(page, 'dashboard-nz-ineligible-phone');
  // Request a call opens the calculator's dialog.
  await page.getByRole('main').getByRole('button', { name: text('calculator.callback.open'), exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(text('calculator.callback.title'));
  await page.getByRole('button', { name: text('calculator.dialog.close'), exact: true }).click();

  // A returning customer whose credit application is under way: Continue, then the application's screen.
  const returning = await newPage(PHONE);
  const c = await onDashboard(returning, { freshApplication, login, url }, { region: 'nz', status: 'businessDetails' });
  await expect.poll(() => steps(returning, 'dashboard')).toEqual(['completed', 'progress', 'pending', 'pending', 'pending']);
  await expect(returning.getByRole('button', { name: text('dashboard.start'), exact: true })).toHaveCount(0);
  await shoot(returning, 'dashboard-nz-returning-phone');
  await returning.getByRole('button', { name: text('dashboard.continue'), exact: true }).click();
  await returning.waitForURL((u) => u.pathname === `/applications/${c.applicationId}`);
  await returning.getByRole('button', { name: text('home.calculator.continue'), exact: true }).click();
  await returning.waitForURL((u) => u.pathname === `/applications/${c.applicationId}/businessDetails`);
});
