/**
 * Business details screen (spec 001 s2 'Business details screen', s4, s5, s8, s9; flows/businessDetails.yaml) on the
 * real server, for a fresh AU primary officer in status businessDetails whose applicant details are done (officer
 * confirmed, no second officer) and who has no business details yet: the three sections opened one after another and
 * locked until the one before is saved, the region's contact-number rule, the credit-limit slider with the maximum box,
 * 'Supporting documents required!' over the threshold without statements, uploads refused here (wrong type) and by
 * the server (content not of its type), a real PDF uploaded, and Next reaching approvals with the record completed.
 * Texts come from the definitions.
 */
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';

const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
const { text, layers } = layersFor(AU.selection);
const credit = layers.settings.creditLimit as { autoApproval: number; step: number };
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);

interface FinanceDetails { currentFleetSize: string; numberOfEmployees: string; purchaseMoreVehicles: string; howManyVehicles: number; valueOfApplication: number; maximum: boolean; personalGuarantee: string; completed: string; fileUrls: { uuid: string; fileName: string; mimeType: string }[] }

const section = (page: Page, key: string) => page.locator('details').filter({ has: page.locator('summary', { hasText: text(key) }) });
const radio = (page: Page, question: string, answer: string) => page.getByRole('group', { name: question }).getByRole('radio', { name: answer });

test('AU: three sections one after another, the limit over the threshold blocked without statements, uploads refused and accepted, then approvals', async ({ page, login, url, freshApplication, graphql, shoot }) => {
  test.setTimeout(120_000);
  const user = await freshApplication({ region: 'au', role: 'primary', status: 'businessDetails', set: { 'scoreboard.businessDetails': null } });
  await login(page, user.email, { host: AU.host, password: user.password });
  await page.goto(url(AU.host, `/applications/${user.applicationId}/businessDetails`));

  // (1) open, (2) and (3) locked.
  await expect(page.getByRole('heading', { name: text('businessDetails.heading') })).toBeVisible();
  const entity = section(page, 'businessDetails.section.entity');
  const cashflow = section(page, 'businessDetails.section.cashflow');
  const finance = section(page, 'businessDetails.section.finance');
  await expect(entity).toHaveAttribute('open', '');
  await expect(cashflow.locator('summary')).toHaveAttribute('aria-disabled', 'true');
  await expect(finance.locator('summary')).toHaveAttribute('aria-disabled', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'businessDetails-au-entity-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'businessDetails-au-entity-desktop');

  // The legal name comes from the confirmed company; the contact number is exactly 10 in AU.
  await expect(entity.getByRole('textbox', { name: text('businessDetails.entity.companyLegalName'), exact: true })).not.toHaveValue('');
  // The registered address only from the autocomplete (001 s5): typed text is not an address until a suggestion is picked.
  const address = entity.getByRole('combobox', { name: text('businessDetails.entity.companyLegalAddress') });
  await address.pressSequentially('1 George St');
  const suggestion = entity.getByRole('option', { name: /^1 George Street, Sydney/ });
  await suggestion.waitFor();
  await expect(entity.getByText(text('address.notPicked'))).toBeVisible();
  await suggestion.click();
  await expect(entity.getByText(/post code: 2000/)).toBeVisible();
  await expect(entity.getByText(text('address.notPicked'))).toBeHidden();
  const phone = entity.getByRole('textbox', { name: text('businessDetails.entity.businessContactNumber'), exact: true });
  await phone.fill('029876543');
  await phone.blur();
  await expect(entity.getByText(text('validation.exactLength', { n: 10 }))).toBeVisible();
  const entityNext = entity.getByRole('button', { name: text('businessDetails.next') });
  await expect(entityNext).toBeDisabled();
  await phone.fill('0298765432');
  await entityNext.click();

  // (2) opens, (1) closes; annual revenue in digits.
  await expect(cashflow).toHaveAttribute('open', '');
  await expect(entity).not.toHaveAttribute('open', '');
  const revenue = cashflow.getByRole('textbox', { name: text('businessDetails.cashflow.annualRevenue'), exact: true });
  await revenue.fill('12.5k');
  await revenue.blur();
  await expect(cashflow.getByText(text('format.number'))).toBeVisible();
  await revenue.fill('1250000');
  await cashflow.getByRole('button', { name: text('businessDetails.next') }).click();

  // (3): counts, leasing more (count at least 1), the limit and its maximum box, the guarantee.
  await expect(finance).toHaveAttribute('open', '');
  await finance.getByRole('textbox', { name: text('businessDetails.finance.currentFleetSize'), exact: true }).fill('4');
  await finance.getByRole('textbox', { name: text('businessDetails.finance.numberOfEmployees'), exact: true }).fill('25');
  const next = finance.getByRole('button', { name: text('businessDetails.next'), exact: true });
  await expect(next).toBeDisabled();
  await radio(page, text('businessDetails.finance.more'), text('businessDetails.finance.more.yes')).check();
  await expect(finance.getByText(text('businessDetails.finance.vehicles', { count: 1 }))).toBeVisible();
  await expect(finance.getByRole('button', { name: text('businessDetails.finance.fewer') })).toBeDisabled();
  await finance.getByRole('button', { name: text('businessDetails.finance.oneMore') }).click();
  await expect(finance.getByText(text('businessDetails.finance.vehicles', { count: 2 }))).toBeVisible();

  const slider = finance.getByRole('slider', { name: text('businessDetails.finance.limit') });
  const box = finance.getByRole('checkbox', { name: text('businessDetails.finance.maximum') });
  await box.check();
  await expect(slider).toHaveAttribute('aria-valuetext', money(credit.autoApproval));
  // Below the threshold clears the box; unticking returns the limit to the minimum.
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', String(credit.autoApproval - credit.step));
  await expect(box).not.toBeChecked();
  await box.check();
  await box.uncheck();
  const minimum = Number(await slider.getAttribute('aria-valuemin'));
  await expect(slider).toHaveAttribute('aria-valuenow', String(minimum));
  // Over the threshold the box is not offered.
  await box.check();
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', String(credit.autoApproval + credit.step));
  await expect(box).toBeHidden();
  await radio(page, text('businessDetails.finance.guarantee'), text('businessDetails.finance.guarantee.yes')).check();

  // Over 150000 with a guarantee and no statements: blocked (001 s4, s8).
  await next.click();
  const docs = page.getByRole('alertdialog', { name: text('businessDetails.docs.title') });
  await expect(docs).toBeVisible();
  await expect(docs).toContainText(text('businessDetails.docs.body'));
  await shoot(page, 'businessDetails-au-docs-required');
  await docs.getByRole('button', { name: text('businessDetails.docs.close') }).click();
  await expect(docs).toBeHidden();

  // Uploads: a picture refused here; a 'PDF' that is not one refused by the server; a real PDF listed.
  const picker = finance.locator('input[type="file"]');
  const alert = finance.locator('[data-upload="statements"] [role="alert"]');
  await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
  await expect(alert).toHaveText(text('businessDetails.upload.wrongType', { fileName: 'logo.png' }));
  await picker.setInputFiles({ name: 'statements.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf at all') });
  await expect(alert).toHaveText(text('api.error.TYPE_MISMATCH'));
  const doc = await PDFDocument.create();
  doc.addPage();
  await picker.setInputFiles({ name: 'balance-sheet.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
  await expect(finance.getByRole('listitem').filter({ hasText: 'balance-sheet.pdf' })).toBeVisible();
  await expect(alert).toHaveText('');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'businessDetails-au-finance-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'businessDetails-au-finance-desktop');

  // Next: completed 'yes' on the server, status approvals, the approvals route.
  await next.click();
  await page.waitForURL(`**/applications/${user.applicationId}/approvals`);
  const answer = await graphql<{ getVehicleApplication: { scoreboard: { status: string; businessDetails: { annualRevenue: number; financeDetails: FinanceDetails } } } }>(page, AU.host,
    'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { status businessDetails { annualRevenue financeDetails { currentFleetSize numberOfEmployees purchaseMoreVehicles howManyVehicles valueOfApplication maximum personalGuarantee completed fileUrls { uuid fileName mimeType } } } } } }',
    { id: user.applicationId });
  const board = answer.data!.getVehicleApplication.scoreboard;
  expect(board.status).toBe('approvals');
  expect(board.businessDetails.annualRevenue).toBe(1250000);
  expect(board.businessDetails.financeDetails).toMatchObject({
    currentFleetSize: '4', numberOfEmployees: '25', purchaseMoreVehicles: 'yes', howManyVehicles: 2,
    valueOfApplication: credit.autoApproval + credit.step, maximum: false, personalGuarantee: 'yes', completed: 'yes',
  });
  expect(board.businessDetails.financeDetails.fileUrls.map((f) => [f.fileName, f.mimeType])).toEqual([['balance-sheet.pdf', 'application/pdf']]);
});
