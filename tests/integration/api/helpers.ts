/** Small helpers of the API suite: write calls, row snapshots and audit counts, and the one refusal assertion. */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Answer, Harness, Who } from './harness';

/** createOrUpdateProperty as `who` on `appId` at scoreboard.<path>. */
export function setProperty(h: Harness, who: Who, appId: string, path: string, value: unknown, expectedVersion?: number, extra: Record<string, unknown> = {}): Promise<Answer> {
  const [propertyFirst, propertySecond, propertyThird] = path.split('.');
  return h.gql(
    who,
    'mutation($id: ID!, $p: PropertyParams!, $v: Int) { createOrUpdateProperty(applicationId: $id, params: $p, expectedVersion: $v) { status message version } }',
    { id: appId, p: { value, propertyFirst, propertySecond, propertyThird, ...extra }, v: expectedVersion },
  );
}

/** The stored row's record and version. */
export async function row(h: Harness, appId: string): Promise<{ record: Record<string, unknown>; version: number; primary: string | null; secondary: string | null }> {
  const r = await h.database.db.selectFrom('applications').select(['record', 'version', 'primary_user_id', 'secondary_user_id']).where('id', '=', appId).executeTakeFirstOrThrow();
  return { record: r.record as Record<string, unknown>, version: r.version, primary: r.primary_user_id, secondary: r.secondary_user_id };
}

/** Audit rows of an application, oldest first. */
export async function audit(h: Harness, appId: string) {
  return h.database.db.selectFrom('audit_log').selectAll().where('application_id', '=', appId).orderBy('id').execute();
}

/** Patch the stored record directly (what a provider adapter on the server would have done). */
export async function serverSets(h: Harness, appId: string, path: string, value: unknown): Promise<void> {
  const p = `{${path.split('.').join(',')}}`;
  await sql`UPDATE applications SET record = jsonb_set(record, ${p}::text[], ${JSON.stringify(value)}::jsonb, true) WHERE id = ${appId}`.execute(h.database.db);
}

/** The first error's code (or 'ok'). */
export const codeOf = (a: Answer): string => (a.errors?.length ? String(a.errors[0].extensions?.code ?? a.errors[0].message) : 'ok');

/** A file reference as the record holds it. */
export interface FileRef {
  uuid: string;
  fileName: string;
  mimeType: string;
}

/**
 * Stored file rows, as an upload through getSignedUrl would have left them (status uploaded), for `appId` in
 * `slot` (a record path; null: the upload named no slot): what an upload slot's references must be (server/files/attachments.ts).
 */
export async function uploadedFiles(h: Harness, appId: string, ownerId: string, files: FileRef[], slot: string | null = 'scoreboard.businessDetails.financeDetails.fileUrls'): Promise<void> {
  if (!files.length) return;
  await h.database.db
    .insertInto('files')
    .values(files.map((f) => ({ id: f.uuid, storage_key: `fixture/${f.uuid}`, file_name: f.fileName, mime_type: f.mimeType, size_bytes: 10, status: 'uploaded', owner_user_id: ownerId, application_id: appId, slot })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** How a call must be refused, besides changing nothing. */
export interface Refusal {
  /** The first error's code. */
  code: string;
  /** Extensions the first error carries (a partial match: `section`, `messageKey`, ...). */
  extensions?: Record<string, unknown>;
  /** The message is the catalogue's text of the error's `messageKey` for this selection (what the user is shown). */
  catalogue?: Record<string, string>;
  /** The developer's reason (`extensions.reason`) matches. */
  reason?: RegExp;
  /** The message matches (a refusal with no catalogue text). */
  message?: RegExp;
}

/**
 * The one "refused, and nothing changed" assertion: `call` answers the refusal stated, and application `appId`'s
 * row (record, version, members) and audit trail are exactly as before. Answers the refusal for further checks.
 */
export async function expectRefused(h: Harness, appId: string, call: () => Promise<Answer>, refusal: Refusal): Promise<Answer> {
  const before = await row(h, appId);
  const audits = (await audit(h, appId)).length;
  const answer = await call();
  const error = answer.errors?.[0];
  expect(codeOf(answer)).toBe(refusal.code);
  if (refusal.extensions) expect(error?.extensions).toMatchObject(refusal.extensions);
  if (refusal.catalogue) expect(error?.message).toBe(h.definitions.message(String(error?.extensions?.messageKey), refusal.catalogue));
  if (refusal.reason) expect(error?.extensions?.reason).toMatch(refusal.reason);
  if (refusal.message) expect(error?.message).toMatch(refusal.message);
  expect(await row(h, appId)).toEqual(before);
  expect((await audit(h, appId)).length).toBe(audits);
  return answer;
}
