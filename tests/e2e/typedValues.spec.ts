/**
 * Names and numbers as a real applicant types them on a phone (issue 37 items 1, 2 and 7), on the real server in
 * headless Chromium at 390 px: the invitation form of order verification takes a Māori name with macrons, a curly
 * apostrophe and a hyphen, and a phone number typed with spaces; no message shows, Send sends the phone without its
 * spaces, and the invitation e-mail names the company and the sender. Screenshots at phone width.
 */
import type { Page } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';
import { enter, expectMessage, field } from './page';

const AU = { region: 'au', brand: 'acme-au' };

test('the invite form at phone width takes a Māori name, a curly apostrophe, a hyphen and a spaced phone', async ({ newPage, url, login, freshApplication, mailbox, graphql, shoot }) => {
  const { text } = layersFor(AU);
  const user = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'orderVerification' });
  const page: Page = await newPage({ width: 390, height: 844 });
  const answer = await login(page, user.email, { host: user.host, password: user.password });
  const company = (await graphql<{ getVehicleApplication: { scoreboard: { companyDetails: { companyName: string } } } }>(page, user.host, 'query E2ECompany { getVehicleApplication { scoreboard { companyDetails { companyName } } } }')).data!.getVehicleApplication.scoreboard.companyDetails.companyName;
  await page.goto(url(user.host, `/applications/${user.applicationId}/order-verification`));
  await page.getByText(text('reassign.heading'), { exact: true }).click();
  const first = field(page, text('reassign.firstName'));
  const last = field(page, text('reassign.lastName'));
  const email = field(page, text('reassign.email'));
  const phone = field(page, text('reassign.phone'));
  await first.waitFor();

  for (const name of ['Tūhoe', 'Mere Pārata', 'Ann-Marie']) {
    await enter(first, name);
    await expectMessage(first, '', `first name ${name}`);
  }
  await enter(last, 'O’Neil-Smith');
  await expectMessage(last, '', 'a curly apostrophe and a hyphen');
  await enter(last, 'O’Neil_Smith');
  await expectMessage(last, text('format.name'), "what is really wrong keeps the spec's text");
  await enter(last, 'O’Neil-Smith');
  await enter(email, `mere.parata.${Date.now().toString(36)}@example.com`);
  await enter(phone, '0412 345 67');
  await expectMessage(phone, text('validation.exactLength', { n: 10 }), 'nine digits, spaces not counted');
  await enter(phone, '0412 345 678');
  await expectMessage(phone, '', 'ten digits typed with spaces');
  await shoot(page, 'typed-values-invite-phone');

  const sent = page.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes('reassignQuote'));
  await page.getByRole('button', { name: text('reassign.send') }).click();
  const variables = ((await sent).postDataJSON() as { variables: { userInfo: Record<string, string> } }).variables.userInfo;
  expect(variables).toMatchObject({ firstName: 'Ann-Marie', lastName: 'O’Neil-Smith', phone: '0412345678' });
  await page.getByRole('alertdialog').waitFor();

  // The invitation e-mail: the company and the sender named, the link's lifetime the setting's, no stray space.
  const [mail] = await mailbox(variables.email);
  const sender = `${answer.user?.firstName ?? ''} ${answer.user?.lastName ?? ''}`.trim();
  expect(sender).not.toBe('');
  expect(mail.subject).toBe(`${sender} invited you to continue the lease application of ${company}`);
  expect(mail.body_text).toContain(`as an authorised officer of ${company},`);
  expect(mail.body_text).toContain('The link expires in 72 hours.');
});
