/**
 * The CRM provider interface (ARCHITECTURE.md 'Providers'; spec 002 s3 'Salesforce-style records', s7): a calculator
 * customer's account (its source and credit total) and their application's opportunity (its lead source and stage),
 * read and moved by the server only. The sandbox (sandboxCrm.ts) is the default; a real adapter (a Salesforce-like
 * service) implements the same interface and is chosen by CRM_PROVIDER (server/services.ts).
 * @example
 * const who = { applicationId, userId };
 * (await provider.account(who))?.AccountSource;   // 'Calculator'
 * await provider.moveStage(who, 'Quote Requested OP');
 */
import type { Route } from '../plugins/route';

/** Whose records: the calculator customer and their application. */
export interface CrmSubject {
  applicationId: string;
  userId: string;
}

/** Spec 002 s3 Account. */
export interface CrmAccount {
  AccountSource: string | null;
  /** The account's credit total; null when unset. */
  Credit_Total_Value__c: number | null;
}

/** Spec 002 s3 Opportunity, and whether a specialist entered it by hand (a manual calculator lead, 002 s4). */
export interface CrmOpportunity {
  LeadSource: string | null;
  StageName: string | null;
  manualLead: boolean;
}

/** A CRM provider. */
export interface CrmProvider {
  /** The customer's account (null: the CRM has none). */
  account(who: CrmSubject): Promise<CrmAccount | null>;
  /** The opportunity of the customer's application (null: none). */
  opportunity(who: CrmSubject): Promise<CrmOpportunity | null>;
  /** Move the opportunity to `stageName`; throws when the CRM refuses or cannot be reached. */
  moveStage(who: CrmSubject, stageName: string): Promise<void>;
  /** The provider's own pages (the sandbox's /dev/crm controls in demo mode). */
  routes?(options: { demoControls: boolean }): Route[];
}
