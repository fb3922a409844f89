/** Local-disk storage under `<DATA_DIR>/files`, with HMAC-signed URLs served by this server at /files/. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { sign } from './signing';
import type { StorageProvider } from './storageProvider';

/** URL path prefix of signed file URLs. */
export const FILES_PREFIX = '/files/';

/** Keys are server-made: `yyyy/mm/<32 hex>`; anything else is refused. */
export const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f]{32}$/;

/** A new storage key (never derived from a client file name). */
export function newStorageKey(now = new Date()): string {
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${mm}/${randomBytes(16).toString('hex')}`;
}

/** Create the local-disk provider rooted at `dir`. */
export function createLocalDiskStorage(dir: string, secret: string): StorageProvider {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key '${key}'`);
    const p = resolve(join(root, key));
    if (!p.startsWith(root + sep)) throw new Error('storage key escapes the files directory');
    return p;
  };
  const url = (method: 'GET' | 'PUT', key: string, origin: string, expiresInSec: number) => {
    const exp = Math.floor(Date.now() / 1000) + expiresInSec;
    return `${origin}${FILES_PREFIX}${key}?exp=${exp}&sig=${sign(secret, { method, key, exp })}`;
  };
  return {
    id: 'local',
    quarantine: false,
    async put(key, bytes) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const tmp = `${p}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, p);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    uploadUrl: async (key, origin, s) => url('PUT', key, origin, s),
    // The route serves the row's type and name (fileRoutes.ts).
    downloadUrl: async (key, origin, s) => url('GET', key, origin, s),
  };
}
