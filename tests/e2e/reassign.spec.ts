/**
 * The reassign-authorised-officer form (spec 000 sections 2 and 5) in AU and NZ on the real server,
 * signed in as a fresh user in status orderVerification (`POST /dev/applications`, shared with no other test): every message checked verbatim
 * against the catalogue loaded through runtime/core, limits read from the layered schema, Send
 * enabled only when all four fields are filled, the real `reassignQuote` (checked by the invitation
 * e-mail in the dev mailbox), then the non-dismissable dialog with Logout. Then the hand-over end to end:
 * the invited officer follows the e-mail's link, sets a password on the reset-password page, signs in on
 * the login page and lands on the application as its primary applicant; the sender, signed in again, is
 * refused it by the server.
 */
import type { Page, Request } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures, type FreshApplication } from './fixtures';
import { enter, expectMessage, field } from './page';

/** An input by its label (a required field's label may end in ' *'). */
const input = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`));

/** Signs the fresh user in (real session cookie) and returns the path of their order-verification step. */
async function signIn(login: E2EFixtures['login'], page: Page, user: FreshApplication): Promise<string> {
  const { redirectTo } = await login(page, user.email, { host: user.host, password: user.password });
  expect(redirectTo, `${user.email} lands on their application`).toMatch(new RegExp(`^/applications/${user.applicationId}(/|$)`));
  return `/applications/${user.applicationId}/order-verification`;
}

/** Opens the folded invitation (order verification shows it collapsed under its heading). */
async function openInvite(page: Page, heading: string): Promise<void> {
  await page.getByText(heading, { exact: true }).click();
}

/** Counts the page's `reassignQuote` requests to /graphql. */
function countReassignCalls(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (r: Request) => {
    if (r.url().endsWith('/graphql') && r.method() === 'POST' && (r.postData() ?? '').includes('reassignQuote')) n++;
  });
  return { count: () => n };
}

const REGIONS = [
  { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } },
  // A seeded NZ officer: the AU test names them as the new officer (an account of another organisation).
  { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' }, email: 'primary.orderverification.nz@demo.example' },
];

for (const { host, selection } of REGIONS) {
  const { text, schema } = layersFor(selection);
  const label = (f: string) => text(`reassign.${f}`);
  const digits = (n: number) => '0123456789012345'.slice(0, n);

  test(`reassign form ${selection.region}: every message verbatim, Send, dialog; the officer sets a password, signs in to the application; the sender is refused`, async ({ page, url, shoot, newPage, mailbox, login, graphql, freshApplication }) => {
    const user = await freshApplication({ region: selection.region, brand: selection.brand, role: 'primary', status: 'orderVerification' });
    expect(user.host).toBe(host);
    const userEmail = user.email;
    const PATH = await signIn(login, page, user);
    const calls = countReassignCalls(page);
    await page.goto(url(host, PATH));
    await openInvite(page, text('reassign.heading'));
    const first = field(page, label('firstName'));
    const last = field(page, label('lastName'));
    const email = field(page, label('email'));
    const phone = field(page, label('phone'));
    const send = page.getByRole('button', { name: text('reassign.send') });
    await first.waitFor();
    await page.getByRole('heading', { level: 1, name: text('orderVerification.heading'), exact: true }).waitFor();
    await page.getByText(text('reassign.intro'), { exact: true }).waitFor();
    expect(await page.title(), 'page title').toEqual(text('orderVerification.title'));
    // Spec 000 s2 'Layouts': a header with the logo (or brand name) and a footer with a Logout link to /logout.
    await page.locator('header').getByRole('link', { name: text('brand.name'), exact: true }).waitFor();
    expect(await page.locator('footer').getByRole('link', { name: text('shell.footer.logout'), exact: true }).getAttribute('href'), 'footer Logout link').toEqual('/logout');
    expect(await send.isDisabled(), 'Send disabled while empty').toEqual(true);

    // Nothing shows before the first blur; then required.
    await first.fill('');
    await expectMessage(first, '', 'first name before blur');
    await first.press('Tab');
    await expectMessage(first, text('validation.required'), 'first name required');

    for (const [input, name] of [[first, 'firstName'], [last, 'lastName']] as const) {
      const { minLength, maxLength } = schema('reassign', name);
      await enter(input, 'A');
      await expectMessage(input, text('validation.minLength', { n: minLength }), `${name} min`);
      await enter(input, 'B'.repeat(Number(maxLength) + 1));
      await expectMessage(input, text('validation.maxLength', { n: maxLength }), `${name} max`);
      await enter(input, name === 'firstName' ? 'J0hn' : 'Sm1th');
      await expectMessage(input, text('format.name'), `${name} name rule`);
      expect(text('format.name'), 'spec 000 s5 name message').toEqual('Field needs to be a characters only');
      await enter(input, name === 'firstName' ? 'Alice' : "O'Brien");
      await expectMessage(input, '', `${name} valid`);
    }

    const emailSchema = schema('reassign', 'email');
    await enter(email, 'a');
    await expectMessage(email, text('validation.minLength', { n: emailSchema.minLength }), 'email min');
    await enter(email, `${'x'.repeat(Number(emailSchema.maxLength))}@example.com`);
    await expectMessage(email, text('validation.maxLength', { n: emailSchema.maxLength }), 'email max');
    await enter(email, 'not-an-email');
    await expectMessage(email, text('format.email'), 'email format');
    await enter(email, userEmail.toUpperCase());
    await expectMessage(email, text('validation.notOwnEmail'), 'own email, other case');
    expect(await send.isDisabled(), 'Send disabled while phone empty').toEqual(true);

    const { minLength: phoneMin, maxLength: phoneMax } = schema('reassign', 'phone');
    if (phoneMin === phoneMax) {
      await enter(phone, digits(Number(phoneMin) - 1));
      await expectMessage(phone, text('validation.exactLength', { n: phoneMin }), 'phone exact (short)');
      await enter(phone, digits(Number(phoneMax) + 1));
      await expectMessage(phone, text('validation.exactLength', { n: phoneMin }), 'phone exact (long)');
    } else {
      await enter(phone, digits(Number(phoneMin) - 1));
      await expectMessage(phone, text('validation.minLength', { n: phoneMin }), 'phone min');
      await enter(phone, digits(Number(phoneMax) + 1));
      await expectMessage(phone, text('validation.maxLength', { n: phoneMax }), 'phone max');
      await enter(phone, digits(Number(phoneMax)));
      await expectMessage(phone, '', 'phone at max');
    }
    await enter(phone, `${digits(Number(phoneMin) - 1)}x`);
    await expectMessage(phone, text('format.tel'), 'phone pattern');

    // All four filled: Send is enabled; submitting with errors keeps the form and focuses the first invalid field.
    expect(await send.isEnabled(), 'Send enabled when all four are non-empty').toEqual(true);
    await shoot(page, `reassign-${selection.region}-errors-desktop`);
    const phonePage = await newPage({ width: 390, height: 844 });
    await signIn(login, phonePage, user);
    await phonePage.goto(url(host, PATH));
    await openInvite(phonePage, text('reassign.heading'));
    await field(phonePage, label('firstName')).waitFor();
    await phonePage.getByRole('button', { name: text('reassign.send') }).isVisible();
    await enter(field(phonePage, label('firstName')), 'A');
    await enter(field(phonePage, label('email')), 'nope');
    await shoot(phonePage, `reassign-${selection.region}-phone`);

    await send.click();
    await expectMessage(email, text('validation.notOwnEmail'), 'own email after submit');
    expect(calls.count(), 'nothing sent while invalid').toEqual(0);

    // A new address each run (a retried test must not find the officer's account taken by its first run).
    const values = { firstName: 'Alice', lastName: "O'Brien", email: `new.officer.${selection.region}.${Date.now().toString(36)}@example.com`, phone: `+${digits(Number(phoneMin) - 1)}` };
    await enter(email, values.email);
    await enter(phone, values.phone);
    await expectMessage(phone, '', 'phone valid');
    await send.click();

    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect((await dialog.getByRole('heading').first().textContent())?.trim(), 'dialog title').toEqual(text('reassign.invited.title'));
    expect((await dialog.getByText(text('reassign.invited.body'), { exact: true }).count()), 'dialog body').toEqual(1);
    expect(calls.count(), 'reassignQuote sent once').toEqual(1);
    // The real server accepted it: the invited officer got the set-password e-mail.
    expect((await mailbox(values.email)).length, 'invitation e-mail to the new officer').toEqual(1);
    await page.waitForTimeout(400); // let the dialog's enter animation finish before the picture
    await shoot(page, `reassign-${selection.region}-dialog`);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible(), 'dialog is not dismissed by Escape').toEqual(true);
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible(), 'dialog is not dismissed by an outside click').toEqual(true);
    await dialog.getByRole('button', { name: text('reassign.invited.logout') }).click();
    await page.waitForURL((u) => !u.pathname.includes('invited'));
    const after = await graphql(page, host, 'query { user { id } }');
    expect(after.errors?.[0]?.extensions?.code, 'logout ended the server session').toEqual('UNAUTHENTICATED');

    // The invitation's link (the brand's host) opens the reset-password page for the officer's e-mail.
    const [invitation] = await mailbox(values.email);
    const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(invitation.body_text)?.[0];
    if (!link) throw new Error(`no set-password link in ${JSON.stringify(invitation.body_text)}`);
    expect(new URL(link).hostname, 'the link is on the brand host').toEqual(host);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: text('account.reset.heading') }).waitFor();
    expect(await input(page, text('account.reset.username')).inputValue(), 'the officer is the username').toEqual(values.email);
    const officerPassword = `Officer-Pass-${selection.region === 'au' ? 4 : 5}`;
    await input(page, text('account.reset.password')).fill(officerPassword);
    await input(page, text('account.reset.confirmPassword')).fill(officerPassword);
    await input(page, text('account.reset.confirmPassword')).press('Enter');
    await page.getByText(text('auth.reset.updated'), { exact: true }).waitFor();
    await shoot(page, `reassign-${selection.region}-officer-password-set`);

    // The officer signs in on the login page and lands on the application, loaded for them as its primary applicant
    // (the landing page comes rendered for them from the server, with the application it read as them; the API agrees).
    await page.goto(url(host, '/login'));
    await input(page, text('account.login.email')).fill(values.email);
    await input(page, text('account.login.password')).fill(officerPassword);
    await input(page, text('account.login.password')).press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith(`/applications/${user.applicationId}`));
    const body = await graphql<{ getVehicleApplication?: { applicationId: string; roles: string[]; scoreboard: { primaryApplicant: { email: string; confirmed: string } } } }>(page, host,
      'query { getVehicleApplication { applicationId roles scoreboard { primaryApplicant { email confirmed } } } }');
    expect(body.data?.getVehicleApplication, 'the application loads for the officer').toMatchObject({
      applicationId: user.applicationId,
      roles: ['primary'],
      scoreboard: { primaryApplicant: { email: values.email, confirmed: 'no' } },
    });
    await page.locator('main[data-step]').waitFor();
    await shoot(page, `reassign-${selection.region}-officer-landing`);

    // The sender signs in again: no application to land on, and the server refuses them this one.
    const sender = await newPage({ width: 1280, height: 800 });
    const again = await login(sender, userEmail, { host, password: user.password });
    expect(again.success, 'the sender can still sign in').toEqual(true);
    expect(again.redirectTo, 'but lands on no application').not.toMatch(new RegExp(user.applicationId));
    const refused = await graphql(sender, host, 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId } }', { id: user.applicationId });
    expect(refused.errors?.[0]?.extensions?.code, "the sender's next request for the application is refused").toEqual('FORBIDDEN');
  });
}

test('reassign form au: a failing call shows the global error dialog; Try Again re-runs it', async ({ page, url, login, freshApplication, shoot }) => {
  const { text, layers, schema } = layersFor(REGIONS[0].selection);
  // A fresh AU user in orderVerification whose quote envelope exists; the officer named already has an
  // account with another organisation (the NZ brand), so the real server refuses the hand-over (CONFLICT).
  const user = await freshApplication({ region: 'au', role: 'primary', status: 'orderVerification', set: { docusignStatus: 'created', 'scoreboard.docusignStatus': 'created' } });
  const PATH = await signIn(login, page, user);
  const calls = countReassignCalls(page);
  await page.goto(url(REGIONS[0].host, PATH));
  await openInvite(page, text('reassign.heading'));
  const values = { firstName: 'Alice', lastName: 'Smith', email: REGIONS[1].email!, phone: '0'.repeat(Number(schema('reassign', 'phone').minLength)) };
  for (const [name, value] of Object.entries(values)) await enter(field(page, text(`reassign.${name}`)), value);
  const before = calls.count();
  await page.getByRole('button', { name: text('reassign.send') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text('runtime.error.title'), { exact: true }).waitFor();
  await dialog.getByText(text('runtime.error.body', { settings: layers.settings }), { exact: true }).waitFor();
  expect(page.url().endsWith(PATH), 'the step did not move').toEqual(true);
  // One stacked failure, with the server's (catalogue) refusal text.
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  expect((await dialog.getByRole('listitem').textContent())?.trim(), 'the failure says why').not.toEqual('');
  await dialog.getByRole('button', { name: text('runtime.error.tryAgain') }).click();
  await expect.poll(() => calls.count() - before, { message: 'Try Again sent the call again' }).toBe(2);
  await dialog.getByText(text('runtime.error.title'), { exact: true }).waitFor();
  // It failed again: still one failure on the stack, not two.
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await page.waitForTimeout(400); // the dialog's enter animation, before the picture
  await shoot(page, 'reassign-au-error-dialog');
});
