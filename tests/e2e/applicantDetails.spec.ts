/**
 * Applicant details (spec 001 s2-s5, s8, s9; flows/applicantDetails.yaml) on the real server, for fresh quote
 * recipients in status businessDetails with no company confirmed and no Authorised Officer yet: an AU company
 * found in the Company Lookup dialog, its industry cascade and Confirm, 'Are you an Authorised Officer?' yes,
 * a second officer named, and the page restored locked; an NZ sole trader without an NZBN ('Trading as Name',
 * no second-officer question); an entity type the region does not accept (the blocking NOT_ALLOWED dialog:
 * Change reopens the lookup, Confirm & Logout logs out); a nominee handed the application and the nominator
 * logged out. Texts come from the definitions; registry rows from the seed's sample (server/seed/data).
 */
import type { Page } from '@playwright/test';
import { AU, NZ, SAMPLE, TREE, answer, business, chooseIndustry, lookUp, open } from './applicantSteps';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures } from './fixtures';

interface Scoreboard {
  status: string;
  companyDetails: Record<string, string> | null;
  entityDetails: Record<string, string> | null;
  primaryApplicant: Record<string, string> | null;
  secondaryApplicant: Record<string, string> | null;
}
const SCOREBOARD = 'companyDetails { companyName companyLegalName abn nzbn confirmed } entityDetails { entityName entityType industry subDivision subGroup hasSecondaryApplicant confirmed } primaryApplicant { userId confirmed email } secondaryApplicant { userId firstName email applicantType }';

async function serverRecord(graphql: E2EFixtures['graphql'], page: Page, host: string, id: string): Promise<Scoreboard> {
  const answer = await graphql<{ getVehicleApplication: { scoreboard: Scoreboard } }>(page, host, `query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { status ${SCOREBOARD} } } }`, { id });
  if (!answer.data) throw new Error(`getVehicleApplication: ${JSON.stringify(answer.errors)}`);
  return answer.data.getVehicleApplication.scoreboard;
}

test('applicant details au: company lookup, industry cascade, Confirm, the officer and Authorised Officer (2); restored locked', async ({ page, url, login, graphql, freshApplication, shoot, newPage }) => {
  const { text } = layersFor(AU.selection);
  const user = await open({ login, url, freshApplication }, page, AU);
  await expect(page.getByRole('heading', { name: text('applicantDetails.heading') })).toBeVisible();
  // Progress indicator at step 2 (the primary journey's steps).
  await expect(page.locator('[data-tracker="steps"] [aria-current="step"]')).toHaveText(new RegExp(text('home.primary.step.businessDetails')));
  const confirm = page.getByRole('button', { name: text('applicantDetails.company.confirm'), exact: true });
  await expect(confirm).toBeDisabled();
  const name = business(AU, true);
  await lookUp(page, AU, name, shoot);
  await expect(page.getByText(text('applicantDetails.company.legalName', { name }))).toBeVisible();
  // The ABN shown as people write it (AU settings.businessNumber.groups: 2 3 3 3), stored as 11 digits (below).
  const label = text('applicantDetails.company.number', { number: '' }).trim();
  await expect(page.getByText(new RegExp(`^${label} \\d{2} \\d{3} \\d{3} \\d{3}$`))).toBeVisible();
  const industry = await chooseIndustry(page, AU);
  await shoot(page, 'applicant-details-au-company');
  await confirm.click();
  await expect(page.getByText(text('applicantDetails.company.confirmed'))).toBeVisible();
  // Confirmed: the industry fields lock (shown as text, no drop-downs).
  await expect(page.getByLabel(text('applicantDetails.company.industry'))).toHaveCount(0);
  let record = await serverRecord(graphql, page, AU.host, user.applicationId);
  expect(record.companyDetails).toMatchObject({ companyName: name, confirmed: 'yes' });
  expect(record.companyDetails?.abn).toMatch(/^\d{11}$/);
  expect(record.entityDetails).toMatchObject({ entityName: name, ...industry, confirmed: 'yes' });

  await answer(page, text('applicantDetails.officer.question'), text('applicantDetails.officer.yes'));
  const cont = page.getByRole('button', { name: text('applicantDetails.officer.continue'), exact: true });
  await expect(cont).toBeDisabled();
  await answer(page, text('applicantDetails.officer.moreQuestion'), text('applicantDetails.officer.yes'));
  await cont.click();
  await expect(page.getByText(text('applicantDetails.secondary.intro'))).toBeVisible();
  const second = { firstName: 'Nina', lastName: 'Second', email: `nina.${user.applicationId.slice(0, 8)}@example.com`, phone: '0412345678' };
  await page.getByLabel(text('applicantDetails.secondary.firstName')).fill(second.firstName);
  await page.getByLabel(text('applicantDetails.secondary.lastName')).fill(second.lastName);
  await page.getByLabel(text('applicantDetails.secondary.email')).fill(second.email);
  await page.getByLabel(text('applicantDetails.secondary.phone')).fill(second.phone);
  const secondContinue = page.getByRole('button', { name: text('applicantDetails.secondary.continue'), exact: true }).last();
  await expect(secondContinue).toBeDisabled();
  await page.getByLabel(text('applicantDetails.secondary.role')).selectOption({ label: text('applicantDetails.secondary.role.director') });
  await secondContinue.click();
  // Done: the route shows the business details screen (flows/businessDetails.yaml).
  await expect(page.getByRole('heading', { level: 1, name: text('businessDetails.heading') })).toBeVisible();
  record = await serverRecord(graphql, page, AU.host, user.applicationId);
  expect(record.primaryApplicant).toMatchObject({ userId: expect.any(String), confirmed: 'yes', email: user.email });
  expect(record.entityDetails?.hasSecondaryApplicant).toBe('yes');
  expect(record.secondaryApplicant).toMatchObject({ userId: expect.any(String), firstName: second.firstName, email: second.email, applicantType: 'director' });
  await shoot(page, 'applicant-details-au-done');

  // Page restore skips what is confirmed: no lookup, no question, no form.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: text('businessDetails.heading') })).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('group', { name: text('applicantDetails.officer.question') })).toHaveCount(0);
  const phone = await newPage({ width: 390, height: 844 });
  await login(phone, user.email, { host: AU.host, password: user.password });
  await phone.goto(url(AU.host, `/applications/${user.applicationId}/businessDetails`));
  await expect(phone.getByRole('heading', { level: 1, name: text('businessDetails.heading') })).toBeVisible();
  await shoot(phone, 'applicant-details-au-done-phone');
});

test("applicant details nz: a sole trader without an NZBN is 'Trading as Name', with no second-officer question", async ({ page, url, login, graphql, freshApplication, shoot }) => {
  const { text } = layersFor(NZ.selection);
  const user = await open({ login, url, freshApplication }, page, NZ);
  const soleTrader = SAMPLE.NZ.withoutNumber![0].name;
  await lookUp(page, NZ, soleTrader, shoot);
  await expect(page.getByText(text('applicantDetails.company.tradingAs', { name: soleTrader }))).toBeVisible();
  await chooseIndustry(page, NZ);
  await shoot(page, 'applicant-details-nz-sole-trader');
  await page.getByRole('button', { name: text('applicantDetails.company.confirm'), exact: true }).click();
  await answer(page, text('applicantDetails.officer.question'), text('applicantDetails.officer.yes'));
  await expect(page.getByRole('group', { name: text('applicantDetails.officer.moreQuestion') })).toHaveCount(0);
  await page.getByRole('button', { name: text('applicantDetails.officer.continue'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('businessDetails.heading') })).toBeVisible();
  const record = await serverRecord(graphql, page, NZ.host, user.applicationId);
  expect(record.companyDetails).toMatchObject({ companyName: soleTrader, confirmed: 'yes', nzbn: null });
  expect(record.entityDetails).toMatchObject({ entityType: 'Sole_Trader', hasSecondaryApplicant: 'no', confirmed: 'yes' });
  expect(record.primaryApplicant).toMatchObject({ confirmed: 'yes' });
  await shoot(page, 'applicant-details-nz-done');
});

test('applicant details: an entity type the region does not accept opens the blocking dialog (Change, Confirm & Logout)', async ({ page, url, login, graphql, freshApplication, shoot }) => {
  const { text } = layersFor(AU.selection);
  const user = await open({ login, url, freshApplication }, page, AU);
  const name = business(AU, false);
  await lookUp(page, AU, name);
  await chooseIndustry(page, AU);
  await page.getByRole('button', { name: text('applicantDetails.company.confirm'), exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: text('applicantDetails.notAllowed.title') });
  await expect(dialog.getByText(text('applicantDetails.notAllowed.body'))).toBeVisible();
  await shoot(page, 'applicant-details-not-allowed');
  // Blocking: Escape leaves it open.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const record = await serverRecord(graphql, page, AU.host, user.applicationId);
  expect(record.entityDetails?.entityType).not.toBe(undefined);
  expect(record.entityDetails?.confirmed ?? null).toBe(null);
  // Change reopens the lookup.
  await dialog.getByRole('button', { name: text('applicantDetails.notAllowed.change') }).click();
  const lookup = page.getByRole('dialog', { name: text('applicantDetails.lookup.title') });
  await expect(lookup).toBeVisible();
  await lookup.getByLabel(text('applicantDetails.lookup.label')).fill(name);
  await lookup.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: text('applicantDetails.lookup.select') }).click();
  await page.getByRole('button', { name: text('applicantDetails.company.confirm'), exact: true }).click();
  await dialog.getByRole('button', { name: text('applicantDetails.notAllowed.logout') }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('applicant details: a nominee is handed the application, the nominator sees the new-applicant dialog and is logged out', async ({ page, url, login, graphql, freshApplication, mailbox, shoot }) => {
  const { text } = layersFor(AU.selection);
  const user = await open({ login, url, freshApplication }, page, AU);
  await lookUp(page, AU, business(AU, true));
  await chooseIndustry(page, AU);
  await page.getByRole('button', { name: text('applicantDetails.company.confirm'), exact: true }).click();
  await answer(page, text('applicantDetails.officer.question'), text('applicantDetails.officer.no'));
  const nominee = { firstName: 'Omar', lastName: 'Officer', email: `omar.${user.applicationId.slice(0, 8)}@example.com`, phone: '0498765432' };
  await page.getByLabel(text('reassign.firstName')).fill(nominee.firstName);
  await page.getByLabel(text('reassign.lastName')).fill(nominee.lastName);
  await page.getByLabel(text('reassign.email')).fill(nominee.email);
  await page.getByLabel(text('reassign.phone')).fill(nominee.phone);
  await page.getByRole('button', { name: text('applicantDetails.officer.submit'), exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: text('applicantDetails.newApplicant.title') });
  await expect(dialog.getByText(text('applicantDetails.newApplicant.body'))).toBeVisible();
  await shoot(page, 'applicant-details-nominee');
  // The application is the nominee's now: the nominator may no longer read it.
  const refused = await graphql(page, AU.host, 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId } }', { id: user.applicationId });
  expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect((await mailbox(nominee.email)).length).toBe(1);
  await dialog.getByRole('button', { name: text('applicantDetails.newApplicant.close') }).click();
  await expect(page).toHaveURL(/\/login/);
});

/** A nominated officer's application: the company confirmed by the nominator, the officer named and not confirmed. */
function nominated(officer: Record<string, unknown> = {}): Record<string, unknown> {
  const [industry] = TREE;
  return {
    'scoreboard.companyDetails.confirmed': 'yes',
    'scoreboard.entityDetails': { entityName: 'Demo Company', entityType: 'PRV', industry: industry.name, subDivision: industry.subDivisions[0].name, subGroup: industry.subDivisions[0].subGroups[0], confirmed: 'yes' },
    'scoreboard.primaryApplicant.confirmed': 'no',
    ...officer,
  };
}

test("applicant details: the nominated officer is asked 'Do you wish to continue as the nominated Authorised Officer?'; anyone else sees only Logout", async ({ page, url, login, graphql, freshApplication, shoot }) => {
  const { text } = layersFor(AU.selection);
  const user = await freshApplication({ region: 'au', brand: AU.selection.brand, role: 'primary', status: 'businessDetails', set: nominated() });
  await login(page, user.email, { host: AU.host, password: user.password });
  await page.goto(url(AU.host, `/applications/${user.applicationId}/businessDetails`));
  // The company is confirmed (locked); the nominee is asked to continue, not whether they are an officer.
  await expect(page.getByText(text('applicantDetails.company.confirmed'))).toBeVisible();
  await expect(page.getByRole('group', { name: text('applicantDetails.officer.question') })).toHaveCount(0);
  await expect(page.getByRole('group', { name: text('applicantDetails.officer.continueQuestion') })).toBeVisible();
  await answer(page, text('applicantDetails.officer.continueQuestion'), text('applicantDetails.officer.yes'));
  // Not a sole trader: the second-officer question, then 'Confirm & Continue'.
  const confirm = page.getByRole('button', { name: text('applicantDetails.officer.confirmContinue'), exact: true });
  await expect(confirm).toBeDisabled();
  await answer(page, text('applicantDetails.officer.moreQuestion'), text('applicantDetails.officer.no'));
  await shoot(page, 'applicant-details-au-nominated');
  await confirm.click();
  await expect(page.getByRole('heading', { level: 1, name: text('businessDetails.heading') })).toBeVisible();
  const record = await serverRecord(graphql, page, AU.host, user.applicationId);
  expect(record.primaryApplicant).toMatchObject({ confirmed: 'yes', email: user.email });
  expect(record.entityDetails?.hasSecondaryApplicant).toBe('no');

  // Another user where a nominated officer is awaited: only Logout.
  const other = await freshApplication({ region: 'au', brand: AU.selection.brand, role: 'primary', status: 'businessDetails',
    set: nominated({ 'scoreboard.primaryApplicant.userId': '00000000-0000-4000-8000-00000000a0a0', 'scoreboard.primaryApplicant.firstName': 'Olive', 'scoreboard.primaryApplicant.lastName': 'Officer' }) });
  await login(page, other.email, { host: AU.host, password: other.password });
  await page.goto(url(AU.host, `/applications/${other.applicationId}/businessDetails`));
  await expect(page.getByText(/Olive Officer/)).toBeVisible();
  await expect(page.getByRole('group', { name: text('applicantDetails.officer.continueQuestion') })).toHaveCount(0);
  await expect(page.getByRole('group', { name: text('applicantDetails.officer.question') })).toHaveCount(0);
  // No role on the step (the record names another officer): Logout is a link to the sign-out page, not a step event.
  const officer = page.getByRole('region', { name: text('applicantDetails.officer.heading') });
  await expect(officer.getByRole('button')).toHaveCount(0);
  await officer.getByRole('link', { name: text('applicantDetails.officer.logout'), exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  const after = await graphql(page, AU.host, 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId } }', { id: other.applicationId });
  expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});
