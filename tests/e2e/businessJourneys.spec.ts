/**
 * Application journey II end to end (issue 13 item 9; spec 001 s2-s5, s9): from the applicant details to approvals
 * as an applicant clicks through them, from the definitions alone. (a) An AU company with a second Authorised
 * Officer, a personal guarantee and a limit over the auto-approval threshold with statements uploaded; (b) an NZ sole
 * trader the registry knows without an NZBN (no second-officer and no guarantee question, an NZ contact number and
 * an NZ address from the autocomplete); (c) a calculator applicant's business details (one column, no progress
 * steps). The single rules of the screens are tests/e2e/applicantDetails.spec.ts and businessDetails.spec.ts.
 */
import { AU, NZ, SAMPLE, answer, business, chooseIndustry, lookUp, open } from './applicantSteps';
import { fillCashflow, fillCounts, fillEntity, openScreen, screen, serverBoard, START_AT, uploadPdf } from './businessSteps';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';

test('journey au: a company with a second officer, a guarantee and a limit over the threshold with statements reaches approvals', async ({ page, login, url, freshApplication, graphql }) => {
  const { text, layers } = layersFor(AU.selection);
  const credit = layers.settings.creditLimit as { autoApproval: number; step: number };
  const user = await open({ login, url, freshApplication }, page, AU);
  // Applicant details: the company, 'Are you an Authorised Officer?' yes, more than one, Authorised Officer (2).
  await lookUp(page, AU, business(AU, true), undefined, false);
  await chooseIndustry(page, AU, false);
  await page.getByRole('button', { name: text('applicantDetails.company.confirm'), exact: true }).click();
  await answer(page, text('applicantDetails.officer.question'), text('applicantDetails.officer.yes'));
  await answer(page, text('applicantDetails.officer.moreQuestion'), text('applicantDetails.officer.yes'));
  await page.getByRole('button', { name: text('applicantDetails.officer.continue'), exact: true }).click();
  await page.getByLabel(text('applicantDetails.secondary.firstName')).fill('Nina');
  await page.getByLabel(text('applicantDetails.secondary.lastName')).fill('Second');
  await page.getByLabel(text('applicantDetails.secondary.email')).fill(`nina.${user.applicationId.slice(0, 8)}@example.com`);
  await page.getByLabel(text('applicantDetails.secondary.phone')).fill('0412345678');
  await page.getByLabel(text('applicantDetails.secondary.role')).selectOption({ label: text('applicantDetails.secondary.role.director') });
  await page.getByRole('button', { name: text('applicantDetails.secondary.continue'), exact: true }).last().click();

  // Business details: the three sections.
  const s = screen(page, AU);
  await expect(s.heading).toBeVisible();
  await fillEntity(page, AU, { query: '1 George St', option: /^1 George Street, Sydney/ }, '0298765432');
  await fillCashflow(page, AU, '2400000');
  await fillCounts(page, AU, '12', '85', 'yes');
  await s.finance.getByRole('button', { name: text('businessDetails.finance.oneMore') }).click();
  await s.maximum.check();
  await s.slider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  const limit = credit.autoApproval + 5 * credit.step;
  await expect(s.slider).toHaveAttribute('aria-valuenow', String(limit));
  await s.radio('businessDetails.finance.guarantee', 'businessDetails.finance.guarantee.yes').check();
  await uploadPdf(page, AU, 'balance-sheet-2024.pdf');
  await uploadPdf(page, AU, 'income-statement-2024.pdf');
  await s.next(s.finance).click();
  await page.waitForURL(`**/applications/${user.applicationId}/approvals`);

  const board = await serverBoard(graphql, page, AU.host, user.applicationId);
  expect(board.status).toBe('approvals');
  expect(board.businessDetails?.entityDetails).toMatchObject({ companyLegalAddress: '1 George Street, Sydney NSW 2000', businessContactNumber: '0298765432', postCode: '2000' });
  expect(board.businessDetails?.annualRevenue).toBe(2400000);
  expect(board.businessDetails?.financeDetails).toMatchObject({
    currentFleetSize: '12', numberOfEmployees: '85', purchaseMoreVehicles: 'yes', howManyVehicles: 2, valueOfApplication: limit, maximum: false, personalGuarantee: 'yes', completed: 'yes',
  });
  expect(board.businessDetails?.financeDetails?.fileUrls?.map((f) => [f.fileName, f.mimeType])).toEqual([['balance-sheet-2024.pdf', 'application/pdf'], ['income-statement-2024.pdf', 'application/pdf']]);
  const officers = await graphql<{ getVehicleApplication: { scoreboard: { secondaryApplicant: { firstName: string; applicantType: string } } } }>(page, AU.host,
    'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { secondaryApplicant { firstName applicantType } } } }', { id: user.applicationId });
  expect(officers.data?.getVehicleApplication.scoreboard.secondaryApplicant).toEqual({ firstName: 'Nina', applicantType: 'director' });
});

test('journey nz: a sole trader without an NZBN reaches approvals with no guarantee question', async ({ page, login, url, freshApplication, graphql, shoot }) => {
  const { text } = layersFor(NZ.selection);
  const user = await open({ login, url, freshApplication }, page, NZ);
  const soleTrader = SAMPLE.NZ.withoutNumber![0].name;
  await lookUp(page, NZ, soleTrader, undefined, false);
  await expect(page.getByText(text('applicantDetails.company.tradingAs', { name: soleTrader }))).toBeVisible();
  await chooseIndustry(page, NZ, false);
  await page.getByRole('button', { name: text('applicantDetails.company.confirm'), exact: true }).click();
  await answer(page, text('applicantDetails.officer.question'), text('applicantDetails.officer.yes'));
  await page.getByRole('button', { name: text('applicantDetails.officer.continue'), exact: true }).click();

  const s = screen(page, NZ);
  await expect(s.heading).toBeVisible();
  await expect(s.textbox(s.entity, 'businessDetails.entity.companyLegalName')).toHaveValue(soleTrader);
  // An NZ contact number is 9 to 12 digits: 8 is refused.
  const phone = s.textbox(s.entity, 'businessDetails.entity.businessContactNumber');
  await phone.fill('09303123');
  await phone.blur();
  await expect(s.entity.getByText(text('validation.minLength', { n: 9 }))).toBeVisible();
  await fillEntity(page, NZ, { query: '1 Queen St Auckland', option: /^1 Queen Street, Auckland Central/ }, '093031234');
  await fillCashflow(page, NZ, '480000');
  await fillCounts(page, NZ, '2', '3', 'no');
  // No personal guarantee for a sole trader: Next is enabled without it; the default limit needs no statements.
  await expect(s.guarantee).toHaveCount(0);
  await shoot(page, 'businessDetails-nz-sole-trader-finance');
  await s.next(s.finance).click();
  await page.waitForURL(`**/applications/${user.applicationId}/approvals`);

  const board = await serverBoard(graphql, page, NZ.host, user.applicationId);
  expect(board.status).toBe('approvals');
  expect(board.businessDetails?.entityDetails).toMatchObject({ companyLegalName: soleTrader, suburb: 'Auckland Central', postCode: '1010', businessContactNumber: '093031234' });
  expect(board.businessDetails?.financeDetails).toMatchObject({ currentFleetSize: '2', numberOfEmployees: '3', purchaseMoreVehicles: 'no', personalGuarantee: null, completed: 'yes' });
});

test('journey calculator: the calculator applicant fills business details in one column without progress steps', async ({ page, login, url, freshApplication, graphql, shoot }) => {
  const user = await openScreen({ login, url, freshApplication }, page, AU, START_AT.finance, 'calculator');
  const s = screen(page, AU);
  await expect(page.locator('[data-tracker="steps"]')).toHaveCount(0);
  await shoot(page, 'businessDetails-au-calculator');
  await fillCounts(page, AU, '1', '4', 'yes');
  await s.radio('businessDetails.finance.guarantee', 'businessDetails.finance.guarantee.yes').check();
  await s.next(s.finance).click();
  await page.waitForURL(`**/applications/${user.applicationId}/approvals`);
  const board = await serverBoard(graphql, page, AU.host, user.applicationId);
  expect(board.status).toBe('approvals');
  expect(board.businessDetails?.financeDetails).toMatchObject({ purchaseMoreVehicles: 'yes', howManyVehicles: 1, personalGuarantee: 'yes', completed: 'yes' });
});
