/** The demo applications: one per status of every flow, each role, both regions, wet and digital signing. */
import { getPath } from '../../runtime/core/source/pointer';
import type { DefinitionSet } from '../../runtime/core/types';

/** Which brand a scenario runs under. */
export type BrandSlot = 'au' | 'nz' | 'introducer';

/** One seeded application and the demo user(s) who own it. */
export interface Scenario {
  /** Unique key; the demo e-mail is `<key>@demo.example` and ids derive from it. */
  key: string;
  brand: BrandSlot;
  applicationType: 'vehicle' | 'calculator';
  /** The role of the demo login this scenario is for. */
  role: 'primary' | 'secondary' | 'calculator';
  /** Status of the main journey (`scoreboard.status`). */
  status: string;
  /** Dotted record paths set over the defaults. */
  set: Record<string, unknown>;
  /** Also create a companion login for the other officer. */
  withSecondary?: boolean;
  /** One line for the login table. */
  summary: string;
  /** The credit-bureau sandbox's outcome for the primary officer's submissions (seeded standing, server/creditBureau). */
  bureau?: 'approved' | 'declined' | 'refer' | 'none';
  /** The CRM sandbox's records of a calculator customer (server/crm; default: registered online, stage 'Needs Analysis'). */
  crm?: { accountSource?: string; creditTotal?: number | null; stageName?: string; manualLead?: boolean };
}

const LATE = ['reviewAndSignContract', 'finished'];

/** Defaults consistent with a main status (what earlier steps would have written). */
export function progressFor(status: string): Record<string, unknown> {
  const late = LATE.includes(status);
  return {
    docusignStatus: status === 'orderVerification' || status === 'viewShortlist' ? 'none' : 'completed',
    'scoreboard.docusignStatus': status === 'orderVerification' || status === 'viewShortlist' ? 'none' : 'completed',
    'scoreboard.primaryApplicant.identityVerificationStatus': late || status === 'approvals' ? (late ? 'completed' : 'pending') : 'pending',
    'scoreboard.primaryApplicant.applicationReviewStatus': late ? 'completed' : 'pending',
    'scoreboard.primaryApplicant.confirmed': status === 'orderVerification' ? 'no' : 'yes',
    'scoreboard.wetSignature.signType': 'digital',
    ...(late ? { 'scoreboard.statusCreditCheck': 'approved' } : {}),
    ...(status === 'finished' ? { 'scoreboard.reviewAndSignContractStatus': 'completed' } : {}),
  };
}

/** Status orders of the flows that drive a status, read from the definitions. */
export function statusOrders(defs: DefinitionSet): Record<string, { field: string; order: string[] }> {
  const out: Record<string, { field: string; order: string[] }> = {};
  for (const [id, flow] of Object.entries(defs.flows)) {
    // flows/_examples/ are runtime feature fixtures, not journeys of the product.
    if (flow.status && !(defs.flowFiles[id] ?? '').includes('/_examples/')) out[id] = { field: flow.status.field, order: flow.status.order };
  }
  return out;
}

const SPEC_ORDERS = {
  primary: ['orderVerification', 'businessDetails', 'approvals', 'reviewAndSignContract', 'finished'],
  secondary: ['approvals', 'reviewAndSignContract', 'finished'],
  calculatorApplication: ['viewShortlist', 'businessDetails', 'approvals', 'reviewAndSignContract', 'finished', 'canceled'],
};

const lower = (s: string) => s.toLowerCase();

/** The business details entity section of a demo company, by region (the gazetteer's addresses: server/seed/data/addresses.yaml). */
export const BUSINESS_ENTITY = {
  AU: { companyLegalAddress: '1 George Street, Sydney NSW 2000', tradingAddressSame: true, businessContactNumber: '0298765432', streetNo: '1', streetName: 'George Street', suburb: 'Sydney', state: 'NSW', postCode: '2000', country: 'Australia', countryCode: 'AU' },
  NZ: { companyLegalAddress: '1 Queen Street, Auckland Central, Auckland 1010', tradingAddressSame: true, businessContactNumber: '093031234', streetNo: '1', streetName: 'Queen Street', suburb: 'Auckland Central', state: 'Auckland', postCode: '1010', country: 'New Zealand', countryCode: 'NZ' },
};

/**
 * Business details half done (Save & Close after the third section): the entity and cashflow sections saved, the
 * finance answers saved without completed. The legal name is the company's (demoRecord fills it in).
 */
export const HALF_DONE_BUSINESS_DETAILS: Record<string, unknown> = {
  'scoreboard.businessDetails.entityDetails': BUSINESS_ENTITY.AU,
  'scoreboard.businessDetails.annualRevenue': 1250000,
  'scoreboard.businessDetails.financeDetails': { currentFleetSize: '4', numberOfEmployees: '25', purchaseMoreVehicles: 'yes', howManyVehicles: 2, valueOfApplication: 100000, maximum: false, personalGuarantee: 'yes', noGuaranteeApproved: false, fileUrls: [] },
};

/** An NZ sole trader the registry knows by name only (server/seed/data/businesses.yaml `withoutNumber`), confirmed: no NZBN. */
export const NZ_SOLE_TRADER: Record<string, unknown> = {
  'scoreboard.companyDetails': { companyName: 'Mere Parata Landscaping', companyLegalName: 'Mere Parata Landscaping', confirmed: 'yes' },
  'scoreboard.entityDetails.entityName': 'Mere Parata Landscaping',
  'scoreboard.entityDetails.entityType': 'Sole_Trader',
  'scoreboard.entityDetails.confirmed': 'yes',
};

/** Record paths removed for applicant details not started yet: no company confirmed, no Authorised Officer named. */
export const FRESH_APPLICANT_DETAILS: Record<string, unknown> = { 'scoreboard.primaryApplicant': undefined, 'scoreboard.companyDetails': undefined, 'scoreboard.entityDetails': undefined };

/** Build the scenario list; every status value of every flow appears in at least one record. */
export function scenarios(defs: DefinitionSet): Scenario[] {
  const orders = statusOrders(defs);
  const order = (id: keyof typeof SPEC_ORDERS) => orders[id]?.order ?? SPEC_ORDERS[id];
  const list: Scenario[] = [];
  for (const s of order('primary')) {
    const summary = s === 'businessDetails' ? 'primary officer, AU, businessDetails: applicant details done, business details not started (three sections, guarantee)' : `primary officer, AU, ${s}, digital signing`;
    list.push({ key: `primary.${lower(s)}.au`, brand: 'au', applicationType: 'vehicle', role: 'primary', status: s, set: {}, summary });
  }
  list.push(
    { key: 'primary.applicantdetails.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'businessDetails', set: FRESH_APPLICANT_DETAILS, summary: 'quote recipient, AU, businessDetails, applicant details not started (company lookup, officers)' },
    { key: 'primary.businessdetails-restored.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'businessDetails', set: HALF_DONE_BUSINESS_DETAILS, summary: 'primary officer, AU, businessDetails half done (saved and closed): the page opens at Other Details & Personal Guarantee' },
    { key: 'primary.sign-wet.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.wetSignature.signType': 'wet' }, summary: 'primary officer, AU, reviewAndSignContract, wet signing' },
    { key: 'primary.sign-combined.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.businessDetails.financeDetails.personalGuarantee': 'yes', 'scoreboard.signingEnabled': true }, summary: 'primary officer, AU, reviewAndSignContract, digital with personal guarantee (combined)' },
    { key: 'primary.quote-created.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'orderVerification', set: { docusignStatus: 'created', 'scoreboard.docusignStatus': 'created' }, summary: 'primary officer, AU, orderVerification, quote envelope created' },
    { key: 'primary.reassigned.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'orderVerification', set: { 'scoreboard.primaryApplicant': undefined }, summary: 'quote recipient, AU, orderVerification, no primary applicant yet (reassigned quote)' },
    { key: 'primary.credit-waiting.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', withSecondary: true, set: { 'scoreboard.statusCreditCheck': 'waiting', 'scoreboard.statusSecondary': 'approvals', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' }, summary: 'primary officer, AU, credit waiting (secondary ID scan incomplete: on hold)' },
  );
  // At the review, ready to submit the credit check (identity completed, consent confirmed), each with the bureau's
  // seeded answer; and on hold with the second officer done (the on-hold screen's Resubmit).
  const atReview = { 'scoreboard.primaryApplicant.identityVerificationStatus': 'completed', 'scoreboard.primaryApplicant.privacyConsent': 'confirmed' };
  for (const c of ['approved', 'declined', 'refer', 'none'] as const) {
    list.push({ key: `primary.credit-submit-${c}.au`, brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'approvals', set: atReview, bureau: c, summary: `primary officer, AU, approvals at the review: the credit bureau answers ${c === 'none' ? 'no result (refer; the waiting screen polls)' : c}` });
  }
  // At the review before the consent (identity completed; issue 33): the inline edits, the consent dialog, Confirm & Submit.
  for (const region of ['au', 'nz'] as const) {
    list.push({ key: `primary.review.${region}`, brand: region, applicationType: 'vehicle', role: 'primary', status: 'approvals', set: { 'scoreboard.primaryApplicant.identityVerificationStatus': 'completed' }, bureau: 'approved', summary: `primary officer, ${region.toUpperCase()}, approvals at the review, no consent yet: the credit bureau answers approved` });
  }
  list.push(
    { key: 'primary.credit-onhold.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'approvals', withSecondary: true, bureau: 'approved', set: { ...atReview, 'scoreboard.statusSecondary': 'approvals', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' }, summary: 'primary officer, AU, approvals at the review, secondary ID scan incomplete: the submission goes on hold (waiting), the secondary is e-mailed; their ID completing resubmits (refer)' },
    { key: 'primary.credit-resubmit.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', withSecondary: true, bureau: 'approved', set: { 'scoreboard.statusCreditCheck': 'waiting', 'scoreboard.statusSecondary': 'reviewAndSignContract', 'scoreboard.secondaryApplicant.identityVerificationStatus': 'completed', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' }, summary: 'primary officer, AU, credit waiting, secondary ID done: on hold with Resubmit Application (the bureau answers approved)' },
  );
  for (const c of ['refer', 'referred', 'declined']) {
    list.push({ key: `primary.credit-${c}.au`, brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.statusCreditCheck': c }, summary: `primary officer, AU, reviewAndSignContract, credit ${c}` });
  }
  // The contract page (issue 32): wet signing enabled (the Lease Documents and the upload slots, with the Personal Guarantee).
  list.push({ key: 'primary.sign-wet-open.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.wetSignature.signType': 'wet', 'scoreboard.signingEnabled': true, 'scoreboard.businessDetails.financeDetails.personalGuarantee': 'yes' }, summary: 'primary officer, AU, reviewAndSignContract, wet signing enabled: documents and uploads (personal guarantee)' });
  list.push(
    { key: 'primary.orderverification.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'orderVerification', set: {}, summary: 'primary officer, NZ, orderVerification' },
    { key: 'primary.businessdetails.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'businessDetails', set: {}, summary: 'primary officer, NZ, businessDetails: applicant details done (a company), business details not started' },
    // Applicant details from the start (001 s2): no company confirmed, no Authorised Officer named yet.
    { key: 'primary.applicantdetails.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'businessDetails', set: FRESH_APPLICANT_DETAILS, summary: 'quote recipient, NZ, businessDetails, applicant details not started (company lookup, officers)' },
    { key: 'primary.businessdetails-soletrader.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'businessDetails', set: NZ_SOLE_TRADER, summary: 'primary officer, NZ, businessDetails, sole trader without an NZBN (no personal guarantee question)' },
    { key: 'primary.sign-wet.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.wetSignature.signType': 'wet' }, summary: 'primary officer, NZ, reviewAndSignContract, wet signing' },
    { key: 'primary.sign-wet-open.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.wetSignature.signType': 'wet', 'scoreboard.signingEnabled': true }, summary: 'primary officer, NZ, reviewAndSignContract, wet signing enabled: documents and uploads (NZ names, no Quote)' },
    { key: 'primary.sign-digital.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: {}, summary: 'primary officer, NZ, reviewAndSignContract, digital signing' },
    { key: 'primary.orderverification.introducer', brand: 'introducer', applicationType: 'vehicle', role: 'primary', status: 'orderVerification', set: { 'scoreboard.wetSignature.signType': 'wet' }, summary: 'primary officer, AU introducer brand, orderVerification, wet signing' },
  );
  for (const s of order('secondary')) {
    const done = s !== 'approvals';
    list.push({
      key: `secondary.${lower(s)}.au`, brand: 'au', applicationType: 'vehicle', role: 'secondary', status: s === 'finished' ? 'finished' : 'reviewAndSignContract', withSecondary: true,
      set: { 'scoreboard.statusSecondary': s, 'scoreboard.secondaryApplicant.identityVerificationStatus': done ? 'completed' : 'pending', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' },
      summary: `secondary officer, AU, statusSecondary ${s}, digital signing`,
    });
  }
  list.push({
    key: 'secondary.sign-wet.au', brand: 'au', applicationType: 'vehicle', role: 'secondary', status: 'reviewAndSignContract', withSecondary: true,
    set: { 'scoreboard.statusSecondary': 'reviewAndSignContract', 'scoreboard.secondaryApplicant.identityVerificationStatus': 'completed', 'scoreboard.wetSignature.signType': 'wet', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' },
    summary: 'secondary officer, AU, reviewAndSignContract, wet signing (signs digitally)',
  });
  // Digital signing (issue 34): two officers and a witness, signing enabled (the primary signs first, then the secondary
  // officer, the companion login, then the witness on the sandbox's page: docs/sandboxes.md); one signer, signing enabled.
  const bothOfficers = { 'scoreboard.statusSecondary': 'reviewAndSignContract', 'scoreboard.secondaryApplicant.identityVerificationStatus': 'completed', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' };
  list.push(
    {
      key: 'primary.sign-digital-witness.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', withSecondary: true,
      set: { ...bothOfficers, 'scoreboard.signingEnabled': true, 'scoreboard.witnesses': [{ name: 'Wendy Witness', email: 'witness.sign-digital-witness.au@demo.example', roleName: 'Witness' }] },
      summary: 'primary officer, AU, digital signing enabled, a secondary officer and a witness (witness.sign-digital-witness.au@demo.example, signs on the sandbox page)',
    },
    { key: 'primary.sign-digital-open.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.signingEnabled': true }, summary: 'primary officer, NZ, digital signing enabled, the only signer' },
  );
  // The ID check (issue 31): NZ at approvals; a scan that failed (Continue opens the manual upload); a primary officer
  // whose identity is verified (the application review next).
  list.push(
    { key: 'primary.approvals.nz', brand: 'nz', applicationType: 'vehicle', role: 'primary', status: 'approvals', set: {}, summary: 'primary officer, NZ, approvals (ID check), digital signing' },
    { key: 'primary.approvals-scanfailed.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'approvals', set: { 'scoreboard.primaryApplicant.idScanData.idScan': { journeyId: '00000000-0000-4000-8000-0000000f0031', outcome: 'failed', checks: { blurCheck: 'Bad', fullDocumentInViewCheck: 'Good', lowResolutionCheck: 'Good' }, errorCount: 1, skipped: true } }, summary: 'primary officer, AU, approvals, a scan failed: Continue opens the manual licence upload' },
    { key: 'primary.approvals-verified.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'approvals', set: { 'scoreboard.primaryApplicant.identityVerificationStatus': 'completed' }, summary: 'primary officer, AU, approvals, identity verified (application review next)' },
  );
  list.push({
    key: 'secondary.approvals.nz', brand: 'nz', applicationType: 'vehicle', role: 'secondary', status: 'approvals', withSecondary: true,
    set: { 'scoreboard.statusSecondary': 'approvals', 'scoreboard.secondaryApplicant.identityVerificationStatus': 'pending', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' },
    summary: 'secondary officer, NZ, statusSecondary approvals',
  });
  for (const s of order('calculatorApplication')) {
    const summary = s === 'businessDetails' ? 'calculator customer, AU, businessDetails (the business details in one column, no progress steps)' : `calculator customer, AU, ${s}`;
    list.push({ key: `calculator.${lower(s)}.au`, brand: 'au', applicationType: 'calculator', role: 'calculator', status: s, set: {}, summary });
  }
  list.push({ key: 'calculator.credit-refer.au', brand: 'au', applicationType: 'calculator', role: 'calculator', status: 'reviewAndSignContract', set: { 'scoreboard.statusCreditCheck': 'refer' }, summary: 'calculator customer, AU, reviewAndSignContract, credit refer (sent for review, Return to shortlist)' });
  list.push({ key: 'calculator.viewshortlist.nz', brand: 'nz', applicationType: 'calculator', role: 'calculator', status: 'viewShortlist', set: {}, summary: 'calculator customer, NZ, viewShortlist' });
  // The dashboard and the credit application start (issue 35; spec 002 s4): eligibility, the stage moves, the progress steps.
  list.push({ key: 'calculator.businessdetails.nz', brand: 'nz', applicationType: 'calculator', role: 'calculator', status: 'businessDetails', set: {}, summary: 'calculator customer, NZ, businessDetails (Continue credit application on the dashboard)' });
  list.push({ key: 'calculator.nostatus.au', brand: 'au', applicationType: 'calculator', role: 'calculator', status: 'viewShortlist', set: { 'scoreboard.status': undefined }, summary: "calculator customer, AU, no status yet: Start credit application sets viewShortlist and the CRM stage 'Deal Mobilising'" });
  list.push({ key: 'calculator.ineligible.au', brand: 'au', applicationType: 'calculator', role: 'calculator', status: 'viewShortlist', set: { 'scoreboard.entityDetails.entityType': 'TRT' }, summary: 'calculator customer, AU, a trust (registry entity type TRT): not eligible, the dashboard says why' });
  list.push({ key: 'calculator.ineligible.nz', brand: 'nz', applicationType: 'calculator', role: 'calculator', status: 'viewShortlist', set: {}, crm: { manualLead: true, creditTotal: 25000 }, summary: 'calculator customer, NZ, a manual calculator lead with a credit total: not eligible; all five progress steps' });
  list.push({ key: 'calculator.notcalculator.au', brand: 'au', applicationType: 'calculator', role: 'calculator', status: 'viewShortlist', set: {}, crm: { accountSource: 'Introducer' }, summary: 'calculator customer, AU, CRM account source Introducer: not eligible' });
  // Login routing (002 s4): a canceled application of another type, and an MLA date that has passed, go to the dashboard.
  list.push({ key: 'primary.canceled.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'approvals', set: { applicationStatus: 'canceled' }, summary: 'primary officer, AU, a canceled vehicle application (sign-in lands on the dashboard)' });
  list.push({ key: 'primary.mlaexpired.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.validMLADate': '2024-01-31' }, summary: 'primary officer, AU, reviewAndSignContract, MLA valid date passed (sign-in lands on the dashboard)' });
  return list;
}

/** Extra scenarios so every status value of every flow (sub-flows too) occurs in some record. */
export function coverageScenarios(defs: DefinitionSet, records: Record<string, unknown>[]): Scenario[] {
  const extra: Scenario[] = [];
  for (const [flow, { field, order }] of Object.entries(statusOrders(defs))) {
    const seen = new Set(records.map((r) => getPath(r, field)));
    for (const value of order) {
      if (seen.has(value)) continue;
      extra.push({
        key: `cover.${lower(flow)}.${lower(value)}.au`, brand: 'au', applicationType: flow.startsWith('calculator') ? 'calculator' : 'vehicle', role: flow.startsWith('calculator') ? 'calculator' : 'primary',
        status: 'approvals', set: { [field]: value }, summary: `primary officer, AU, ${flow} at ${value}`,
      });
    }
  }
  return extra;
}
