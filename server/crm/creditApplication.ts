/**
 * Spec 002 s4 'Credit application start (dashboard)': who may start a credit application, and which CRM stage moves
 * the portal makes. Pure rules; the resolvers (server/graphql/resolvers/crm.ts) read the inputs and act.
 */
import type { CrmAccount, CrmOpportunity } from './crmProvider';

/** Why a customer may not start a credit application (a catalogue text each: `dashboard.ineligible.<reason>`). */
export type IneligibleReason = 'entityType' | 'accountSource' | 'manualLead';
/** The reasons, in the order they are checked. */
export const INELIGIBLE_REASONS: readonly IneligibleReason[] = ['entityType', 'accountSource', 'manualLead'];

/** The account source of a customer who came through the calculator. */
export const CALCULATOR_SOURCE = 'Calculator';

/** The stages the portal moves an opportunity to, and from which stages (002 s4). */
export const STAGE_MOVES: Readonly<Record<string, readonly string[] | 'start'>> = {
  // On the dashboard, a calculator opportunity in 'Needs Analysis'.
  'Quote Requested OP': ['Needs Analysis'],
  // Only by starting a credit application with no status (startCreditApplication), never asked for directly.
  'Deal Mobilising': 'start',
};

/** The stage the dashboard moves a calculator opportunity to, and the one a credit application start moves it to. */
export const DASHBOARD_STAGE = 'Quote Requested OP';
export const START_STAGE = 'Deal Mobilising';

/** What eligibility reads. */
export interface EligibilityInput {
  /** The entity type the business registry answers for the company's ABN or NZBN (null: not found). */
  entityType: string | null;
  /** The region's `settings.eligibleEntityTypes`. */
  eligibleEntityTypes: readonly string[];
  account: CrmAccount | null;
  opportunity: CrmOpportunity | null;
}

/**
 * Eligible when the entity type is one of the region's, the account source is Calculator, and either the opportunity
 * is not a manual calculator lead or the credit total is unset; else the first reason that fails.
 * @example eligibility({ entityType: 'PRV', eligibleEntityTypes: ['IND', 'PRV', 'PUB'], account: { AccountSource: 'Calculator', Credit_Total_Value__c: null }, opportunity: null }) // { eligible: true, reason: null }
 */
export function eligibility(input: EligibilityInput): { eligible: boolean; reason: IneligibleReason | null } {
  const fail = (reason: IneligibleReason) => ({ eligible: false, reason });
  if (!input.entityType || !input.eligibleEntityTypes.includes(input.entityType)) return fail('entityType');
  if (input.account?.AccountSource !== CALCULATOR_SOURCE) return fail('accountSource');
  const creditSet = input.account.Credit_Total_Value__c !== null && input.account.Credit_Total_Value__c !== undefined;
  if (input.opportunity?.manualLead && creditSet) return fail('manualLead');
  return { eligible: true, reason: null };
}

/** Whether the portal may move an opportunity at `from` to `to` on a client's request (not the start's move). */
export function clientMayMove(from: string | null, to: string): boolean {
  const allowed = STAGE_MOVES[to];
  return Array.isArray(allowed) && from !== null && allowed.includes(from);
}
