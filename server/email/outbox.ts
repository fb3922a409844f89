/** E-mail goes to the `outbox` table; a sender (SMTP, API) would drain it. Demo mode shows it at /dev/mailbox. */
import type { Kysely } from 'kysely';
import type { Database, JsonObject } from '../db';

/** One message to queue. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Template name, e.g. `passwordReset`. */
  template: string;
  brandId?: string;
  /** Values the template used (for a real sender's rich rendering). */
  data?: JsonObject;
  /** Files sent with it, in order (e.g. the lease documents). */
  attachments?: EmailAttachment[];
}

/** A file sent with an e-mail. */
export interface EmailAttachment {
  fileName: string;
  mimeType: string;
  content: Uint8Array;
}

/** Queue e-mail. */
export interface EmailOutbox {
  /** Queue a message; answers its id. */
  send(email: OutgoingEmail, db?: Kysely<Database>): Promise<string>;
}

/** The table-backed outbox. `db` may be a transaction so the e-mail commits with the change that caused it. */
export function createOutbox(db: Kysely<Database>): EmailOutbox {
  return {
    async send(email, tx = db) {
      const row = await tx
        .insertInto('outbox')
        .values({
          to_address: email.to.toLowerCase(),
          subject: email.subject,
          body_text: email.text,
          body_html: email.html ?? null,
          template: email.template,
          brand_id: email.brandId ?? null,
          data: email.data ?? {},
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const attachments = email.attachments ?? [];
      if (attachments.length) {
        await tx
          .insertInto('outbox_attachments')
          .values(attachments.map((a, position) => ({ outbox_id: row.id, position, file_name: a.fileName, mime_type: a.mimeType, content_base64: Buffer.from(a.content).toString('base64') })))
          .execute();
      }
      return row.id;
    },
  };
}
