/** Spec 002 s4 'Credit application start (dashboard)': the eligibility rule and the stage moves a client may ask for. */
import { describe, expect, it } from 'vitest';
import { clientMayMove, eligibility } from '../../../server/crm/creditApplication';

const AU = ['IND', 'PRV', 'PUB'];
const account = { AccountSource: 'Calculator', Credit_Total_Value__c: null };
const opportunity = { LeadSource: 'Calculator', StageName: 'Needs Analysis', manualLead: false };

describe('eligibility', () => {
  it('needs a region entity type, the Calculator source, and no manual lead with a credit total', () => {
    expect(eligibility({ entityType: 'PRV', eligibleEntityTypes: AU, account, opportunity })).toEqual({ eligible: true, reason: null });
    expect(eligibility({ entityType: 'LTD', eligibleEntityTypes: AU, account, opportunity }).reason).toBe('entityType');
    expect(eligibility({ entityType: null, eligibleEntityTypes: AU, account, opportunity }).reason).toBe('entityType');
    expect(eligibility({ entityType: 'IND', eligibleEntityTypes: AU, account: { ...account, AccountSource: 'Introducer' }, opportunity }).reason).toBe('accountSource');
    expect(eligibility({ entityType: 'IND', eligibleEntityTypes: AU, account: null, opportunity }).reason).toBe('accountSource');
    // A manual lead is eligible while the credit total is unset.
    expect(eligibility({ entityType: 'PUB', eligibleEntityTypes: AU, account, opportunity: { ...opportunity, manualLead: true } }).eligible).toBe(true);
    expect(eligibility({ entityType: 'PUB', eligibleEntityTypes: AU, account: { ...account, Credit_Total_Value__c: 0 }, opportunity: { ...opportunity, manualLead: true } }).reason).toBe('manualLead');
  });
});

describe('clientMayMove', () => {
  it("allows only the dashboard's move, never the start's", () => {
    expect(clientMayMove('Needs Analysis', 'Quote Requested OP')).toBe(true);
    expect(clientMayMove('Closed Won', 'Quote Requested OP')).toBe(false);
    expect(clientMayMove(null, 'Quote Requested OP')).toBe(false);
    expect(clientMayMove('Needs Analysis', 'Deal Mobilising')).toBe(false);
    expect(clientMayMove('Needs Analysis', 'Anything')).toBe(false);
  });
});
