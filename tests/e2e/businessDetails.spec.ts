/**
 * Business details screen (spec 001 s2 'Business details screen', s4, s5, s8, s9; flows/businessDetails.yaml) on the
 * real server, each test on a fresh AU primary officer in status businessDetails whose applicant details are done
 * (officer confirmed, no second officer), started at the section it is about (`START_AT`: the sections before it saved
 * as the seed saves them). The rows of the rule table tests/rules/businessDetails.yaml name these titles. Texts come
 * from the definitions. The whole journeys (AU company, NZ sole trader, calculator applicant) are
 * tests/e2e/businessJourneys.spec.ts.
 */
import { writeFileSync } from 'node:fs';
import { HALF_DONE_BUSINESS_DETAILS } from '../../server/seed/scenarios';
import { AU } from './applicantSteps';
import { fillCounts, openScreen, screen, serverBoard, START_AT, uploadPdf } from './businessSteps';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';

const { layers } = layersFor(AU.selection);
const credit = layers.settings.creditLimit as { autoApproval: number; step: number };
const statements = (layers.settings.businessDetails as { statements: { maxBytes: number } }).statements;
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);

test('business details: each section opens only after the previous one is done', async ({ page, login, url, freshApplication, shoot }) => {
  await openScreen({ login, url, freshApplication }, page, AU, START_AT.entity);
  const s = screen(page, AU);
  // (1) open, (2) and (3) locked.
  await expect(s.entity).toHaveAttribute('open', '');
  await expect(s.cashflow.locator('summary')).toHaveAttribute('aria-disabled', 'true');
  await expect(s.finance.locator('summary')).toHaveAttribute('aria-disabled', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'businessDetails-au-entity-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'businessDetails-au-entity-desktop');

  // The legal name comes from the confirmed company; the registered address only from the autocomplete (001 s5):
  // typed text is not an address until a suggestion is picked.
  await expect(s.textbox(s.entity, 'businessDetails.entity.companyLegalName')).not.toHaveValue('');
  const address = s.entity.getByRole('combobox', { name: s.text('businessDetails.entity.companyLegalAddress') });
  await address.pressSequentially('1 George St');
  const suggestion = s.entity.getByRole('option', { name: /^1 George Street, Sydney/ });
  await suggestion.waitFor();
  await expect(s.entity.getByText(s.text('address.notPicked'))).toBeVisible();
  await suggestion.click();
  await expect(s.entity.getByText(/, Sydney NSW 2000$/)).toBeVisible();
  await expect(s.entity.getByText(s.text('address.notPicked'))).toBeHidden();
  // The contact number is exactly 10 digits in AU: Next waits for it.
  const phone = s.textbox(s.entity, 'businessDetails.entity.businessContactNumber');
  await phone.fill('029876543');
  await phone.blur();
  await expect(s.entity.getByText(s.text('validation.exactLength', { n: 10 }))).toBeVisible();
  await expect(s.next(s.entity)).toBeDisabled();
  await phone.fill('0298765432');
  await s.next(s.entity).click();

  // (2) opens, (1) closes, (3) stays locked; annual revenue in digits.
  await expect(s.cashflow).toHaveAttribute('open', '');
  await expect(s.entity).not.toHaveAttribute('open', '');
  await expect(s.finance.locator('summary')).toHaveAttribute('aria-disabled', 'true');
  const revenue = s.textbox(s.cashflow, 'businessDetails.cashflow.annualRevenue');
  await revenue.fill('12.5k');
  await revenue.blur();
  await expect(s.cashflow.getByText(s.text('format.number'))).toBeVisible();
  await revenue.fill('1250000');
  await s.next(s.cashflow).click();

  // (3) opens.
  await expect(s.finance).toHaveAttribute('open', '');
  await expect(s.finance.locator('summary')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(s.cashflow).not.toHaveAttribute('open', '');
});

test('business details: a restored page opens at the first section not done', async ({ page, login, url, freshApplication, newPage }) => {
  // The entity section saved: the page opens at the cashflow, the finance still locked.
  await openScreen({ login, url, freshApplication }, page, AU, START_AT.cashflow);
  const s = screen(page, AU);
  await expect(page.locator('[data-tracker="steps"]')).toHaveCount(1);
  await expect(s.cashflow).toHaveAttribute('open', '');
  await expect(s.entity).not.toHaveAttribute('open', '');
  await expect(s.finance.locator('summary')).toHaveAttribute('aria-disabled', 'true');
  // The stored registered address counts as picked.
  await s.entity.locator('summary').click();
  await expect(s.entity.getByText(/, Sydney NSW 2000$/)).toBeVisible();
  await expect(s.next(s.entity)).toBeEnabled();

  // Saved and closed in the third section (the seed's half-done demo): the page opens there with the answers restored.
  const other = await newPage({ width: 1280, height: 900 });
  await openScreen({ login, url, freshApplication }, other, AU, HALF_DONE_BUSINESS_DETAILS);
  const t = screen(other, AU);
  await expect(t.finance).toHaveAttribute('open', '');
  await expect(t.entity).not.toHaveAttribute('open', '');
  await expect(t.cashflow).not.toHaveAttribute('open', '');
  await expect(t.textbox(t.finance, 'businessDetails.finance.currentFleetSize')).toHaveValue('4');
  await expect(t.textbox(t.finance, 'businessDetails.finance.numberOfEmployees')).toHaveValue('25');
  await expect(t.radio('businessDetails.finance.more', 'businessDetails.finance.more.yes')).toBeChecked();
  await expect(t.vehicles(2)).toBeVisible();
  await expect(t.slider).toHaveAttribute('aria-valuenow', '100000');
  await expect(t.radio('businessDetails.finance.guarantee', 'businessDetails.finance.guarantee.yes')).toBeChecked();
  await expect(t.next(t.finance)).toBeEnabled();
});

test("business details: a limit over 150000 without statements opens 'Supporting documents required!' and does not save", async ({ page, login, url, freshApplication, graphql, shoot }) => {
  const user = await openScreen({ login, url, freshApplication }, page, AU, START_AT.finance);
  const s = screen(page, AU);
  await fillCounts(page, AU, '4', '25', 'no');
  await s.radio('businessDetails.finance.guarantee', 'businessDetails.finance.guarantee.yes').check();
  // Over the threshold by one step (the maximum box first sets the threshold).
  await s.maximum.check();
  await s.slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(s.slider).toHaveAttribute('aria-valuenow', String(credit.autoApproval + credit.step));
  await s.next(s.finance).click();
  const docs = page.getByRole('alertdialog', { name: s.text('businessDetails.docs.title') });
  await expect(docs).toBeVisible();
  await expect(docs).toContainText(s.text('businessDetails.docs.body'));
  await shoot(page, 'businessDetails-au-docs-required');
  // Blocking: Escape leaves it open; OK closes it, the page stays and nothing was saved.
  await page.keyboard.press('Escape');
  await expect(docs).toBeVisible();
  await docs.getByRole('button', { name: s.text('businessDetails.docs.close') }).click();
  await expect(docs).toBeHidden();
  expect(page.url()).toContain('/businessDetails');
  const board = await serverBoard(graphql, page, AU.host, user.applicationId);
  expect(board.status).toBe('businessDetails');
  expect(board.businessDetails?.financeDetails ?? null).toBe(null);
});

test("business details: guarantee 'no' shows the warning once; Confirm then Next completes", async ({ page, login, url, freshApplication, graphql, shoot }) => {
  const user = await openScreen({ login, url, freshApplication }, page, AU, START_AT.finance);
  const s = screen(page, AU);
  await fillCounts(page, AU, '3', '12', 'no');
  await s.radio('businessDetails.finance.guarantee', 'businessDetails.finance.guarantee.no').check();
  const warning = page.getByRole('alertdialog', { name: s.text('businessDetails.guarantee.title') });
  // Change closes the warning and saves nothing; Next asks again until it is confirmed.
  await s.next(s.finance).click();
  await expect(warning).toContainText(s.text('businessDetails.guarantee.body'));
  await shoot(page, 'businessDetails-au-no-guarantee');
  await warning.getByRole('button', { name: s.text('businessDetails.guarantee.change') }).click();
  await expect(warning).toBeHidden();
  await s.next(s.finance).click();
  await warning.getByRole('button', { name: s.text('businessDetails.guarantee.confirm') }).click();
  await expect(warning).toBeHidden();
  // The page says what to do next (issue 37: no silence after Confirm).
  await expect(page.getByText(s.text('businessDetails.guarantee.confirmed'))).toBeVisible();
  expect((await serverBoard(graphql, page, AU.host, user.applicationId)).businessDetails?.financeDetails ?? null).toBe(null);
  // Confirmed: Next saves without the warning and moves on to approvals.
  await s.next(s.finance).click();
  await page.waitForURL(`**/applications/${user.applicationId}/approvals`);
  const board = await serverBoard(graphql, page, AU.host, user.applicationId);
  expect(board.status).toBe('approvals');
  expect(board.businessDetails?.financeDetails).toMatchObject({ personalGuarantee: 'no', noGuaranteeApproved: true, completed: 'yes', purchaseMoreVehicles: 'no', howManyVehicles: 0 });
});

test('business details: Save & Close saves without completing and logs out', async ({ page, login, url, freshApplication, graphql }) => {
  const user = await openScreen({ login, url, freshApplication }, page, AU, START_AT.finance);
  const s = screen(page, AU);
  await fillCounts(page, AU, '7', '40', 'yes');
  await s.radio('businessDetails.finance.guarantee', 'businessDetails.finance.guarantee.yes').check();
  await page.getByRole('button', { name: s.text('businessDetails.saveClose') }).click();
  await page.waitForURL(/\/login\?reason=saved/);
  // The sign-in page says the progress is saved (issue 37: no silent landing).
  await expect(page.getByText(s.text('session.saved'))).toBeVisible();
  // Signed out: the server answers nothing to this browser until it signs in again.
  const refused = await graphql(page, AU.host, 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId } }', { id: user.applicationId });
  expect(refused.errors?.length).toBeGreaterThan(0);
  await login(page, user.email, { host: AU.host, password: user.password });
  const board = await serverBoard(graphql, page, AU.host, user.applicationId);
  expect(board.status).toBe('businessDetails');
  expect(board.businessDetails?.financeDetails).toMatchObject({ currentFleetSize: '7', numberOfEmployees: '40', purchaseMoreVehicles: 'yes', howManyVehicles: 1, personalGuarantee: 'yes', completed: null });
});

test('business details: answering the leasing-more question sets the vehicle count', async ({ page, login, url, freshApplication, graphql }) => {
  const user = await openScreen({ login, url, freshApplication }, page, AU, START_AT.finance);
  const s = screen(page, AU);
  const fewer = s.finance.getByRole('button', { name: s.text('businessDetails.finance.fewer') });
  const more = s.finance.getByRole('button', { name: s.text('businessDetails.finance.oneMore') });
  // Yes sets 1, never below 1; One more adds one.
  await s.radio('businessDetails.finance.more', 'businessDetails.finance.more.yes').check();
  await expect(s.vehicles(1)).toBeVisible();
  await expect(fewer).toBeDisabled();
  await more.click();
  await more.click();
  await expect(s.vehicles(3)).toBeVisible();
  await fewer.click();
  await expect(s.vehicles(2)).toBeVisible();
  // No sets 0 (the count is hidden); yes again starts at 1.
  await s.radio('businessDetails.finance.more', 'businessDetails.finance.more.no').check();
  await expect(more).toBeHidden();
  await s.radio('businessDetails.finance.more', 'businessDetails.finance.more.yes').check();
  await expect(s.vehicles(1)).toBeVisible();
  // What is saved: no -> 0.
  await s.radio('businessDetails.finance.more', 'businessDetails.finance.more.no').check();
  await page.getByRole('button', { name: s.text('businessDetails.saveClose') }).click();
  await page.waitForURL(/\/login/);
  await login(page, user.email, { host: AU.host, password: user.password });
  expect((await serverBoard(graphql, page, AU.host, user.applicationId)).businessDetails?.financeDetails).toMatchObject({ purchaseMoreVehicles: 'no', howManyVehicles: 0 });
});

test('business details: the maximum box sets the auto-approval limit and unticking returns to the minimum', async ({ page, login, url, freshApplication, shoot }) => {
  await openScreen({ login, url, freshApplication }, page, AU, START_AT.finance);
  const s = screen(page, AU);
  const minimum = Number(await s.slider.getAttribute('aria-valuemin'));
  await s.maximum.check();
  await expect(s.slider).toHaveAttribute('aria-valuetext', money(credit.autoApproval));
  // A limit below the threshold clears the box.
  await s.slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(s.slider).toHaveAttribute('aria-valuenow', String(credit.autoApproval - credit.step));
  await expect(s.maximum).not.toBeChecked();
  // Unticking returns the limit to the minimum.
  await s.maximum.check();
  await expect(s.slider).toHaveAttribute('aria-valuenow', String(credit.autoApproval));
  await s.maximum.uncheck();
  await expect(s.slider).toHaveAttribute('aria-valuenow', String(minimum));
  // Over the threshold the box is not offered.
  await s.maximum.check();
  await s.slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(s.slider).toHaveAttribute('aria-valuenow', String(credit.autoApproval + credit.step));
  await expect(s.maximum).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'businessDetails-au-finance-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'businessDetails-au-finance-desktop');
});

test('business details: a wrong-type upload is refused with its message', async ({ page, login, url, freshApplication, shoot }) => {
  await openScreen({ login, url, freshApplication }, page, AU, START_AT.finance);
  const s = screen(page, AU);
  // Refused here by its name: a picture.
  await s.picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
  await expect(s.uploadAlert).toHaveText(s.text('businessDetails.upload.wrongType', { fileName: 'logo.png' }));
  await shoot(page, 'businessDetails-au-wrong-type');
  // Refused by the server: a type the statements slot does not take, and a 'PDF' whose content is not one.
  await s.picker.setInputFiles({ name: 'notes.pdf', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
  await expect(s.uploadAlert).toHaveText(s.text('api.error.UNSUPPORTED_TYPE'));
  await s.picker.setInputFiles({ name: 'statements.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf at all') });
  await expect(s.uploadAlert).toHaveText(s.text('api.error.TYPE_MISMATCH'));
  await expect(s.uploaded).toHaveCount(0);
  // A real PDF is taken and clears the message.
  await uploadPdf(page, AU, 'balance-sheet.pdf');
  await expect(s.uploadAlert).toHaveText('');
});

test("business details: an oversize upload is refused with 'File size should be under 10MB.'", async ({ page, login, url, freshApplication, graphql }, testInfo) => {
  const user = await openScreen({ login, url, freshApplication }, page, AU, START_AT.finance);
  const s = screen(page, AU);
  const tooBig = statements.maxBytes + 1;
  // Refused here before anything is sent: one byte over the limit (a file on disk: the browser reads it, nothing is copied).
  const path = testInfo.outputPath('annual-report.pdf');
  const pdf = Buffer.alloc(tooBig, 0x20);
  pdf.write('%PDF-1.4\n');
  writeFileSync(path, pdf);
  await s.picker.setInputFiles(path);
  await expect(s.uploadAlert).toHaveText(s.text('businessDetails.upload.tooBig'));
  await expect(s.uploaded).toHaveCount(0);
  // The server refuses the same size with the same text (a client that skips the check).
  const asked = await graphql(page, AU.host, 'mutation($file: FileInput!) { getSignedUrl(file: $file, shouldUpload: false) { uuid signedUrl } }', {
    file: { fileName: 'annual-report.pdf', mimeType: 'application/pdf', size: tooBig, applicationId: user.applicationId, slot: 'scoreboard.businessDetails.financeDetails.fileUrls' },
  });
  expect(asked.errors?.[0]?.message).toBe(s.text('api.error.TOO_LARGE'));
  expect(s.text('api.error.TOO_LARGE')).toBe(s.text('businessDetails.upload.tooBig'));
});
