/**
 * Nothing a person does before the app takes a server-rendered page over is lost (issue 36): with the app's
 * scripts held back, as a slow phone has them, each page of `settings.serverRender.paths` is typed into,
 * filled as a password manager fills (values set without input events), ticked and clicked first; once the
 * app has the page, every value and choice is still there (focus and caret too) and is what the app acts on.
 */
import type { Locator, Page } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures } from './fixtures';
import { appReady } from './page';

const HOST = 'au.localhost';
const { text } = layersFor({ brand: 'acme-au', region: 'au' });
const DEMO_PASSWORD = 'Fleetform-Demo-1';

/** The app's entry (`app/main.tsx`, built as `assets/index-<hash>.js`): everything the app is starts there. */
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Opens `address` with the app's entry held back: the server's page only, until `release()`; then the app takes it over. */
async function openWithoutApp(page: Page, address: string): Promise<{ release: () => Promise<void> }> {
  let let_go: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { let_go = resolve; });
  await page.route(ENTRY, async (route) => { await held; await route.continue(); });
  await page.goto(address, { waitUntil: 'commit' });
  await page.locator('main[data-step]').waitFor({ state: 'attached' });
  // Nothing of the app runs yet: the step is not marked ready.
  expect(await page.locator('main[data-step][data-ready]').count()).toBe(0);
  return {
    release: async () => {
      let_go();
      await appReady(page);
      await page.unroute(ENTRY);
    },
  };
}

/** Sets a control's value as a password manager does: no key, no input or change event. */
const autofill = (control: Locator, value: string) => control.evaluate((el, v) => { (el as HTMLInputElement).value = v; }, value);

/** The focused element's id and caret (selection start). */
const focusOf = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLInputElement | null;
  return { id: el?.id ?? '', caret: el?.selectionStart ?? null };
});

test('sign-in: an e-mail typed and a password filled before the app are kept (focus and caret too), and Sign in signs in', async ({ page, url, newPage, login }) => {
  const email = 'primary.orderverification.au@demo.example';
  const landing = await landingOf({ newPage, login }, email);
  const { release } = await openWithoutApp(page, url(HOST, '/login'));
  const emailBox = page.getByRole('textbox', { name: text('account.login.email') });
  const password = page.getByLabel(new RegExp(`^${text('account.login.password')}`));
  await emailBox.pressSequentially(email);
  await autofill(password, DEMO_PASSWORD);
  // The caret one before the end of the filled password (an e-mail input has no caret position to read).
  await password.focus();
  await password.press('End');
  await password.press('ArrowLeft');
  const before = await focusOf(page);
  expect(before.caret).toBe(DEMO_PASSWORD.length - 1);
  await release();
  await expect(emailBox).toHaveValue(email);
  await expect(password).toHaveValue(DEMO_PASSWORD);
  expect(await focusOf(page)).toEqual(before);
  // The app's own answer to the first submit, not 'Field is required'.
  await page.getByRole('button', { name: text('account.login.submit') }).click();
  await page.waitForURL((u) => u.pathname === landing);
});

test('forgot password: an e-mail filled before the app is kept and sent', async ({ page, url }) => {
  const { release } = await openWithoutApp(page, url(HOST, '/login?showLogin=false'));
  const emailBox = page.getByRole('textbox', { name: text('account.forgot.email') });
  await autofill(emailBox, 'nobody.before.app@example.com');
  await release();
  await expect(emailBox).toHaveValue('nobody.before.app@example.com');
  await page.getByRole('button', { name: text('account.forgot.submit') }).click();
  await expect(page.getByText(text('account.forgot.sent'))).toBeVisible();
});

test('reset password: passwords typed and filled before the app are kept and are what the app sends', async ({ page, url }) => {
  const { release } = await openWithoutApp(page, url(HOST, '/reset-password?hash=not-a-token&email=someone%40example.com'));
  const password = page.getByLabel(new RegExp(`^${text('account.reset.password')}`));
  const confirm = page.getByLabel(new RegExp(`^${text('account.reset.confirmPassword')}`));
  await password.pressSequentially('Kept-Before-1');
  await autofill(confirm, 'Kept-Before-1');
  await release();
  await expect(password).toHaveValue('Kept-Before-1');
  await expect(confirm).toHaveValue('Kept-Before-1');
  await expect(password).toBeFocused();
  await page.getByRole('button', { name: text('account.reset.submit') }).click();
  // The server's answer to this link (not a required-field message: the passwords went with it).
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
});

test('calculator search: body and fuel types and a make ticked before the app are kept, and Next clicked meanwhile searches with them', async ({ page, url }) => {
  const { release } = await openWithoutApp(page, url(HOST, '/calculator'));
  const next = page.getByRole('button', { name: text('calculator.search.next'), exact: true });
  const suv = page.getByRole('checkbox', { name: text('calculator.body.SUV'), exact: true });
  const electric = page.getByRole('checkbox', { name: text('calculator.fuel.ELECTRIC'), exact: true });
  await suv.click();
  await electric.click();
  await page.getByText(text('calculator.search.makes'), { exact: true }).click();
  const make = page.locator('fieldset[data-choice="makes"] input[type="checkbox"]:not([value="all"])').first();
  await make.click();
  const makeValue = JSON.parse(await make.getAttribute('value') ?? '""') as string;
  // The server drew Next before anything was ticked: disabled to the eye, yet the click is taken and held (its rule
  // runs in the app). `force`: a person clicks what is there; Playwright would wait for it to look enabled.
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await next.click({ force: true });
  await expect(next).toHaveAttribute('aria-busy', 'true');
  await release();
  await page.waitForURL(/\/calculator\/results\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get('vehicleBodytype')).toBe('SUV');
  expect(query.get('vehicleFueltype')).toBe('ELECTRIC');
  expect([...query.values()].join(' ').toUpperCase()).toContain(makeValue.toUpperCase());
});

test('calculator search: Next clicked before the app with nothing ticked is dropped once the app finds it disabled', async ({ page, url }) => {
  const { release } = await openWithoutApp(page, url(HOST, '/calculator'));
  const next = page.getByRole('button', { name: text('calculator.search.next'), exact: true });
  await next.click({ force: true });
  await expect(next).toHaveAttribute('aria-busy', 'true');
  await release();
  await expect(next).not.toHaveAttribute('aria-busy', 'true');
  await expect(next).toBeDisabled();
  // Still the search (had the held click gone through, the results would have replaced it): a choice, then Next, works.
  await page.getByRole('checkbox', { name: text('calculator.body.VAN'), exact: true }).click();
  await next.click();
  await page.waitForURL(/\/calculator\/results\?/);
  expect(new URL(page.url()).searchParams.get('vehicleBodytype')).toBe('VAN');
});

test('applicant details (signed in, rendered for the user): Search clicked before the app is held (busy) and carried out once it arrives', async ({ page, url, login, freshApplication }) => {
  const user = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'businessDetails', set: { 'scoreboard.primaryApplicant': null, 'scoreboard.companyDetails': null, 'scoreboard.entityDetails': null } });
  await login(page, user.email, { host: HOST, password: user.password });
  const { release } = await openWithoutApp(page, url(HOST, `/applications/${user.applicationId}/businessDetails`));
  const search = page.getByRole('button', { name: text('applicantDetails.company.search') });
  await search.click();
  // Held by public/early-input.js: nothing happens yet, the button says it is busy.
  await expect(search).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByLabel(text('applicantDetails.lookup.label'))).toHaveCount(0);
  await release();
  await expect(page.getByLabel(text('applicantDetails.lookup.label'))).toBeVisible();
  await expect(search).not.toHaveAttribute('aria-busy', 'true');
});

test('calculator results: a sort order chosen before the app is carried out once it arrives', async ({ page, url }) => {
  const { release } = await openWithoutApp(page, url(HOST, '/calculator/results?vehicleBodytype=SUV'));
  await page.getByLabel(text('calculator.results.sortBy')).selectOption({ label: text('calculator.sort.consumer_price') });
  await release();
  await page.waitForURL((u) => u.searchParams.get('sortBy') === 'consumer_price');
  await expect(page.getByLabel(text('calculator.results.sortBy'))).toHaveValue('1');
});

test('calculator results: the price filter\'s thumb moved before the app is kept as the filter', async ({ page, url }) => {
  const { release } = await openWithoutApp(page, url(HOST, '/calculator/results?vehicleBodytype=SUV'));
  const thumb = page.getByRole('slider', { name: text('calculator.filters.minRrp') });
  await thumb.focus();
  await thumb.press('ArrowRight');
  await thumb.press('ArrowRight');
  const moved = await thumb.inputValue();
  expect(moved).not.toBe(await thumb.evaluate((el) => (el as HTMLInputElement).defaultValue));
  await release();
  await expect(thumb).toHaveAttribute('aria-valuenow', moved);
  // Set, no longer 'Any': the filter's state holds the moved thumb.
  await expect(thumb).not.toHaveAttribute('aria-valuetext', text('calculator.filters.any'));
});

test('calculator enquiry: names typed and filled before the app are kept, focus and caret too', async ({ page, url }) => {
  const { release } = await openWithoutApp(page, url(HOST, '/calculator/enquire-now'));
  const first = page.getByRole('textbox', { name: text('calculator.enquiry.firstName') });
  const last = page.getByRole('textbox', { name: text('calculator.enquiry.lastName') });
  // The business search (a product widget) typed into first: searched once the app arrives.
  const lookup = page.locator('[data-lookup="business"]');
  await lookup.pressSequentially('Harbour Freight');
  await autofill(last, 'Lovelace');
  await first.pressSequentially('Ada');
  await first.press('ArrowLeft');
  const before = await focusOf(page);
  expect(before.caret).toBe(2);
  await release();
  await expect(first).toHaveValue('Ada');
  await expect(last).toHaveValue('Lovelace');
  expect(await focusOf(page)).toEqual(before);
  await expect(lookup).toHaveValue('Harbour Freight');
  await expect(page.locator('[data-business]').filter({ hasText: 'Harbour Freight Logistics' }).first()).toBeVisible();
  // The form's state is the page's: leaving the first name shows no required-field error.
  await first.press('Tab');
  await expect(first).not.toHaveAttribute('aria-invalid', 'true');
  await first.fill('');
  await first.press('Tab');
  await expect(first).toHaveAttribute('aria-invalid', 'true');
});

test('business details (signed in, rendered for the user): a contact number typed before the app is kept, focus and caret too', async ({ page, url, login, freshApplication }) => {
  const user = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'businessDetails', set: { 'scoreboard.businessDetails': null } });
  await login(page, user.email, { host: HOST, password: user.password });
  const { release } = await openWithoutApp(page, url(HOST, `/applications/${user.applicationId}/businessDetails`));
  const phone = page.getByRole('textbox', { name: text('businessDetails.entity.businessContactNumber') });
  await phone.pressSequentially('0298765432');
  await phone.press('ArrowLeft');
  const before = await focusOf(page);
  expect(before.caret).toBe(9);
  await release();
  await expect(phone).toHaveValue('0298765432');
  expect(await focusOf(page)).toEqual(before);
});

test('Sign in clicked before the app posts the form to the server: a failure shows its answer, kept once the app arrives; then signed in', async ({ page, url, newPage, login }) => {
  const email = 'primary.orderverification.au@demo.example';
  const landing = await landingOf({ newPage, login }, email);
  const { release } = await openWithoutApp(page, url(HOST, '/login'));
  const emailBox = page.getByRole('textbox', { name: text('account.login.email') });
  const password = page.getByLabel(new RegExp(`^${text('account.login.password')}`));
  await emailBox.fill(email);
  await autofill(password, 'Wrong-Before-1');
  await page.getByRole('button', { name: text('account.login.submit') }).click();
  // The server's answer: the page again with the failure and the e-mail (the app is still held back).
  const failed = page.getByRole('alert').filter({ hasText: text('auth.login.invalid') });
  await expect(failed).toBeVisible();
  await expect(emailBox).toHaveValue(email);
  await expect(password).toHaveValue('');
  await release();
  await expect(failed).toBeVisible();
  await expect(emailBox).toHaveValue(email);
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text('account.login.submit') }).click();
  await page.waitForURL((u) => u.pathname === landing);
});

test('sign-in, forgot password and reset password work with JavaScript off', async ({ browser, url, newPage, login }) => {
  const email = 'primary.orderverification.au@demo.example';
  const landing = await landingOf({ newPage, login }, email);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url(HOST, '/login'));
  const emailBox = page.getByRole('textbox', { name: text('account.login.email') });
  const password = page.getByLabel(new RegExp(`^${text('account.login.password')}`));
  await emailBox.fill(email);
  await password.fill('Wrong-No-Script-1');
  await page.getByRole('button', { name: text('account.login.submit') }).click();
  await expect(page.getByRole('alert').filter({ hasText: text('auth.login.invalid') })).toBeVisible();
  await expect(emailBox).toHaveValue(email);
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text('account.login.submit') }).click();
  await page.waitForURL((u) => u.pathname === landing);
  expect((await context.cookies()).some((c) => c.httpOnly && /session/.test(c.name))).toBe(true);

  const other = await browser.newContext({ javaScriptEnabled: false });
  const forgot = await other.newPage();
  await forgot.goto(url(HOST, '/login?showLogin=false'));
  await forgot.getByRole('textbox', { name: text('account.forgot.email') }).fill('nobody.no-script@example.com');
  await forgot.getByRole('button', { name: text('account.forgot.submit') }).click();
  await expect(forgot.getByText(text('account.forgot.sent'))).toBeVisible();

  await forgot.goto(url(HOST, '/reset-password?hash=not-a-token&email=nobody.no-script%40example.com'));
  await expect(forgot.getByRole('alert')).toHaveCount(0);
  await forgot.getByLabel(new RegExp(`^${text('account.reset.password')}`)).fill('Kept-No-Script-1');
  await forgot.getByLabel(new RegExp(`^${text('account.reset.confirmPassword')}`)).fill('Kept-No-Script-1');
  await forgot.getByRole('button', { name: text('account.reset.submit') }).click();
  // The server's refusal of this link, listed as the app lists it; the e-mail still in the form.
  await expect(forgot.getByRole('alert').first()).toBeVisible();
  await expect(forgot.getByRole('textbox', { name: text('account.reset.username') })).toHaveValue('nobody.no-script@example.com');
  await context.close();
  await other.close();
});

/** The application id a demo user's session lands on (from the server). */
async function landingOf({ newPage, login }: Pick<E2EFixtures, 'newPage' | 'login'>, email: string): Promise<string> {
  const probe = await newPage({ width: 800, height: 600 });
  const { redirectTo } = await login(probe, email);
  await probe.close();
  return redirectTo ?? '';
}
