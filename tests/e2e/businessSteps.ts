/**
 * Steps of the business details screen (flows/businessDetails.yaml) that end-to-end specs share: a fresh application
 * opened at a chosen section (`freshApplication`'s `set:` saves the sections before it, as the seed does), the three
 * sections filled as an applicant would, a real PDF uploaded, and the record read back from the server. Texts come
 * from the definitions; the saved sections are the seed's own (server/seed/scenarios.ts).
 */
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { BUSINESS_ENTITY } from '../../server/seed/scenarios';
import type { Region } from './applicantSteps';
import { layersFor } from './definitions';
import { expect, type E2EFixtures, type FreshApplication } from './fixtures';

/** Record paths saving the sections before the one a test starts at (null removes a path). */
export const START_AT = {
  entity: { 'scoreboard.businessDetails': null },
  cashflow: { 'scoreboard.businessDetails': null, 'scoreboard.businessDetails.entityDetails': BUSINESS_ENTITY.AU },
  finance: { 'scoreboard.businessDetails': null, 'scoreboard.businessDetails.entityDetails': BUSINESS_ENTITY.AU, 'scoreboard.businessDetails.annualRevenue': 1250000 },
} as const;

/** What the server holds of the business details (and the status). */
export interface BusinessBoard {
  status: string;
  businessDetails: {
    entityDetails: Record<string, unknown> | null;
    annualRevenue: number | null;
    financeDetails: {
      currentFleetSize: string | null; numberOfEmployees: string | null; purchaseMoreVehicles: string | null; howManyVehicles: number | null;
      valueOfApplication: number | null; maximum: boolean | null; personalGuarantee: string | null; noGuaranteeApproved: boolean | null; completed: string | null;
      fileUrls: { uuid: string; fileName: string; mimeType: string }[] | null;
    } | null;
  } | null;
}

/** The screen's parts for a region: sections, questions and buttons by their catalogue texts. */
export function screen(page: Page, region: Region) {
  const { text } = layersFor(region.selection);
  const section = (key: string) => page.locator('details').filter({ has: page.locator('summary', { hasText: text(key) }) });
  const entity = section('businessDetails.section.entity');
  const cashflow = section('businessDetails.section.cashflow');
  const finance = section('businessDetails.section.finance');
  const radio = (question: string, answer: string) => page.getByRole('group', { name: text(question) }).getByRole('radio', { name: text(answer) });
  const textbox = (within: typeof entity, key: string) => within.getByRole('textbox', { name: text(key), exact: true });
  return {
    text, entity, cashflow, finance, radio, textbox,
    heading: page.getByRole('heading', { level: 1, name: text('businessDetails.heading') }),
    next: (within: typeof entity) => within.getByRole('button', { name: text('businessDetails.next'), exact: true }),
    slider: finance.getByRole('slider', { name: text('businessDetails.finance.limit') }),
    maximum: finance.getByRole('checkbox', { name: text('businessDetails.finance.maximum') }),
    picker: finance.locator('input[type="file"]'),
    /** The uploaded statements' list (the refusals under it are a list of their own). */
    uploaded: finance.getByRole('list', { name: text('businessDetails.finance.statements') }).getByRole('listitem'),
    uploadAlert: finance.locator('[data-upload="statements"] [role="alert"]'),
    guarantee: page.getByRole('group', { name: text('businessDetails.finance.guarantee') }),
    vehicles: (count: number) => finance.getByText(text('businessDetails.finance.vehicles', { count })),
  };
}

/** A fresh primary officer at business details (the sections `set` saves are done), signed in, on the screen. */
export async function openScreen(fx: Pick<E2EFixtures, 'login' | 'url' | 'freshApplication'>, page: Page, region: Region, set: Record<string, unknown>, role: 'primary' | 'calculator' = 'primary'): Promise<FreshApplication> {
  const user = await fx.freshApplication({ region: region.selection.region, brand: region.selection.brand, role, status: 'businessDetails', set });
  await fx.login(page, user.email, { host: region.host, password: user.password });
  await page.goto(fx.url(region.host, `/applications/${user.applicationId}/businessDetails`));
  const s = screen(page, region);
  await expect(s.heading).toBeVisible();
  // The page opens at the first section the record does not hold (the one a test starts at).
  const first = set === START_AT.entity ? s.entity : set === START_AT.cashflow ? s.cashflow : set === START_AT.finance ? s.finance : undefined;
  if (first) await expect(first).toHaveAttribute('open', '');
  return user;
}

/** (1) Business Details: the registered address picked from the autocomplete, the contact number, Next. */
export async function fillEntity(page: Page, region: Region, address: { query: string; option: RegExp }, phone: string) {
  const s = screen(page, region);
  const box = s.entity.getByRole('combobox', { name: s.text('businessDetails.entity.companyLegalAddress') });
  await box.pressSequentially(address.query);
  await s.entity.getByRole('option', { name: address.option }).click();
  await expect(s.entity.getByText(/^\S+ [^,]+, .+ \d{4}$/)).toBeVisible();
  await s.textbox(s.entity, 'businessDetails.entity.businessContactNumber').fill(phone);
  await s.next(s.entity).click();
  await expect(s.cashflow).toHaveAttribute('open', '');
}

/** (2) Business Cashflow Details: the annual revenue, Next. */
export async function fillCashflow(page: Page, region: Region, revenue: string) {
  const s = screen(page, region);
  await s.textbox(s.cashflow, 'businessDetails.cashflow.annualRevenue').fill(revenue);
  await s.next(s.cashflow).click();
  await expect(s.finance).toHaveAttribute('open', '');
}

/** (3) the counts and the leasing-more answer. */
export async function fillCounts(page: Page, region: Region, fleet: string, employees: string, more: 'yes' | 'no') {
  const s = screen(page, region);
  await s.textbox(s.finance, 'businessDetails.finance.currentFleetSize').fill(fleet);
  await s.textbox(s.finance, 'businessDetails.finance.numberOfEmployees').fill(employees);
  await s.radio('businessDetails.finance.more', `businessDetails.finance.more.${more}`).check();
}

/** Uploads a real (one-page) PDF as a financial statement and waits until it is listed. */
export async function uploadPdf(page: Page, region: Region, fileName: string) {
  const s = screen(page, region);
  const doc = await PDFDocument.create();
  doc.addPage();
  await s.picker.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
  await expect(s.uploaded.filter({ hasText: fileName })).toBeVisible();
}

/** The business details and status as the server holds them (signed in as the page's user). */
export async function serverBoard(graphql: E2EFixtures['graphql'], page: Page, host: string, id: string): Promise<BusinessBoard> {
  const answer = await graphql<{ getVehicleApplication: { scoreboard: BusinessBoard } }>(page, host,
    `query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { status businessDetails { entityDetails { companyLegalName companyLegalAddress businessContactNumber streetNo streetName suburb state postCode }
      annualRevenue financeDetails { currentFleetSize numberOfEmployees purchaseMoreVehicles howManyVehicles valueOfApplication maximum personalGuarantee noGuaranteeApproved completed fileUrls { uuid fileName mimeType } } } } } }`,
    { id });
  if (!answer.data) throw new Error(`getVehicleApplication: ${JSON.stringify(answer.errors)}`);
  return answer.data.getVehicleApplication.scoreboard;
}
