/**
 * The reassign-authorised-officer form (spec 000 sections 2 and 5) in AU and NZ on the real server,
 * signed in as a seeded demo user in status orderVerification: every message checked verbatim
 * against the catalogue loaded through runtime/core, limits read from the layered schema, Send
 * enabled only when all four fields are filled, the real `reassignQuote` (checked by the invitation
 * e-mail in the dev mailbox and the sender's access ending), then the non-dismissable dialog with Logout.
 */
import type { Page, Request } from 'playwright-core';
import { layersFor } from './definitions';
import { expectEqual, test, type E2EContext } from './harness';
import { enter, expectMessage, field } from './page';

/** Signs the demo user in (real session cookie) and returns the path of their order-verification step. */
async function signIn(t: E2EContext, page: Page, email: string): Promise<{ path: string; applicationId: string }> {
  const { redirectTo } = await t.login(page, email);
  const applicationId = /^\/applications\/([^/]+)/.exec(redirectTo ?? '')?.[1];
  if (!applicationId) throw new Error(`${email} lands on ${redirectTo}, not on an application`);
  return { path: `/applications/${applicationId}/order-verification`, applicationId };
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
  { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' }, email: 'primary.orderverification.au@demo.example' },
  { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' }, email: 'primary.orderverification.nz@demo.example' },
];

for (const { host, selection, email: userEmail } of REGIONS) {
  const { text, schema } = layersFor(selection);
  const label = (f: string) => text(`reassign.${f}`);
  const digits = (n: number) => '0123456789012345'.slice(0, n);

  test(`reassign form ${selection.region}: every message verbatim, Send, dialog`, async (t) => {
    const { page, url, screenshot, newPage, mailbox } = t;
    const { path: PATH } = await signIn(t, page, userEmail);
    const calls = countReassignCalls(page);
    await page.goto(url(host, PATH));
    const first = field(page, label('firstName'));
    const last = field(page, label('lastName'));
    const email = field(page, label('email'));
    const phone = field(page, label('phone'));
    const send = page.getByRole('button', { name: text('reassign.send') });
    await first.waitFor();
    await page.getByRole('heading', { level: 1, name: text('reassign.heading'), exact: true }).waitFor();
    await page.getByText(text('reassign.intro'), { exact: true }).waitFor();
    expectEqual(await page.title(), text('orderVerification.title'), 'page title');
    // Spec 000 s2 'Layouts': a header with the logo (or brand name) and a footer with a Logout link to /logout.
    await page.locator('header').getByRole('link', { name: text('brand.name'), exact: true }).waitFor();
    expectEqual(await page.locator('footer').getByRole('link', { name: text('orderVerification.footer.logout'), exact: true }).getAttribute('href'), '/logout', 'footer Logout link');
    expectEqual(await send.isDisabled(), true, 'Send disabled while empty');

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
      expectEqual(text('format.name'), 'Field needs to be a characters only', 'spec 000 s5 name message');
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
    expectEqual(await send.isDisabled(), true, 'Send disabled while phone empty');

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
    expectEqual(await send.isEnabled(), true, 'Send enabled when all four are non-empty');
    await screenshot(`reassign-${selection.region}-errors-desktop`);
    const phonePage = await newPage({ width: 390, height: 844 });
    await signIn(t, phonePage, userEmail);
    await phonePage.goto(url(host, PATH));
    await field(phonePage, label('firstName')).waitFor();
    await phonePage.getByRole('button', { name: text('reassign.send') }).isVisible();
    await enter(field(phonePage, label('firstName')), 'A');
    await enter(field(phonePage, label('email')), 'nope');
    await phonePage.screenshot({ path: `test-results/reassign-${selection.region}-phone.png`, fullPage: true });

    await send.click();
    await expectMessage(email, text('validation.notOwnEmail'), 'own email after submit');
    expectEqual(calls.count(), 0, 'nothing sent while invalid');

    const values = { firstName: 'Alice', lastName: "O'Brien", email: `new.officer.${selection.region}@example.com`, phone: `+${digits(Number(phoneMin) - 1)}` };
    await enter(email, values.email);
    await enter(phone, values.phone);
    await expectMessage(phone, '', 'phone valid');
    await send.click();

    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expectEqual((await dialog.getByRole('heading').first().textContent())?.trim(), text('reassign.invited.title'), 'dialog title');
    expectEqual((await dialog.getByText(text('reassign.invited.body'), { exact: true }).count()), 1, 'dialog body');
    expectEqual(calls.count(), 1, 'reassignQuote sent once');
    // The real server accepted it: the invited officer got the set-password e-mail.
    expectEqual((await mailbox(values.email)).length, 1, 'invitation e-mail to the new officer');
    await page.waitForTimeout(400); // let the dialog's enter animation finish before the picture
    await screenshot(`reassign-${selection.region}-dialog`);
    await page.keyboard.press('Escape');
    expectEqual(await dialog.isVisible(), true, 'dialog is not dismissed by Escape');
    await page.mouse.click(5, 5);
    expectEqual(await dialog.isVisible(), true, 'dialog is not dismissed by an outside click');
    await dialog.getByRole('button', { name: text('reassign.invited.logout') }).click();
    await page.waitForURL((u) => !u.pathname.includes('invited'));
    const after = await t.graphql(page, host, 'query { user { id } }');
    expectEqual(after.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', 'logout ended the server session');
  });
}

test('reassign form au: a failing call shows the global error dialog; Try Again re-runs it', async (t) => {
  const { page, url } = t;
  const { text, layers, schema } = layersFor(REGIONS[0].selection);
  // Another AU user in orderVerification; the officer named already has an account with another
  // organisation (the NZ brand), so the real server refuses the hand-over (CONFLICT).
  const { path: PATH } = await signIn(t, page, 'primary.quote-created.au@demo.example');
  const calls = countReassignCalls(page);
  await page.goto(url(REGIONS[0].host, PATH));
  const values = { firstName: 'Alice', lastName: 'Smith', email: REGIONS[1].email, phone: '0'.repeat(Number(schema('reassign', 'phone').minLength)) };
  for (const [name, value] of Object.entries(values)) await enter(field(page, text(`reassign.${name}`)), value);
  const before = calls.count();
  await page.getByRole('button', { name: text('reassign.send') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text('runtime.error.title'), { exact: true }).waitFor();
  await dialog.getByText(text('runtime.error.body', { settings: layers.settings }), { exact: true }).waitFor();
  expectEqual(page.url().endsWith(PATH), true, 'the step did not move');
  await dialog.getByRole('button', { name: text('runtime.error.tryAgain') }).click();
  for (let i = 0; i < 100 && calls.count() - before < 2; i++) await page.waitForTimeout(20);
  expectEqual(calls.count() - before, 2, 'Try Again sent the call again');
  await dialog.getByText(text('runtime.error.title'), { exact: true }).waitFor();
});
