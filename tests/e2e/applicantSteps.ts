/**
 * Steps of the applicant-details screen (flows/applicantDetails.yaml) that end-to-end specs share: a fresh quote
 * recipient opened at it, the Company Lookup dialog, the industry cascade and the radio questions. Registry rows
 * and the industry tree come from the seed's sample (server/seed/data).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { layersFor } from './definitions';
import { expect, type E2EFixtures, type FreshApplication } from './fixtures';

export const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
export const NZ = { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' } };
export type Region = typeof AU;

/** The seed's registry sample (server/seed/referenceData.ts cycles entity types over names; every tenth is cancelled). */
export const SAMPLE = parse(readFileSync(resolve(import.meta.dirname, '../../server/seed/data/businesses.yaml'), 'utf8')) as Record<string, { entityTypes: string[]; names: string[]; withoutNumber?: { name: string; entityType: string }[] }>;
/** A seeded business of the region whose entity type is (or is not) eligible there. */
export function business(region: Region, eligible: boolean): string {
  const sample = SAMPLE[region.selection.region.toUpperCase()];
  const allowed = layersFor(region.selection).layers.settings.eligibleEntityTypes as string[];
  const name = sample.names.find((_, i) => i % 10 !== 9 && allowed.includes(sample.entityTypes[i % sample.entityTypes.length]) === eligible);
  if (!name) throw new Error('no such business in the sample');
  return name;
}
/** The industry tree's first industry, sub division and sub group (server/seed/data/industries.yaml). */
export const TREE = parse(readFileSync(resolve(import.meta.dirname, '../../server/seed/data/industries.yaml'), 'utf8')) as { name: string; subDivisions: { name: string; subGroups: string[] }[] }[];

/** Applicant details not started: no primary applicant, company or entity (null removes a path). */
export const NOT_STARTED = { 'scoreboard.primaryApplicant': null, 'scoreboard.companyDetails': null, 'scoreboard.entityDetails': null };

export async function open(fx: Pick<E2EFixtures, 'login' | 'url' | 'freshApplication'>, page: Page, region: Region): Promise<FreshApplication> {
  const user = await fx.freshApplication({ region: region.selection.region, brand: region.selection.brand, role: 'primary', status: 'businessDetails', set: NOT_STARTED });
  await fx.login(page, user.email, { host: region.host, password: user.password });
  await page.goto(fx.url(region.host, `/applications/${user.applicationId}/businessDetails`));
  return user;
}

/**
 * Opens the lookup, searches `name` and selects its row (checking the dialog's rules on the way unless `checks` is
 * false: a journey that only needs the company).
 */
export async function lookUp(page: Page, region: Region, name: string, shoot?: (page: Page, name: string) => Promise<string>, checks = true) {
  const { text, layers } = layersFor(region.selection);
  await page.getByRole('button', { name: text('applicantDetails.company.search') }).click();
  const dialog = page.getByRole('dialog', { name: text('applicantDetails.lookup.title') });
  const box = dialog.getByLabel(text('applicantDetails.lookup.label'));
  const min = (layers.settings.applicantDetails as { lookupMinLength: number }).lookupMinLength;
  if (checks) {
    // Under the minimum nothing is searched; a search finding nothing says so.
    await box.fill('zzzzzzzz'.slice(0, min - 1));
    await expect(dialog.getByText(text('applicantDetails.lookup.empty'))).toHaveCount(0);
    await box.fill('zzzzzzzz');
    await expect(dialog.getByText(text('applicantDetails.lookup.empty'))).toBeVisible();
  }
  await box.fill(name);
  const row = dialog.getByRole('listitem').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  if (shoot) await shoot(page, `applicant-details-${region.selection.region}-lookup`);
  await row.getByRole('button', { name: text('applicantDetails.lookup.select') }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Chooses industry, sub division and sub group (the first of each), checking the cascade clears what follows unless
 * `checks` is false.
 */
export async function chooseIndustry(page: Page, region: Region, checks = true) {
  const { text } = layersFor(region.selection);
  const confirm = page.getByRole('button', { name: text('applicantDetails.company.confirm'), exact: true });
  const [industry, other] = TREE;
  if (!checks) {
    await page.getByLabel(text('applicantDetails.company.industry')).selectOption({ label: industry.name });
    await page.getByLabel(text('applicantDetails.company.subDivision')).selectOption({ label: industry.subDivisions[0].name });
    await page.getByLabel(text('applicantDetails.company.subGroup')).selectOption({ label: industry.subDivisions[0].subGroups[0] });
    await expect(confirm).toBeEnabled();
    return { industry: industry.name, subDivision: industry.subDivisions[0].name, subGroup: industry.subDivisions[0].subGroups[0] };
  }
  await page.getByLabel(text('applicantDetails.company.industry')).selectOption({ label: other.name });
  await page.getByLabel(text('applicantDetails.company.subDivision')).selectOption({ label: other.subDivisions[0].name });
  await page.getByLabel(text('applicantDetails.company.subGroup')).selectOption({ label: other.subDivisions[0].subGroups[0] });
  await expect(confirm).toBeEnabled();
  // Another industry clears sub division and sub group (001 s4): Confirm waits for them again.
  await page.getByLabel(text('applicantDetails.company.industry')).selectOption({ label: industry.name });
  await expect(page.getByLabel(text('applicantDetails.company.subDivision'))).toHaveValue('');
  await expect(page.getByLabel(text('applicantDetails.company.subGroup'))).toHaveValue('');
  await expect(confirm).toBeDisabled();
  await page.getByLabel(text('applicantDetails.company.subDivision')).selectOption({ label: industry.subDivisions[1].name });
  await page.getByLabel(text('applicantDetails.company.subGroup')).selectOption({ label: industry.subDivisions[1].subGroups[0] });
  // A sub division clears the sub group.
  await page.getByLabel(text('applicantDetails.company.subDivision')).selectOption({ label: industry.subDivisions[0].name });
  await expect(page.getByLabel(text('applicantDetails.company.subGroup'))).toHaveValue('');
  await expect(confirm).toBeDisabled();
  await page.getByLabel(text('applicantDetails.company.subGroup')).selectOption({ label: industry.subDivisions[0].subGroups[0] });
  await expect(confirm).toBeEnabled();
  return { industry: industry.name, subDivision: industry.subDivisions[0].name, subGroup: industry.subDivisions[0].subGroups[0] };
}

export const answer = (page: Page, question: string, value: string) => page.getByRole('group', { name: question }).getByLabel(value).check();

