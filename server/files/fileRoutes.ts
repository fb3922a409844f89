/** Serves the signed URLs of the local-disk provider: PUT uploads (inspected before they are stored) and GET downloads. */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { route, type Route, type RouteRequest } from '../plugins/route';
import { MAX_FILE_BYTES } from './contentType';
import { contentDisposition } from './contentDisposition';
import { FileRefused, type FileRefusalCode } from './fileRefused';
import { acceptUpload } from './fileService';
import { FILES_PREFIX, KEY_PATTERN } from './localDiskStorage';
import { verify } from './signing';
import type { StorageProvider } from './storageProvider';

export { contentDisposition };

/** HTTP status of each refusal of an upload. */
const UPLOAD_STATUS: Partial<Record<FileRefusalCode, number>> = { EMPTY: 400, TOO_LARGE: 413, TYPE_MISMATCH: 415, INVALID_FILE: 415, UNSAFE_CONTENT: 415, ENCRYPTED_FILE: 415 };

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

/**
 * The route serving every path under `/files/` (FILES_PREFIX): PUT and GET of signed URLs. Always
 * answers; a refused upload answers `{ error: <code in lower case> }`.
 */
export function fileRoutes(deps: { db: Kysely<Database>; storage: StorageProvider; secret: string; maxBytes?: number }): Route {
  const maxBytes = deps.maxBytes ?? MAX_FILE_BYTES;
  return route('files', (path) => path.startsWith(FILES_PREFIX), handle);

  async function handle({ request, url, fetchAPI }: RouteRequest): Promise<Response> {
    const answer = (status: number, code: string) => fetchAPI.Response.json({ error: code }, { status, headers: { 'cache-control': 'no-store' } });
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
      return new fetchAPI.Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), {
        status: 200,
        headers: {
          'content-type': row.mime_type,
          'content-length': String(bytes.byteLength),
          'content-disposition': contentDisposition(row.file_name),
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    }

    if (row.status === 'uploaded') return answer(409, 'already_uploaded');
    const declaredLength = Number.parseInt(request.headers.get('content-length') ?? '', 10);
    if (Number.isFinite(declaredLength) && declaredLength > maxBytes) return answer(413, 'too_large');
    const bytes = await readLimited(request.body, maxBytes);
    if (!bytes) return answer(413, 'too_large');
    try {
      const { accepted } = await acceptUpload(deps.db, deps.storage, row, bytes);
      if (!accepted) return answer(409, 'already_uploaded');
      return fetchAPI.Response.json({ ok: true, uuid: row.id }, { status: 200 });
    } catch (e) {
      if (e instanceof FileRefused && UPLOAD_STATUS[e.code]) return answer(UPLOAD_STATUS[e.code] as number, e.code.toLowerCase());
      throw e;
    }
  }
}
