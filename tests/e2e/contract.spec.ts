/**
 * The contract page (issue 32; spec 002 s2 'Contract page', 'Wet signature screen', s4, s5) on the real server:
 * AU at desktop width from the accepted screen through the wet signature screen (a download read by pdftotext, Email
 * All to the dev mailbox whose PDF attachments pdftotext reads, a refused file, every upload, Submit & Complete) to
 * the finished home, then a refused delete; NZ at phone width (NZ names, no Quote) to finished; each credit status's
 * screen, the calculator variant and the secondary officer's screen. Every text is read from the definitions.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures, type FreshApplication } from './fixtures';

const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
const NZ = { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' } };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const pdftotext = (bytes: Buffer | string) => execFileSync('/usr/bin/pdftotext', [typeof bytes === 'string' ? bytes : '-', '-'], typeof bytes === 'string' ? { encoding: 'utf8' } : { input: bytes, encoding: 'utf8' }).replace(/\s+/g, ' ');

/** A one-page PDF named as a signed scan. */
async function signedPdf(name: string) {
  const doc = await PDFDocument.create();
  doc.addPage();
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/** Signs a fresh user in and opens their contract page. */
async function openContract(fx: Pick<E2EFixtures, 'login' | 'url'>, page: Page, user: FreshApplication, host: string) {
  await fx.login(page, user.email, { host, password: user.password });
  await page.goto(fx.url(host, `/applications/${user.applicationId}/reviewAndSignContract`));
}

/** Uploads a signed PDF into a document's slot and waits until it is attached on the server (its remove button shows). */
async function upload(page: Page, text: (k: string, p?: Record<string, unknown>) => string, key: string) {
  const file = await signedPdf(`signed-${key}.pdf`);
  const attached = page.waitForResponse((r) => r.url().includes('/graphql') && (r.request().postData() ?? '').includes('uploadWetSignature'));
  await page.locator(`[data-upload-input="upload-${key}"]`).setInputFiles(file);
  await attached;
  await expect(page.locator(`[data-upload="upload-${key}"]`).getByRole('button', { name: text('contract.wet.remove', { fileName: file.name }) })).toBeVisible();
}

test('contract au (desktop): accepted -> wet signature: download, Email All with PDF attachments, uploads, Submit & Complete -> finished; a delete afterwards is refused', async ({ newPage, login, url, freshApplication, mailbox, graphql, shoot }) => {
  const { text } = layersFor(AU.selection);
  const page = await newPage(DESKTOP);
  const user = await freshApplication({ region: 'au', brand: AU.selection.brand, role: 'primary', status: 'reviewAndSignContract',
    set: { 'scoreboard.wetSignature.signType': 'wet', 'scoreboard.businessDetails.financeDetails.personalGuarantee': 'yes' } });
  // From the home, Proceed opens the contract page: approved, signing not yet enabled (002 s2 'Accepted').
  await login(page, user.email, { host: AU.host, password: user.password });
  await page.goto(url(AU.host, `/applications/${user.applicationId}`));
  await page.getByRole('button', { name: text('home.proceed'), exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}/reviewAndSignContract`);
  await page.getByText(text('contract.accepted.body'), { exact: true }).waitFor();
  await page.getByRole('button', { name: text('contract.accepted.wet'), exact: true }).click();

  // The wet signature screen: the three steps, the documents that apply (AU: with the Quote; the guarantee applies).
  await page.getByRole('heading', { level: 1, name: text('contract.wet.heading') }).waitFor();
  for (const step of text('contract.wet.steps').split('\n')) await expect(page.getByText(step, { exact: true })).toBeVisible();
  for (const key of ['documentAI', 'documentMLA', 'documentPCA', 'documentBank', 'documentQuote']) {
    await expect(page.locator(`[data-group="document-${key}"]`).getByText(text(`contract.document.${key}`), { exact: true })).toBeVisible();
  }
  const submit = page.getByRole('button', { name: text('contract.wet.submit'), exact: true });
  await expect(submit).toBeDisabled();
  await shoot(page, 'contract-au-wet-desktop');

  // Download one document: a real PDF of this application, under its region's file name (000 s9).
  const downloading = page.waitForEvent('download');
  await page.locator('[data-group="document-documentMLA"]').getByRole('button', { name: text('contract.wet.download'), exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Master-Lease-Agreement.pdf');
  const mlaText = pdftotext(await download.path());
  expect(mlaText).toContain(text('contract.document.documentMLA'));

  // Email All: Send, then Sent; the e-mail and its PDF attachments in the dev mailbox.
  const address = `lease.${user.applicationId.slice(0, 8)}@example.test`;
  await page.getByRole('textbox', { name: new RegExp(`^${text('contract.wet.emailTo')}`) }).fill(address);
  await page.getByRole('button', { name: text('contract.wet.send'), exact: true }).click();
  await expect(page.getByRole('button', { name: text('contract.wet.sent'), exact: true })).toBeVisible();
  await expect(page.getByText(text('contract.wet.emailed', { email: address }), { exact: true })).toBeVisible();
  const [mail] = await mailbox(address);
  expect(mail.attachments?.map((a) => a.fileName)).toEqual(['Document-Instruction.pdf', 'Master-Lease-Agreement.pdf', 'Personal-Guarantee.pdf', 'Direct-Debit.pdf', 'Quote.pdf']);
  type Board = { companyDetails: { companyName: string }; leaseDetails: { monthlyRentalNet: number }; vehicleDetails: { make: string } };
  const board = await graphql<{ getVehicleApplication: { scoreboard: Board } }>(page, AU.host, 'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { companyDetails { companyName } leaseDetails { monthlyRentalNet } vehicleDetails { make } } } }', { id: user.applicationId });
  const scoreboard = board.data!.getVehicleApplication.scoreboard;
  /** An attachment's bytes, from the dev mailbox (a demo route on the server, any host). */
  const attached = async (path: string) => Buffer.from(await (await fetch(`http://127.0.0.1:${process.env.E2E_PORT}${path}`)).arrayBuffer());
  for (const attachment of mail.attachments!.slice(1)) {
    const bytes = await attached(attachment.url);
    const content = pdftotext(bytes);
    expect(content, attachment.fileName).toContain(scoreboard.companyDetails.companyName);
    expect(content, attachment.fileName).toContain(scoreboard.vehicleDetails.make);
    expect(content, attachment.fileName).toContain(new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 }).format(scoreboard.leaseDetails.monthlyRentalNet));
  }
  expect(pdftotext(await attached(mail.attachments![2].url))).toContain(text('contract.document.documentPCA'));

  // A file that is not a PDF is refused with the spec's one message (002 s5).
  await page.locator('[data-upload-input="upload-documentMLA"]').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
  await expect(page.locator('[data-upload="upload-documentMLA"]').getByRole('alert')).toHaveText(text('contract.wet.tooBig'));

  // Every upload; Submit & Complete only once the last required one is attached (the server's rule).
  for (const key of ['documentMLA', 'documentPCA', 'documentBank']) await upload(page, text, key);
  await expect(submit).toBeDisabled();
  await upload(page, text, 'documentQuote');
  await expect(submit).toBeEnabled();
  await submit.click();
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}`);
  await page.getByRole('heading', { level: 1, name: text('home.headline.finished') }).waitFor();

  // Back on the contract page: 'Documents Submited', and a delete is refused.
  await page.goto(url(AU.host, `/applications/${user.applicationId}/reviewAndSignContract`));
  await expect(page.getByRole('button', { name: text('contract.wet.submitted'), exact: true })).toBeDisabled();
  await page.locator('[data-upload="upload-documentBank"]').getByRole('button', { name: text('contract.wet.remove', { fileName: 'signed-documentBank.pdf' }) }).click();
  const refused = page.getByRole('dialog', { name: text('contract.wet.deleteRefused.title') });
  await expect(refused.getByText(text('contract.wet.deleteRefused.body'), { exact: true })).toBeVisible();
  await shoot(page, 'contract-au-delete-refused-desktop');
  await refused.getByRole('button', { name: text('contract.wet.deleteRefused.close'), exact: true }).click();
  await expect(page.locator('[data-upload="upload-documentBank"]').getByText('signed-documentBank.pdf', { exact: true })).toBeVisible();
});

test('contract nz (phone): the NZ documents (no Quote) to finished', async ({ newPage, login, url, freshApplication, shoot }) => {
  const { text } = layersFor(NZ.selection);
  const page = await newPage(PHONE);
  const user = await freshApplication({ region: 'nz', brand: NZ.selection.brand, role: 'primary', status: 'reviewAndSignContract',
    set: { 'scoreboard.wetSignature.signType': 'wet', 'scoreboard.businessDetails.financeDetails.personalGuarantee': 'no' } });
  await openContract({ login, url }, page, user, NZ.host);
  await page.getByRole('button', { name: text('contract.accepted.wet'), exact: true }).click();
  await page.getByRole('heading', { level: 1, name: text('contract.wet.heading') }).waitFor();
  await expect(page.locator('[data-group="document-documentMLA"]').getByText('Motor Vehicle Leasing Terms & Conditions', { exact: true })).toBeVisible();
  await expect(page.locator('[data-group="document-documentQuote"]')).toHaveCount(0);
  await expect(page.locator('[data-upload="upload-documentQuote"]')).toHaveCount(0);
  await expect(page.locator('[data-upload="upload-documentPCA"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing scrolls sideways').toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'contract-nz-wet-phone');
  await upload(page, text, 'documentMLA');
  await upload(page, text, 'documentBank');
  await page.getByRole('button', { name: text('contract.wet.submit'), exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}`);
  await page.getByRole('heading', { level: 1, name: text('home.headline.finished') }).waitFor();
});

test('contract au: each credit status has its screen; the calculator variant; the secondary officer\'s wet-signature screen', async ({ newPage, login, url, freshApplication, shoot }) => {
  const { text } = layersFor(AU.selection);
  const fresh = (role: 'primary' | 'secondary' | 'calculator', set: Record<string, unknown>) => freshApplication({ region: 'au', brand: AU.selection.brand, role, status: 'reviewAndSignContract', set });
  const open = async (user: FreshApplication) => {
    const page = await newPage(DESKTOP);
    await openContract({ login, url }, page, user, AU.host);
    return page;
  };
  // refer, referred (a missing status reads as refer): sent for review, Log Out.
  for (const status of ['refer', 'Referred']) {
    const page = await open(await fresh('primary', { 'scoreboard.statusCreditCheck': status }));
    await page.getByText(text('contract.review.body'), { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: text('contract.logout'), exact: true })).toBeVisible();
    if (status === 'refer') await shoot(page, 'contract-au-review-desktop');
  }
  // declined: our screen.
  const declined = await open(await fresh('primary', { 'scoreboard.statusCreditCheck': 'declined' }));
  await declined.getByText(text('contract.declined.body'), { exact: true }).waitFor();
  // waiting: on to application-on-hold.
  const waitingUser = await fresh('primary', { 'scoreboard.statusCreditCheck': 'waiting' });
  const waiting = await open(waitingUser);
  await waiting.waitForURL((u) => u.pathname === `/applications/${waitingUser.applicationId}/application-on-hold`);
  // approved, digital: the accepted screen's Sign Lease; a calculator applicant's Return to shortlist goes to the dashboard.
  const calculator = await open(await fresh('calculator', {}));
  await calculator.getByText(text('contract.accepted.body'), { exact: true }).waitFor();
  await expect(calculator.getByRole('button', { name: text('contract.accepted.digital'), exact: true })).toBeVisible();
  await calculator.getByRole('button', { name: text('contract.returnToShortlist'), exact: true }).click();
  await calculator.waitForURL((u) => u.pathname === '/dashboard');
  // Authorised Officer (2) with wet signature: only the one line.
  const secondaryUser = await fresh('secondary', { 'scoreboard.wetSignature.signType': 'wet', 'scoreboard.statusSecondary': 'reviewAndSignContract', 'scoreboard.secondaryApplicant.identityVerificationStatus': 'completed' });
  const secondary = await open(secondaryUser);
  await secondary.waitForURL((u) => u.pathname === `/applications/${secondaryUser.applicationId}/secondary-waiting`);
  await expect(secondary.locator('main').getByText(text('contract.secondary.body'), { exact: true })).toBeVisible();
});
