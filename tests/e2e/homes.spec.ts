/**
 * The application home at /applications/{applicationId} (spec 000 s2, s4) on the real server in headless
 * Chromium, signed in as the demo users (docs/demo-logins.md) (read only) and as fresh applications for the status writes:
 * the headline, the progress rows' states (expected from the flows' status order), the button and where it
 * leads. Proceed's status write goes through the server's enforcement (the flows' `proceed` / `continue`
 * transitions) and is read back after a reload. Screenshots at desktop and 390px phone width.
 */
import type { Page } from '@playwright/test';
import { statusProgress } from '../../runtime/core/flow';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures } from './fixtures';

const AU = { region: 'au', brand: 'acme-au' };
const { text, flows } = layersFor(AU);

/** Expected row id -> state of a home's list rows for a status (the flow's `progress.rows` and status order). */
function expectedRows(flowId: string, status: string | undefined): Record<string, string> {
  const progress = statusProgress(flows[flowId], status);
  return Object.fromEntries((flows[flowId].progress?.rows?.rows ?? []).map((r) => [r.id, r.status === undefined ? 'completed' : progress[r.status]]));
}

/** The list rows shown (row id -> state). */
async function rowStates(page: Page): Promise<Record<string, string>> {
  return page.locator('main [data-tracker="rows"] li').evaluateAll((lis) => Object.fromEntries(lis.map((li) => [(li as HTMLElement).dataset.row, (li as HTMLElement).dataset.state])));
}

/** Signs in and opens the home of the user's application; answers its id and the user's first name. */
async function openHome(page: Page, fx: Pick<E2EFixtures, 'login' | 'graphql' | 'url'>, email: string, host = 'au.localhost', password?: string): Promise<{ id: string; firstName: string }> {
  const answer = await fx.login(page, email, { host, ...(password ? { password } : {}) });
  expect(answer.success, `${email} signs in`).toBe(true);
  const app = await fx.graphql<{ getVehicleApplication: { applicationId: string } }>(page, host, 'query E2EApp { getVehicleApplication { applicationId } }');
  const id = app.data!.getVehicleApplication.applicationId;
  await page.goto(fx.url(host, `/applications/${id}`));
  await page.locator('main[data-step="home"]').waitFor();
  return { id, firstName: answer.user?.firstName ?? '' };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('application home (000 s2, s4)', () => {
  test('primary in orderVerification (not confirmed yet: the welcome of 000 s4), rows, Proceed to order verification; desktop and phone', async ({ page, login, graphql, url, shoot, newPage }) => {
    const { id, firstName } = await openHome(page, { login, graphql, url }, 'primary.orderverification.au@demo.example');
    await expect(heading(page)).toHaveText(text('home.headline.welcome', { user: { firstName } }));
    expect(await rowStates(page)).toEqual(expectedRows('primary', 'orderVerification'));
    await expect(page.locator('aside [data-tracker="steps"]')).toBeVisible();
    await shoot(page, 'home-primary-desktop');
    const phone = await newPage({ width: 390, height: 844 });
    await openHome(phone, { login, graphql, url }, 'primary.orderverification.au@demo.example');
    // The progress column is hidden on small screens.
    await expect(phone.locator('aside [data-tracker="steps"]')).toBeHidden();
    await expect(heading(phone)).toHaveText(text('home.headline.welcome', { user: { firstName } }));
    await shoot(phone, 'home-primary-phone');
    await page.getByRole('button', { name: text('home.proceed'), exact: true }).click();
    await page.waitForURL(`**/applications/${id}/order-verification`);
  });

  test('primary in businessDetails: Application in progress, Proceed to business details', async ({ page, login, graphql, url }) => {
    const { id } = await openHome(page, { login, graphql, url }, 'primary.businessdetails.au@demo.example');
    await expect(heading(page)).toHaveText(text('home.headline.inProgress'));
    await expect(page.getByText(text('home.body.inProgress'), { exact: true })).toBeVisible();
    expect(await rowStates(page)).toEqual(expectedRows('primary', 'businessDetails'));
    await page.getByRole('button', { name: text('home.proceed'), exact: true }).click();
    await page.waitForURL(`**/applications/${id}/businessDetails`);
  });

  test('primary finished: Congratulations!, every row completed, Log Out', async ({ page, login, graphql, url, shoot }) => {
    await openHome(page, { login, graphql, url }, 'primary.finished.au@demo.example');
    await expect(heading(page)).toHaveText(text('home.headline.finished'));
    await expect(page.getByText(text('home.body.finished'), { exact: true })).toBeVisible();
    expect(await rowStates(page)).toEqual(expectedRows('primary', 'finished'));
    await expect(page.getByRole('button', { name: text('home.logout'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: text('home.proceed'), exact: true })).toHaveCount(0);
    await shoot(page, 'home-primary-finished');
  });

  test("reassigned quote: 'Welcome {first name}.'", async ({ page, login, graphql, url, shoot }) => {
    const { firstName } = await openHome(page, { login, graphql, url }, 'primary.reassigned.au@demo.example');
    expect(firstName).not.toBe('');
    await expect(heading(page)).toHaveText(text('home.headline.welcome', { user: { firstName } }));
    const company = await graphql<{ getVehicleApplication: { scoreboard: { companyDetails: { companyName: string } } } }>(page, 'au.localhost', 'query E2ECompany { getVehicleApplication { scoreboard { companyDetails { companyName } } } }');
    const companyName = company.data!.getVehicleApplication.scoreboard.companyDetails.companyName;
    await expect(page.getByText(text('home.body.reassigned', { record: { scoreboard: { companyDetails: { companyName } } } }), { exact: true })).toBeVisible();
    await shoot(page, 'home-primary-reassigned');
  });

  test('secondary in approvals (digital): two rows, Proceed to the approvals screen', async ({ page, login, graphql, url, shoot }) => {
    const { id } = await openHome(page, { login, graphql, url }, 'secondary.approvals.au@demo.example');
    await expect(heading(page)).toHaveText(text('home.headline.inProgress'));
    await expect(page.getByText(text('home.secondary.body.inProgress'), { exact: true })).toBeVisible();
    expect(await rowStates(page)).toEqual(expectedRows('secondary', 'approvals'));
    await expect(page.locator('aside [data-tracker="steps"]')).toBeVisible();
    await shoot(page, 'home-secondary');
    await page.getByRole('button', { name: text('home.proceed'), exact: true }).click();
    await page.waitForURL(`**/applications/${id}/approvals`);
  });

  test('secondary with wet signature: no progress column', async ({ page, login, graphql, url, shoot }) => {
    await openHome(page, { login, graphql, url }, 'secondary.sign-wet.au@demo.example');
    await expect(page.locator('aside')).toHaveCount(0);
    const status = (await graphql<{ getVehicleApplication: { scoreboard: { statusSecondary: string } } }>(page, 'au.localhost', 'query E2EStatus { getVehicleApplication { scoreboard { statusSecondary } } }')).data!.getVehicleApplication.scoreboard.statusSecondary;
    const rows = expectedRows('secondary', status);
    // Only the approvals row until the status is reviewAndSignContract or finished.
    if (status === 'approvals') delete rows.reviewAndSignContract;
    expect(await rowStates(page)).toEqual(rows);
    await shoot(page, 'home-secondary-wet');
  });

  test('calculator homes: businessDetails, viewShortlist, finished', async ({ page, login, graphql, url, shoot, newPage }) => {
    const { id } = await openHome(page, { login, graphql, url }, 'calculator.businessdetails.au@demo.example');
    await expect(heading(page)).toHaveText(text('home.headline.inProgress'));
    expect(await rowStates(page)).toEqual(expectedRows('calculatorApplication', 'businessDetails'));
    await expect(page.locator('[data-tracker="steps"] li:not([data-state="pending"])')).toHaveCount(2);
    await page.getByRole('button', { name: text('calculator.inclusions.open'), exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(text('calculator.inclusions.list').split('\n')[0]);
    const width = await page.getByRole('dialog').evaluate((d) => d.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(1097);
    await shoot(page, 'home-calculator-inclusions');
    await page.getByRole('button', { name: text('calculator.dialog.close'), exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shoot(page, 'home-calculator-desktop');
    await page.getByRole('button', { name: text('home.calculator.continue'), exact: true }).click();
    await page.waitForURL(`**/applications/${id}/businessDetails`);

    const fresh = await newPage({ width: 390, height: 844 });
    const { firstName } = await openHome(fresh, { login, graphql, url }, 'calculator.viewshortlist.au@demo.example');
    await expect(heading(fresh)).toHaveText(text('home.headline.welcome', { user: { firstName } }));
    await expect(fresh.getByText(text('home.calculator.body.welcome'), { exact: true })).toBeVisible();
    await expect(fresh.getByRole('button', { name: text('home.calculator.getStarted'), exact: true })).toBeVisible();
    await shoot(fresh, 'home-calculator-phone');

    const done = await newPage({ width: 1280, height: 900 });
    await openHome(done, { login, graphql, url }, 'calculator.finished.au@demo.example');
    await expect(heading(done)).toHaveText(text('home.headline.finished'));
    await expect(done.getByText(text('home.calculator.body.finished'), { exact: true })).toBeVisible();
    await done.getByRole('button', { name: text('home.calculator.returnToShortlist'), exact: true }).click();
    await done.waitForURL('**/dashboard');
  });

  test('no status yet: Proceed saves the first status through the server, then goes on (primary and calculator)', async ({ page, login, graphql, url, freshApplication, newPage }) => {
    const primary = await freshApplication({ region: 'au', role: 'primary', status: 'orderVerification', set: { 'scoreboard.status': null } });
    const { id } = await openHome(page, { login, graphql, url }, primary.email, primary.host, primary.password);
    expect(await rowStates(page)).toEqual(expectedRows('primary', undefined));
    await page.getByRole('button', { name: text('home.proceed'), exact: true }).click();
    await page.waitForURL(`**/applications/${id}/order-verification`);
    const saved = await graphql<{ getVehicleApplication: { scoreboard: { status: string } } }>(page, primary.host, 'query E2EStatus { getVehicleApplication { scoreboard { status } } }');
    expect(saved.data!.getVehicleApplication.scoreboard.status).toBe('orderVerification');
    await page.goto(url(primary.host, `/applications/${id}`));
    await expect(page.locator('main [data-row="orderVerification"]')).toHaveAttribute('data-state', 'progress');

    const calc = await freshApplication({ region: 'au', role: 'calculator', status: 'viewShortlist', set: { 'scoreboard.status': null } });
    const other = await newPage({ width: 1280, height: 900 });
    const opened = await openHome(other, { login, graphql, url }, calc.email, calc.host, calc.password);
    await other.getByRole('button', { name: text('home.calculator.getStarted'), exact: true }).click();
    await other.waitForURL(`**/applications/${opened.id}/businessDetails`);
    const after = await graphql<{ getVehicleApplication: { scoreboard: { status: string } } }>(other, calc.host, 'query E2EStatus { getVehicleApplication { scoreboard { status } } }');
    expect(after.data!.getVehicleApplication.scoreboard.status).toBe('businessDetails');
  });
});
