/**
 * The sandbox CRM: one row per application (`crm_sandbox_records`), created with the defaults of a calculator customer
 * who registered online (account source Calculator, no credit total, lead source Calculator, stage 'Needs Analysis',
 * not a manual lead) the first time it is read or moved. The seed and the demo controls (sandboxRoutes.ts) set other
 * values; each stage move is kept in `moves` to be read back. A control can make the next move fail. docs/sandboxes.md.
 */
import type { Kysely } from 'kysely';
import type { Database, JsonValue } from '../db';
import type { CrmAccount, CrmOpportunity, CrmProvider, CrmSubject } from './crmProvider';

/** What the seed and the demo controls may set. */
export interface CrmSeed {
  accountSource?: string;
  creditTotal?: number | null;
  leadSource?: string;
  stageName?: string;
  manualLead?: boolean;
}

/** The sandbox's whole row, as the demo controls show it. */
export interface CrmSandboxRecord extends CrmAccount, Omit<CrmOpportunity, 'manualLead'> {
  applicationId: string;
  userId: string;
  manualLead: boolean;
  moves: { from: string; to: string; at: string }[];
}

/** The sandbox's store: the provider, and what the seed and the controls use. */
export interface SandboxCrmStore extends CrmProvider {
  read(who: CrmSubject): Promise<CrmSandboxRecord>;
  /** Set values over the row (created with the defaults first). */
  set(who: CrmSubject, values: CrmSeed): Promise<CrmSandboxRecord>;
  /** Demo control: the next stage move of this application fails (the CRM unreachable). */
  failNextMove(applicationId: string): void;
}

/** The sandbox CRM over `db`. */
export function sandboxCrm(db: Kysely<Database>): SandboxCrmStore {
  const failing = new Set<string>();
  const ensure = async (who: CrmSubject) => {
    await db.insertInto('crm_sandbox_records').values({ application_id: who.applicationId, user_id: who.userId }).onConflict((oc) => oc.column('application_id').doNothing()).execute();
  };
  const read = async (who: CrmSubject): Promise<CrmSandboxRecord> => {
    await ensure(who);
    const r = await db.selectFrom('crm_sandbox_records').selectAll().where('application_id', '=', who.applicationId).executeTakeFirstOrThrow();
    return {
      applicationId: r.application_id, userId: r.user_id, AccountSource: r.account_source, Credit_Total_Value__c: r.credit_total === null ? null : Number(r.credit_total),
      LeadSource: r.lead_source, StageName: r.stage_name, manualLead: r.manual_lead, moves: (r.moves ?? []) as CrmSandboxRecord['moves'],
    };
  };
  return {
    read,
    async account(who) {
      const r = await read(who);
      return { AccountSource: r.AccountSource, Credit_Total_Value__c: r.Credit_Total_Value__c };
    },
    async opportunity(who) {
      const r = await read(who);
      return { LeadSource: r.LeadSource, StageName: r.StageName, manualLead: r.manualLead };
    },
    async moveStage(who, stageName) {
      if (failing.delete(who.applicationId)) throw new Error('CRM sandbox: this stage move fails (a demo control)');
      const before = await read(who);
      const moves: JsonValue[] = [...before.moves, { from: before.StageName ?? '', to: stageName, at: new Date().toISOString() }];
      await db.updateTable('crm_sandbox_records').set({ stage_name: stageName, moves, updated_at: new Date() }).where('application_id', '=', who.applicationId).execute();
    },
    async set(who, v) {
      await ensure(who);
      await db.updateTable('crm_sandbox_records').set({
        ...(v.accountSource !== undefined ? { account_source: v.accountSource } : {}),
        ...(v.creditTotal !== undefined ? { credit_total: v.creditTotal } : {}),
        ...(v.leadSource !== undefined ? { lead_source: v.leadSource } : {}),
        ...(v.stageName !== undefined ? { stage_name: v.stageName } : {}),
        ...(v.manualLead !== undefined ? { manual_lead: v.manualLead } : {}),
        updated_at: new Date(),
      }).where('application_id', '=', who.applicationId).execute();
      return read(who);
    },
    failNextMove(applicationId) {
      failing.add(applicationId);
    },
  };
}
