/**
 * Account pages on the real server (issue 3): sign-in routing for AU and NZ demo users (Enter
 * submits), wrong password and throttling messages, forgot password -> the e-mail in the dev
 * mailbox -> its /reset-password link -> every rule message verbatim -> save -> sign-in with the
 * new password, a used link refused, logout ending the session, anonymous visitors sent to /login.
 * Texts come from the layered catalogue; screenshots at phone and desktop width.
 */
import type { Page } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures } from './fixtures';
import { appReady, expectMessage } from './page';

const DEMO_PASSWORD = 'Fleetform-Demo-1';
const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
const NZ = { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' } };
const PHONE = { width: 390, height: 844 };

/** A labelled input (textbox or password) by its label text (the required mark ` *` aside). */
const input = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));

/** Signs in through the /login form, submitting with Enter. */
async function signInWithForm(page: Page, text: (k: string) => string, email: string, password: string): Promise<void> {
  await input(page, text('account.login.email')).fill(email);
  await input(page, text('account.login.password')).fill(password);
  await input(page, text('account.login.password')).press('Enter');
}

/** The application id a demo user's session lands on (from the server). */
async function landingOf({ newPage, login }: Pick<E2EFixtures, 'newPage' | 'login'>, email: string): Promise<string> {
  const probe = await newPage({ width: 800, height: 600 });
  const { redirectTo } = await login(probe, email);
  await probe.close();
  return redirectTo ?? '';
}


for (const { host, selection } of [AU, NZ]) {
  const { text } = layersFor(selection);
  const region = selection.region;

  test(`account ${region}: anonymous -> /login; sign-in with Enter lands on the application home`, async ({ page, url, newPage, login, shoot }) => {
    const email = `primary.orderverification.${region}@demo.example`;
    const landing = await landingOf({ newPage, login }, email);
    await page.goto(url(host, '/'));
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('heading', { level: 1, name: text('account.login.heading') }).waitFor();
    expect(await page.title(), 'login page title').toEqual(text('account.login.title'));
    await shoot(page, `account-${region}-login-desktop`);
    await signInWithForm(page, text, email, DEMO_PASSWORD);
    // The application home (000 s2; tests/e2e/homes.spec.ts checks its texts).
    await page.waitForURL((u) => u.pathname === landing);
    await page.locator('main[data-step="home"] h1').waitFor();
    // The session survives a reload (httpOnly cookie; nothing in storage).
    await page.reload();
    await page.locator('main[data-step="home"] h1').waitFor();
    expect(await page.evaluate(() => localStorage.length), 'nothing kept in localStorage').toEqual(0);

    const phone = await newPage(PHONE);
    await phone.goto(url(host, '/login'));
    await input(phone, text('account.login.email')).waitFor();
    await shoot(phone, `account-${region}-login-phone`);
  });
}

test('account au: a later status lands on the home, whose Proceed opens the screen of its status (the contract page: its accepted screen); a calculator applicant on /dashboard', async ({ page, url, newPage, login, shoot }) => {
  const { text } = layersFor(AU.selection);
  const landing = await landingOf({ newPage, login }, 'primary.businessdetails.au@demo.example');
  await page.goto(url(AU.host, '/login'));
  await signInWithForm(page, text, 'primary.businessdetails.au@demo.example', DEMO_PASSWORD);
  await page.waitForURL((u) => u.pathname === landing);
  await page.getByRole('button', { name: text('home.proceed'), exact: true }).click();
  await page.waitForURL((u) => u.pathname === `${landing}/businessDetails`);
  // Its applicant details are done: the business details sections (flows/businessDetails.yaml).
  await page.getByRole('heading', { level: 1, name: text('businessDetails.heading') }).waitFor();

  // The contract page (flows/contract.yaml): approved, signing not yet enabled, digital: the accepted screen.
  const signing = await newPage({ width: 1280, height: 900 });
  const signingLanding = await landingOf({ newPage, login }, 'primary.reviewandsigncontract.au@demo.example');
  await signing.goto(url(AU.host, '/login'));
  await signInWithForm(signing, text, 'primary.reviewandsigncontract.au@demo.example', DEMO_PASSWORD);
  await signing.waitForURL((u) => u.pathname === signingLanding);
  await signing.getByRole('button', { name: text('home.proceed'), exact: true }).click();
  await signing.waitForURL((u) => u.pathname === `${signingLanding}/reviewAndSignContract`);
  await signing.getByRole('heading', { level: 1, name: text('contract.accepted.heading') }).waitFor();
  await signing.getByText(text('contract.accepted.body'), { exact: true }).waitFor();
  await expect(signing.getByRole('button', { name: text('contract.accepted.digital'), exact: true })).toBeVisible();
  await shoot(signing, 'account-au-contract-desktop');

  const calc = await newPage(PHONE);
  await calc.goto(url(AU.host, '/login'));
  await signInWithForm(calc, text, 'calculator.viewshortlist.au@demo.example', DEMO_PASSWORD);
  await calc.waitForURL((u) => u.pathname === '/dashboard');
  // The dashboard (tests/e2e/dashboard.spec.ts): 'Welcome {first name}', the customer's shortlist.
  await expect(calc.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${text('dashboard.welcome', { firstName: '' }).trim()} \\S`));
  await expect(calc.locator('main [data-list="shortlist"] article[data-vehicle]').first()).toBeVisible();
  await shoot(calc, 'account-au-dashboard-phone');

  // A canceled application also goes to the dashboard (spec 002 s4).
  const canceled = await newPage({ width: 1280, height: 900 });
  await canceled.goto(url(AU.host, '/login'));
  await signInWithForm(canceled, text, 'calculator.canceled.au@demo.example', DEMO_PASSWORD);
  await canceled.waitForURL((u) => u.pathname === '/dashboard');
});

test('account au: a user of another brand is refused on this host and told their own portal (spec 000 s2/s6)', async ({ page, url, graphql }) => {
  const { text } = layersFor(AU.selection);
  await page.goto(url(AU.host, '/login'));
  await signInWithForm(page, text, 'primary.orderverification.nz@demo.example', DEMO_PASSWORD);
  const portal = new URL(url(NZ.host, '/')).origin;
  await page.getByRole('alert').filter({ hasText: text('auth.login.otherBrand', { portal }) }).waitFor();
  expect(page.url().endsWith('/login'), 'stays on /login').toEqual(true);
  const session = await graphql<{ session: unknown }>(page, AU.host, '{ session { user { email } } }');
  expect(session.data?.session ?? null, 'no session').toEqual(null);
});

test('account au: wrong password and throttling show clear messages', async ({ page, url, newPage, shoot }) => {
  const { text } = layersFor(AU.selection);
  await page.goto(url(AU.host, '/login'));
  // Required fields first (nothing is sent).
  await page.getByRole('button', { name: text('account.login.submit') }).click();
  await expectMessage(input(page, text('account.login.email')), text('validation.required'), 'e-mail required');
  await signInWithForm(page, text, 'primary.approvals.au@demo.example', 'Wrong-Password-1');
  const alert = page.getByRole('alert').filter({ hasText: text('auth.login.invalid') });
  await alert.waitFor();
  expect(page.url().endsWith('/login'), 'stays on /login').toEqual(true);
  await page.locator('button[type="submit"]:not([disabled])').waitFor();
  await shoot(page, 'account-au-login-invalid-desktop');
  // After the failures the rate limits allow for one e-mail from one address (settings.rateLimits), that
  // address is refused for this e-mail with its own message; each attempt waits for the server's answer.
  const { layers } = layersFor(AU.selection);
  const perPair = (layers.settings.rateLimits as { signInFailure: { per: string; limit: number }[] }).signInFailure.find((r) => r.per === 'clientEmail')!.limit;
  const throttled = page.getByRole('alert').filter({ hasText: text('auth.login.throttled') });
  for (let i = 0; i < perPair + 1 && !(await throttled.isVisible()); i++) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().postData()?.includes('login') === true);
    await page.getByRole('button', { name: text('account.login.submit') }).click();
    await answered;
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
  }
  await throttled.waitFor();
  const phone = await newPage(PHONE);
  await phone.goto(url(AU.host, '/login'));
  await signInWithForm(phone, text, 'primary.approvals.au@demo.example', DEMO_PASSWORD);
  await phone.getByRole('alert').filter({ hasText: text('auth.login.throttled') }).waitFor();
  await shoot(phone, 'account-au-login-throttled-phone');
});

for (const { host, selection } of [AU, NZ]) {
  const { text } = layersFor(selection);
  const region = selection.region;

  test(`account ${region}: forgot password -> e-mail -> reset rules verbatim -> save -> sign in with the new password`, async ({ page, url, mailbox, newPage, shoot }) => {
    const email = `primary.sign-wet.${region}@demo.example`;
    await page.goto(url(host, '/login'));
    await page.getByRole('link', { name: text('account.login.forgot') }).click();
    await page.waitForURL((u) => u.searchParams.get('showLogin') === 'false');
    await page.getByRole('heading', { level: 1, name: text('account.forgot.heading') }).waitFor();
    await input(page, text('account.forgot.email')).fill(email);
    await page.getByRole('button', { name: text('account.forgot.submit') }).click();
    await page.getByText(text('account.forgot.sent'), { exact: true }).waitFor();
    await shoot(page, `account-${region}-forgot-sent-desktop`);
    const forgotPhone = await newPage(PHONE);
    await forgotPhone.goto(url(host, '/login?showLogin=false'));
    await input(forgotPhone, text('account.forgot.email')).waitFor();
    await shoot(forgotPhone, `account-${region}-forgot-phone`);
    await forgotPhone.close();

    const mails = await mailbox(email);
    expect(mails.length, 'one reset e-mail').toEqual(1);
    const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mails[0].body_text)?.[0];
    if (!link) throw new Error(`no reset link in ${JSON.stringify(mails[0].body_text)}`);
    const linkUrl = new URL(link);
    expect(linkUrl.hostname, 'the link points at the brand host').toEqual(host);
    expect(linkUrl.searchParams.get('email'), 'the link carries the e-mail').toEqual(email);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: text('account.reset.heading') }).waitFor();
    await appReady(page);
    expect(await page.title(), 'title verbatim').toEqual('Set up New Password');
    const username = input(page, text('account.reset.username'));
    const password = input(page, text('account.reset.password'));
    const confirm = input(page, text('account.reset.confirmPassword'));
    expect(await username.inputValue(), 'Username from the link').toEqual(email);
    expect(await page.getByRole('button', { name: 'SAVE NEW PASSWORD' }).count(), 'button label verbatim').toEqual(1);
    expect(await page.getByRole('link', { name: text('account.reset.backToLogin') }).getAttribute('href'), 'link back to /login').toEqual('/login');

    const rules: [string, string][] = [
      ['abc', 'Min password length of 8 characters'],
      ['abcdefgh', 'A least (1) upper case letter'],
      ['ABCDEFGH', 'A least (1) lower case letter'],
      ['Abcdefgh', 'A least (1) number'],
      ['Abcdeee1', 'Max 2 consecutive identical characters'],
    ];
    for (const [value, message] of rules) {
      await password.fill(value);
      await password.press('Tab');
      await expectMessage(password, message, `rule for ${value}`);
    }
    const newPassword = `Fleetform-New-${region === 'au' ? 2 : 3}`;
    await password.fill(newPassword);
    await password.press('Tab');
    await expectMessage(password, '', 'valid password');
    await confirm.fill(`${newPassword}x`);
    await confirm.press('Tab');
    await expectMessage(confirm, 'Passwords should match', 'match rule');
    await shoot(page, `account-${region}-reset-errors-desktop`);
    const phone = await newPage(PHONE);
    await phone.goto(link);
    await appReady(phone);
    await input(phone, text('account.reset.password')).fill('abc');
    await input(phone, text('account.reset.password')).press('Tab');
    await expectMessage(input(phone, text('account.reset.password')), 'Min password length of 8 characters', 'phone rule');
    await shoot(phone, `account-${region}-reset-phone`);
    await phone.close();

    await confirm.fill(newPassword);
    await confirm.press('Enter');
    await page.getByText('Your password has been updated.', { exact: true }).waitFor();
    await shoot(page, `account-${region}-reset-done-desktop`);

    // The link is single use: the server refuses it and the page lists the error; only the
    // expired-token text adds the Reset Password link (spec 002 s8), so none here.
    await page.goto(link);
    await input(page, text('account.reset.password')).fill(newPassword);
    await input(page, text('account.reset.confirmPassword')).fill(newPassword);
    await page.getByRole('button', { name: 'SAVE NEW PASSWORD' }).click();
    await page.getByRole('alert').filter({ hasText: text('auth.reset.invalid') }).waitFor();
    expect(await page.getByRole('link', { name: 'Reset Password' }).count(), 'no Reset Password link for an invalid link').toEqual(0);

    // Opened without hash and email: an invalid-link message and no form (nothing is sent).
    await page.goto(url(host, '/reset-password'));
    await page.getByRole('alert').filter({ hasText: text('auth.reset.invalid') }).waitFor();
    expect(await input(page, text('account.reset.password')).count(), 'no form without hash and email').toEqual(0);

    // The old password no longer works; the new one does.
    await page.getByRole('link', { name: text('account.reset.backToLogin') }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signInWithForm(page, text, email, DEMO_PASSWORD);
    await page.getByRole('alert').filter({ hasText: text('auth.login.invalid') }).waitFor();
    await signInWithForm(page, text, email, newPassword);
    await page.waitForURL((u) => u.pathname.startsWith('/applications/'));
  });
}

test('account au: logout ends the session (a reload stays signed out); the error page', async ({ page, url, graphql, newPage, login, shoot }) => {
  const { text } = layersFor(AU.selection);
  await page.goto(url(AU.host, '/login'));
  await signInWithForm(page, text, 'primary.finished.au@demo.example', DEMO_PASSWORD);
  await page.waitForURL((u) => u.pathname.startsWith('/applications/'));
  await page.goto(url(AU.host, '/logout'));
  await page.waitForURL((u) => u.pathname === '/login');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: text('account.login.heading') }).waitFor();
  await page.goto(url(AU.host, '/'));
  await page.waitForURL((u) => u.pathname === '/login');
  const who = await graphql(page, AU.host, 'query { user { id } }');
  expect(who.errors?.[0]?.extensions?.code, 'the server session is gone').toEqual('UNAUTHENTICATED');

  // A failure loading the application when the app starts goes to the error page (spec 002 s4);
  // the failure is simulated in the browser, the session is the real server's.
  const failing = await newPage({ width: 1280, height: 900 });
  await login(failing, 'primary.finished.au@demo.example');
  await failing.route('**/graphql', async (route) => {
    if ((route.request().postData() ?? '').includes('getVehicleApplication')) await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'unavailable' }] }) });
    else await route.continue();
  });
  await failing.goto(url(AU.host, '/'));
  await failing.waitForURL((u) => u.pathname === '/error');
  await failing.getByRole('heading', { level: 1, name: text('account.error.heading') }).waitFor();

  await page.goto(url(AU.host, '/error'));
  await page.getByRole('heading', { level: 1, name: text('account.error.heading') }).waitFor();
  await shoot(page, 'account-au-error-desktop');
  const phone = await newPage(PHONE);
  await phone.goto(url(AU.host, '/error'));
  await phone.getByRole('heading', { level: 1, name: text('account.error.heading') }).waitFor();
  await shoot(phone, 'account-au-error-phone');
});
