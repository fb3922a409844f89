/** Serves the signed URLs of the local-disk provider: PUT uploads (type by content, size capped) and GET downloads. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { OnRequestPayload, RouteHandler } from '../plugins/use-router';
import { MAX_FILE_BYTES, normaliseType, sniffType } from './contentType';
import { FILES_PREFIX, KEY_PATTERN } from './localDiskStorage';
import { verify } from './signing';
import type { StorageProvider } from './storageProvider';

/** Read a body up to `max` bytes; null when larger. */
async function readLimited(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** An ASCII-safe download name plus its UTF-8 form (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'file';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The handler of every path under `/files/` (the router mounts it on FILES_PREFIX): PUT and GET of
 * signed URLs. Always answers.
 */
export function fileRoutes(deps: { db: Kysely<Database>; storage: StorageProvider; secret: string; maxBytes?: number }): RouteHandler {
  const maxBytes = deps.maxBytes ?? MAX_FILE_BYTES;
  return handle;

  async function handle({ request, url, endResponse, fetchAPI }: OnRequestPayload): Promise<void> {
    const answer = (status: number, code: string) =>
      endResponse(fetchAPI.Response.json({ error: code }, { status, headers: { 'cache-control': 'no-store' } }));
    const key = url.pathname.slice(FILES_PREFIX.length);
    const method = request.method === 'PUT' ? 'PUT' : request.method === 'GET' || request.method === 'HEAD' ? 'GET' : null;
    if (!method) return answer(405, 'method_not_allowed');
    if (!KEY_PATTERN.test(key)) return answer(404, 'not_found');
    const exp = Number.parseInt(url.searchParams.get('exp') ?? '', 10);
    const check = Number.isFinite(exp) ? verify(deps.secret, { method, key, exp }, url.searchParams.get('sig') ?? '') : 'bad';
    if (check !== 'ok') return answer(403, check === 'expired' ? 'url_expired' : 'bad_signature');
    const row = await deps.db.selectFrom('files').selectAll().where('storage_key', '=', key).executeTakeFirst();
    if (!row) return answer(404, 'not_found');

    if (method === 'GET') {
      if (row.status !== 'uploaded') return answer(404, 'not_uploaded');
      const bytes = await deps.storage.get(key);
      if (!bytes) return answer(404, 'not_found');
      return endResponse(
        new fetchAPI.Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), {
          status: 200,
          headers: {
            'content-type': row.mime_type,
            'content-length': String(bytes.byteLength),
            'content-disposition': contentDisposition(row.file_name),
            'cache-control': 'private, no-store',
            'x-content-type-options': 'nosniff',
          },
        }),
      );
    }

    if (row.status === 'uploaded') return answer(409, 'already_uploaded');
    const declaredLength = Number.parseInt(request.headers.get('content-length') ?? '', 10);
    if (Number.isFinite(declaredLength) && declaredLength > maxBytes) return answer(413, 'too_large');
    const bytes = await readLimited(request.body, maxBytes);
    if (!bytes) return answer(413, 'too_large');
    if (bytes.byteLength === 0) return answer(400, 'empty');
    const actual = sniffType(bytes);
    if (!actual || actual !== normaliseType(row.mime_type)) return answer(415, 'type_mismatch');
    await deps.storage.put(key, bytes);
    const done = await deps.db
      .updateTable('files')
      .set({ status: 'uploaded', size_bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex'), uploaded_at: new Date() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return answer(409, 'already_uploaded');
    return endResponse(fetchAPI.Response.json({ ok: true, uuid: row.id }, { status: 200 }));
  }
}
