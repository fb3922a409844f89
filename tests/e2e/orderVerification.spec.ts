/**
 * Order verification (spec 000 s2) on the real server, for fresh primary officers in status orderVerification:
 * the quote summary from the application record; AU e-signature from sign-in through the full-screen signing
 * dialog (Cancel, then Sign inside the sandbox's signing page in the frame; the quotesign return page in the
 * frame tells the page to move on) to businessDetails, checked on the server; a declined signing closing the
 * dialog after the return page's delay; NZ wet signature: 'Download Quote' saves `quote.pdf` (its text read with
 * pdftotext) and 'Proceed to Credit Application' moves to businessDetails. The invitation form is folded, with
 * its authorised-officer and disclaimer popups. Every text is read from the definitions.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures, type FreshApplication } from './fixtures';

const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
const NZ = { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' } };

interface Quote {
  status: string;
  docusignStatus: string;
  vehicleDetails: { make: string; model: string; vehicleImage: string };
  leaseDetails: { monthlyRentalNet: number; terms: number };
  quoteDetails: { milesQuoteRef: string };
}

/** The application as the server has it now. */
async function serverQuote(graphql: E2EFixtures['graphql'], page: Page, host: string, applicationId: string): Promise<Quote> {
  const answer = await graphql<{ getVehicleApplication: { scoreboard: Quote } }>(page, host,
    'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { status docusignStatus vehicleDetails { make model vehicleImage } leaseDetails { monthlyRentalNet terms } quoteDetails { milesQuoteRef } } } }',
    { id: applicationId });
  if (!answer.data) throw new Error(`getVehicleApplication: ${JSON.stringify(answer.errors)}`);
  return answer.data.getVehicleApplication.scoreboard;
}

/** Signs the fresh user in and opens their order verification step. */
async function open(login: E2EFixtures['login'], url: E2EFixtures['url'], page: Page, user: FreshApplication, host: string): Promise<string> {
  await login(page, user.email, { host, password: user.password });
  const path = `/applications/${user.applicationId}/order-verification`;
  await page.goto(url(host, path));
  return path;
}

/** The summary's texts as the definitions and the record give them. */
function summaryTexts(selection: Record<string, string>, quote: Quote): string[] {
  const { text, layers } = layersFor(selection);
  const { locale, ...format } = (layers.settings.calculatorUi as { currencyFormat: Record<string, unknown> }).currencyFormat;
  const price = new Intl.NumberFormat(locale as string, format as Intl.NumberFormatOptions).format(quote.leaseDetails.monthlyRentalNet);
  const ctx = { record: { scoreboard: quote } };
  return [
    text('orderVerification.quote.id', { id: quote.quoteDetails.milesQuoteRef }),
    text('orderVerification.quote.make', ctx),
    text('orderVerification.quote.model', ctx),
    text('orderVerification.quote.price', { price }),
    text('orderVerification.quote.term', ctx),
  ];
}

test('order verification au: quote summary, signing dialog (Cancel, then Sign in the frame) to businessDetails', async ({ page, url, login, graphql, freshApplication, shoot, newPage }) => {
  const { text } = layersFor(AU.selection);
  const user = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'orderVerification' });
  await open(login, url, page, user, AU.host);
  const quote = await serverQuote(graphql, page, AU.host, user.applicationId);
  expect(quote.docusignStatus).not.toBe('completed');

  await page.getByRole('heading', { level: 1, name: text('orderVerification.heading'), exact: true }).waitFor();
  for (const line of summaryTexts(AU.selection, quote)) await page.getByText(line, { exact: true }).waitFor();
  expect(text('orderVerification.quote.price', { price: '' }), "spec 000 s2: AU price label").toContain('/m (inc GST)');
  // The vehicle image is the record's (the demo's path has no file behind it: the image block then hides it).
  expect(quote.vehicleDetails.vehicleImage).toBeTruthy();
  // Digital signing: no wet-signature buttons.
  expect(await page.getByRole('button', { name: text('orderVerification.downloadQuote') }).count()).toBe(0);
  // The invitation is folded: its form shows once opened.
  const firstName = page.getByRole('textbox', { name: text('reassign.firstName') });
  expect(await firstName.isVisible()).toBe(false);
  await shoot(page, 'order-verification-au-desktop');
  const phone = await newPage({ width: 390, height: 844 });
  await login(phone, user.email, { host: AU.host, password: user.password });
  await phone.goto(url(AU.host, `/applications/${user.applicationId}/order-verification`));
  await phone.getByRole('heading', { level: 1, name: text('orderVerification.heading'), exact: true }).waitFor();
  await shoot(phone, 'order-verification-au-phone');

  const accept = page.getByRole('button', { name: text('orderVerification.acceptQuote') });
  const dialog = page.getByRole('dialog', { name: text('orderVerification.signing.title') });
  const frame = page.frameLocator(`iframe[title="${text('orderVerification.signing.frameTitle')}"]`);
  // Open, then Cancel: the dialog closes and nothing is signed.
  await accept.click();
  await dialog.waitFor();
  await frame.getByRole('heading', { name: text('esignSandbox.title') }).waitFor();
  await page.waitForTimeout(400); // the dialog's enter animation, before the picture
  await shoot(page, 'order-verification-au-signing-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: text('orderVerification.signing.cancel') }).click();
  await dialog.waitFor({ state: 'detached' });
  expect((await serverQuote(graphql, page, AU.host, user.applicationId)).docusignStatus).toBe('created');

  // Again, and Sign inside the frame: the return page in the frame records it and the page moves on.
  await accept.click();
  await dialog.waitFor();
  await frame.getByRole('button', { name: text('esignSandbox.sign') }).click();
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}/businessDetails`);
  const after = await serverQuote(graphql, page, AU.host, user.applicationId);
  expect(after.docusignStatus, 'the server recorded the signing').toBe('completed');
  expect(after.status, 'the journey moved to business details').toBe('businessDetails');
});

test('order verification au: a declined signing closes the dialog at once and says the quote was declined', async ({ page, url, login, graphql, freshApplication, shoot }) => {
  const { text, layers } = layersFor(AU.selection);
  const user = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'orderVerification' });
  await open(login, url, page, user, AU.host);
  await expect(page.getByText(text('orderVerification.signing.declined'), { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: text('orderVerification.acceptQuote') }).click();
  const dialog = page.getByRole('dialog', { name: text('orderVerification.signing.title') });
  const frame = page.frameLocator(`iframe[title="${text('orderVerification.signing.frameTitle')}"]`);
  await frame.getByRole('button', { name: text('esignSandbox.decline') }).click();
  // Declined: the envelope is known not to be completed, so the parent's Cancel comes without the 4 s delay
  // (that is the second variant's, for other events), and the page says what happened.
  const clicked = Date.now();
  await dialog.waitFor({ state: 'detached' });
  const delay = (layers.settings.quoteSigning as { returnCancelDelayMs: number }).returnCancelDelayMs;
  expect(Date.now() - clicked, 'closed before the second variant\'s delay').toBeLessThan(delay);
  await expect(page.getByRole('status').getByText(text('orderVerification.signing.declined'), { exact: true })).toBeVisible();
  expect(page.url().endsWith('/order-verification'), 'still on order verification').toBe(true);
  const quote = await serverQuote(graphql, page, AU.host, user.applicationId);
  expect([quote.status, quote.docusignStatus]).toEqual(['orderVerification', 'created']);
  await shoot(page, 'order-verification-au-declined');
});

test('order verification nz: wet signature downloads quote.pdf and proceeds to businessDetails; invitation popups', async ({ page, url, login, graphql, freshApplication, shoot }) => {
  const { text, layers } = layersFor(NZ.selection);
  const user = await freshApplication({ region: 'nz', brand: 'kiwi-nz', role: 'primary', status: 'orderVerification', set: { 'scoreboard.wetSignature.signType': 'wet' } });
  await open(login, url, page, user, NZ.host);
  const quote = await serverQuote(graphql, page, NZ.host, user.applicationId);
  for (const line of summaryTexts(NZ.selection, quote)) await page.getByText(line, { exact: true }).waitFor();
  expect(text('orderVerification.quote.price', { price: '' }), 'spec 000 s2: NZ price label').toContain('/m (ex GST)');
  expect(await page.getByRole('button', { name: text('orderVerification.acceptQuote') }).count(), 'no e-signature button').toBe(0);

  // The invitation, its authorised-officer popup (NZ wording) and the disclaimer's sanitised HTML.
  await page.getByText(text('reassign.heading'), { exact: true }).click();
  await page.getByRole('textbox', { name: text('reassign.firstName') }).waitFor();
  await page.getByRole('button', { name: text('orderVerification.officerInfo.open') }).click();
  const info = page.getByRole('dialog', { name: text('orderVerification.officerInfo.title') });
  for (const line of text('orderVerification.officerInfo.body').split('\n')) await info.getByText(line, { exact: true }).waitFor();
  await info.getByRole('button', { name: text('orderVerification.dialog.close') }).click();
  await info.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: text('orderVerification.disclaimer.open') }).click();
  const disclaimer = page.getByRole('dialog', { name: text('orderVerification.disclaimer.title') });
  const strong = /<strong>([^<]+)<\/strong>/.exec(text('orderVerification.disclaimer.html'))?.[1] ?? '';
  expect(await disclaimer.locator('strong').textContent()).toBe(strong);
  await page.waitForTimeout(400);
  await shoot(page, 'order-verification-nz-disclaimer', { fullPage: false });
  await disclaimer.getByRole('button', { name: text('orderVerification.dialog.close') }).click();
  await disclaimer.waitFor({ state: 'detached' });
  await shoot(page, 'order-verification-nz-desktop');

  // Download Quote: a real PDF of this quote, named as the setting says.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: text('orderVerification.downloadQuote') }).click();
  const download = await downloading;
  const fileName = (layers.settings.quoteSigning as { downloadFileName: string }).downloadFileName;
  expect(fileName, 'spec 000 s7').toBe('quote.pdf');
  expect(download.suggestedFilename()).toBe(fileName);
  const pdfText = execFileSync('/usr/bin/pdftotext', [await download.path(), '-'], { encoding: 'utf8' });
  expect(pdfText).toContain(quote.quoteDetails.milesQuoteRef);
  expect(pdfText).toContain(quote.vehicleDetails.make);
  expect(pdfText).toContain(quote.vehicleDetails.model);
  expect(pdfText).toContain(text('signing.quotePdf.termValue', { months: quote.leaseDetails.terms }));
  expect(pdfText).toContain(`/m (${String(layers.settings.gstLabel)})`);

  // Proceed to Credit Application: the server accepts the wet signature and the journey moves on.
  await page.getByRole('button', { name: text('orderVerification.proceed') }).click();
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}/businessDetails`);
  const after = await serverQuote(graphql, page, NZ.host, user.applicationId);
  expect([after.status, after.docusignStatus]).toEqual(['businessDetails', 'completed']);
});
