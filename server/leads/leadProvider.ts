/**
 * Lead provider: where calculator enquiries ('Call me', 'Create an online account') and call requests go
 * (spec 002 s7: the lead dialler and online-account integration client). The sandbox records each lead as a
 * row of `leads`; a real adapter (CRM / dialler API) implements the same interface.
 */
import type { Kysely } from 'kysely';
import type { Database, JsonObject } from '../db';

/** What every lead carries. */
export interface LeadInput {
  kind: 'dialler' | 'onlineAccount' | 'callback';
  brandId: string;
  region: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** The validated payload as received. */
  payload: JsonObject;
  /** The account and application an online-account lead created. */
  userId?: string | null;
  applicationId?: string | null;
}

/** The provider's answer. */
export interface LeadReceipt {
  leadId: string;
  /** The opportunity opened for an online account. */
  opportunityId: string | null;
}

/** The lead provider. `db` may be a transaction, so the lead commits with the account it belongs to. */
export interface LeadProvider {
  readonly name: string;
  submit(lead: LeadInput, db?: Kysely<Database>): Promise<LeadReceipt>;
}

/** The sandbox: one `leads` row per lead; an online account also gets an opportunity id. */
export function sandboxLeadProvider(db: Kysely<Database>): LeadProvider {
  return {
    name: 'sandbox',
    async submit(lead, tx = db) {
      const row = await tx
        .insertInto('leads')
        .values({
          kind: lead.kind, brand_id: lead.brandId, region: lead.region, email: lead.email.toLowerCase(), first_name: lead.firstName, last_name: lead.lastName,
          phone: lead.phone, payload: lead.payload, user_id: lead.userId ?? null, application_id: lead.applicationId ?? null, provider: 'sandbox',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const opportunityId = lead.kind === 'onlineAccount' ? `OPP-${row.id.slice(0, 8).toUpperCase()}` : null;
      await tx.updateTable('leads').set({ external_id: row.id, opportunity_id: opportunityId }).where('id', '=', row.id).execute();
      return { leadId: row.id, opportunityId };
    },
  };
}
