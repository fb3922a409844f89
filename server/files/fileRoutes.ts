/**
 * Serves the signed URLs of the local-disk provider: PUT uploads (inspected before they are stored) and GET
 * downloads. A PUT URL takes one upload: once its bytes were stored or refused, it answers 409.
 */
import type { ServerServices } from '../context';
import { clientAddress, type NodeServerContext } from '../limits';
import { route, type Route, type RouteRequest } from '../plugins/route';
import { MAX_FILE_BYTES } from './contentType';
import { contentDisposition } from './contentDisposition';
import { FileRefused, type FileRefusalCode } from './fileRefused';
import { acceptUpload, fileDeps, refuseUpload } from './fileService';
import { FILES_PREFIX, KEY_PATTERN } from './localDiskStorage';
import { verify } from './signing';
import type { StorageProvider } from './storageProvider';

export { contentDisposition };

/** HTTP status of each refusal of an upload. */
const UPLOAD_STATUS: Partial<Record<FileRefusalCode, number>> = { EMPTY: 400, TOO_LARGE: 413, TYPE_MISMATCH: 415, INVALID_FILE: 415, UNSAFE_CONTENT: 415, ENCRYPTED_FILE: 415, RATE_LIMITED: 429 };

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
 * answers; a refused upload answers `{ error: <code in lower case> }` (`already_refused` for a URL whose
 * upload was refused before; 429 `rate_limited` with Retry-After when the file's owner is over their
 * inspection limits: the URL stays usable then). Inspections count against the owner under the rules of
 * the Host's brand, as GraphQL requests do.
 */
export function fileRoutes(services: Pick<ServerServices, 'database' | 'storage' | 'inspections' | 'limitRules' | 'brands' | 'config'>, options: { maxBytes?: number } = {}): Route {
  const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
  const db = services.database.db;
  const storage: StorageProvider = services.storage;
  const secret = services.config.secret;
  return route('files', (path) => path.startsWith(FILES_PREFIX), handle);

  async function handle({ request, url, fetchAPI, serverContext }: RouteRequest): Promise<Response> {
    const answer = (status: number, code: string, headers: Record<string, string> = {}) => fetchAPI.Response.json({ error: code }, { status, headers: { 'cache-control': 'no-store', ...headers } });
    const key = url.pathname.slice(FILES_PREFIX.length);
    const method = request.method === 'PUT' ? 'PUT' : request.method === 'GET' || request.method === 'HEAD' ? 'GET' : null;
    if (!method) return answer(405, 'method_not_allowed');
    if (!KEY_PATTERN.test(key)) return answer(404, 'not_found');
    const exp = Number.parseInt(url.searchParams.get('exp') ?? '', 10);
    const check = Number.isFinite(exp) ? verify(secret, { method, key, exp }, url.searchParams.get('sig') ?? '') : 'bad';
    if (check !== 'ok') return answer(403, check === 'expired' ? 'url_expired' : 'bad_signature');
    const row = await db.selectFrom('files').selectAll().where('storage_key', '=', key).executeTakeFirst();
    if (!row) return answer(404, 'not_found');

    if (method === 'GET') {
      if (row.status !== 'uploaded') return answer(404, 'not_uploaded');
      const bytes = await storage.get(key);
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

    const settled = (status: string) => answer(409, status === 'refused' ? 'already_refused' : 'already_uploaded');
    if (row.status !== 'pending') return settled(row.status);
    const declaredLength = Number.parseInt(request.headers.get('content-length') ?? '', 10);
    const bytes = Number.isFinite(declaredLength) && declaredLength > maxBytes ? null : await readLimited(request.body, maxBytes);
    if (!bytes) {
      await refuseUpload(db, row.id);
      return answer(413, 'too_large');
    }
    const brand = services.brands.forHost(request.headers.get('host'));
    const deps = fileDeps(services, brand, clientAddress(request, serverContext as NodeServerContext, services.config.trustProxy));
    try {
      const { row: now, accepted } = await acceptUpload(deps, row, bytes);
      if (!accepted) return settled(now.status);
      return fetchAPI.Response.json({ ok: true, uuid: row.id }, { status: 200 });
    } catch (e) {
      if (!(e instanceof FileRefused) || !UPLOAD_STATUS[e.code]) throw e;
      const retry = e.code === 'RATE_LIMITED' ? { 'retry-after': String(e.details.retryAfterSeconds ?? 1) } : undefined;
      return answer(UPLOAD_STATUS[e.code] as number, e.code.toLowerCase(), retry);
    }
  }
}
