/**
 * The sandbox e-signature provider: envelopes live in the database (`esign_sandbox_*`), each recipient signs
 * on a page this server serves (sandboxRoutes.ts) at a link carrying an HMAC of the envelope and recipient,
 * so only the link's holder can sign. Deterministic: nothing expires by itself; a test or a person sets
 * `expired` (or any state) through the demo controls. A voided envelope (`voidEnvelope`) keeps its reason, and its
 * page refuses every link to it. docs/sandboxes.md documents them.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database, SandboxRecipientRow } from '../db';
import { sql, type Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { turnOf, type CreateEnvelopeInput, type CreatedEnvelope, type EnvelopeState, type EnvelopeStatus, type ESignatureProvider, type RecipientState } from './eSignatureProvider';

/** Base path of the sandbox's signing pages. */
export const SANDBOX_SIGNING_PATH = '/sandbox/esign/';

/** A sandbox envelope as stored. */
export interface SandboxEnvelope {
  id: string;
  status: EnvelopeState;
  recipients: SandboxRecipientRow[];
  returnUrl: string;
  /** Why it was voided (status `voided` by {@link ESignatureProvider.voidEnvelope}); null otherwise. */
  voidedReason: string | null;
}

/** What a recipient does on the signing page (or a control does for them). */
export type RecipientAction = 'sign' | 'decline';

/** The sandbox's store and links, shared by the provider and its routes. */
export interface SandboxStore {
  read(envelopeId: string): Promise<SandboxEnvelope | null>;
  /** The recipient whose signer token this is, or null (a forged or foreign token). */
  recipientOf(envelope: SandboxEnvelope, token: string): SandboxRecipientRow | null;
  /** The recipient's token (HMAC of envelope and e-mail under the server secret). */
  tokenOf(envelopeId: string, email: string): string;
  /** The recipient's signing page on the origin of `returnUrl`. */
  linkOf(envelopeId: string, email: string, returnUrl: string): string;
  /** Apply a recipient's action if the envelope awaits it; answers the envelope after it. */
  act(envelopeId: string, email: string, action: RecipientAction): Promise<SandboxEnvelope | null>;
  /** Demo control: set the envelope's state (completed marks every recipient completed; sent and created reset them). */
  setState(envelopeId: string, state: EnvelopeState): Promise<SandboxEnvelope | null>;
  /** Void the envelope if it is not final yet (created or sent), keeping `reason`; answers the envelope after it. */
  void(envelopeId: string, reason: string): Promise<SandboxEnvelope | null>;
  /** The envelope's documents (name and bytes), in order. */
  documents(envelopeId: string): Promise<{ name: string; bytes: Buffer }[]>;
  /** Demo control: the envelopes (newest first) with a recipient of this e-mail (a witness finds theirs so). */
  byRecipient(email: string): Promise<SandboxEnvelope[]>;
}

const toEnvelope = (row: { id: string; status: string; recipients: SandboxRecipientRow[]; return_url: string; voided_reason: string | null }): SandboxEnvelope => ({
  id: row.id,
  status: row.status as EnvelopeState,
  recipients: row.recipients,
  returnUrl: row.return_url,
  voidedReason: row.voided_reason,
});

const COLUMNS = ['id', 'status', 'recipients', 'return_url', 'voided_reason'] as const;

/** The envelope state after recipients' states change: declined by any, completed by all. */
function settle(recipients: SandboxRecipientRow[], current: EnvelopeState): EnvelopeState {
  if (recipients.some((r) => r.status === 'declined')) return 'declined';
  if (recipients.every((r) => r.status === 'completed')) return 'completed';
  return current;
}

/** The sandbox's store over `db`, signing links with `secret`. */
export function sandboxStore(db: Kysely<Database>, secret: string): SandboxStore {
  const tokenOf = (envelopeId: string, email: string) => createHmac('sha256', secret).update(`esign-sandbox\n${envelopeId}\n${email.toLowerCase()}`).digest('base64url');
  const read = async (envelopeId: string) => {
    const row = await db.selectFrom('esign_sandbox_envelopes').select(COLUMNS).where('id', '=', envelopeId).executeTakeFirst();
    return row ? toEnvelope(row) : null;
  };
  /** Change an envelope under a row lock, so two clicks (or a click and a control) never lose one another. */
  const change = (envelopeId: string, fn: (e: SandboxEnvelope) => Pick<SandboxEnvelope, 'status' | 'recipients' | 'voidedReason'> | null) =>
    db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('esign_sandbox_envelopes').select(COLUMNS).where('id', '=', envelopeId).forUpdate().executeTakeFirst();
      if (!row) return null;
      const envelope = toEnvelope(row);
      const next = fn(envelope);
      if (!next) return envelope;
      await tx.updateTable('esign_sandbox_envelopes').set({ status: next.status, recipients: next.recipients, voided_reason: next.voidedReason, updated_at: new Date() }).where('id', '=', envelopeId).execute();
      return { ...envelope, ...next };
    });
  return {
    read,
    tokenOf,
    recipientOf(envelope, token) {
      const given = Buffer.from(token);
      return envelope.recipients.find((r) => {
        const expected = Buffer.from(tokenOf(envelope.id, r.email));
        return expected.length === given.length && timingSafeEqual(expected, given);
      }) ?? null;
    },
    linkOf: (envelopeId, email, returnUrl) => `${new URL(returnUrl).origin}${SANDBOX_SIGNING_PATH}${envelopeId}/${tokenOf(envelopeId, email)}`,
    act: (envelopeId, email, action) =>
      change(envelopeId, (e) => {
        const at = e.recipients.findIndex((r) => r.email === email.toLowerCase());
        // Recipients sign in order (routing order): only the one whose turn it is acts.
        if (e.status !== 'sent' || at < 0 || e.recipients[at].status !== 'pending' || turnOf(e.recipients) !== e.recipients[at]) return null;
        const state: RecipientState = action === 'sign' ? 'completed' : 'declined';
        const recipients = e.recipients.map((r, i) => (i === at ? { ...r, status: state } : r));
        return { status: settle(recipients, e.status), recipients, voidedReason: null };
      }),
    setState: (envelopeId, state) =>
      change(envelopeId, (e) => {
        const reset: RecipientState | undefined = state === 'completed' ? 'completed' : state === 'sent' || state === 'created' ? 'pending' : undefined;
        return { status: state, recipients: reset ? e.recipients.map((r) => ({ ...r, status: reset })) : e.recipients, voidedReason: state === 'voided' ? e.voidedReason : null };
      }),
    void: (envelopeId, reason) =>
      change(envelopeId, (e) => (e.status === 'created' || e.status === 'sent' ? { status: 'voided', recipients: e.recipients, voidedReason: reason } : null)),
    async documents(envelopeId) {
      const rows = await db.selectFrom('esign_sandbox_documents').select(['name', 'content_base64']).where('envelope_id', '=', envelopeId).orderBy('position').execute();
      return rows.map((r) => ({ name: r.name, bytes: Buffer.from(r.content_base64, 'base64') }));
    },
    async byRecipient(email) {
      const rows = await db
        .selectFrom('esign_sandbox_envelopes')
        .select(COLUMNS)
        .where(sql<boolean>`recipients @> ${JSON.stringify([{ email: email.toLowerCase() }])}::jsonb`)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute();
      return rows.map(toEnvelope);
    },
  };
}

/** The sandbox provider over a store; `routes` are added by sandboxRoutes.ts. */
export function sandboxESignature(db: Kysely<Database>, store: SandboxStore): ESignatureProvider {
  return {
    name: 'sandbox',
    async createEnvelope(input: CreateEnvelopeInput): Promise<CreatedEnvelope> {
      if (!input.documents.length) throw new Error('an envelope needs at least one document');
      if (!input.recipients.some((r) => r.role === 'signer')) throw new Error('an envelope needs at least one signer');
      const id = randomUUID();
      const recipients: SandboxRecipientRow[] = input.recipients.map((r) => ({
        name: r.name,
        email: r.email.toLowerCase(),
        role: r.role,
        roleName: r.roleName ?? (r.role === 'witness' ? 'Witness' : 'Signer'),
        status: 'pending',
      }));
      await db.transaction().execute(async (tx) => {
        // The sandbox sends on creation: the envelope awaits its signers at once.
        await tx.insertInto('esign_sandbox_envelopes').values({ id, status: 'sent', recipients, return_url: input.returnUrl }).execute();
        await tx
          .insertInto('esign_sandbox_documents')
          .values(input.documents.map((d, position) => ({ envelope_id: id, position, name: d.name, content_base64: Buffer.from(d.bytes).toString('base64') })))
          .execute();
      });
      return { envelopeId: id, signingUrls: recipients.map((r) => ({ email: r.email, url: store.linkOf(id, r.email, input.returnUrl) })) };
    },
    async status(envelopeId): Promise<EnvelopeStatus | null> {
      const e = await store.read(envelopeId);
      return e && { envelopeId: e.id, status: e.status, recipients: e.recipients.map((r) => ({ ...r })) };
    },
    async voidEnvelope(envelopeId, reason) {
      return (await store.void(envelopeId, reason))?.status === 'voided';
    },
    async signedDocument(envelopeId) {
      const e = await store.read(envelopeId);
      if (e?.status !== 'completed') return null;
      // The documents in one PDF, as a provider's combined download is.
      const out = await PDFDocument.create();
      for (const d of await store.documents(envelopeId)) {
        const doc = await PDFDocument.load(d.bytes);
        for (const page of await out.copyPages(doc, doc.getPageIndices())) out.addPage(page);
      }
      out.setTitle(`Signed envelope ${envelopeId}`);
      return out.save();
    },
    async signingUrl(envelopeId, email, returnUrl) {
      const e = await store.read(envelopeId);
      if (!e || !e.recipients.some((r) => r.email === email.toLowerCase())) return null;
      // A recipient view returns where the latest request asked (the portal's origin may be configured anew).
      if (e.returnUrl !== returnUrl) await db.updateTable('esign_sandbox_envelopes').set({ return_url: returnUrl, updated_at: new Date() }).where('id', '=', envelopeId).execute();
      return store.linkOf(envelopeId, email, returnUrl);
    },
  };
}
