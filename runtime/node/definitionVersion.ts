import { createHash } from 'node:crypto';

/**
 * The content hash of a definition set (`relative path -> text`): 16 hex digits of SHA-256 over every
 * file name and text in name order, leaving out `snapshot` (the published snapshot records the hash it
 * was published at, so it cannot be part of it). Stored on each application as its `definition_version`.
 * @example definitionVersion(readDefinitions(root), defs.config.versions?.snapshot)
 */
export function definitionVersion(files: Record<string, string>, snapshot?: string): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(files).sort()) if (name !== snapshot) hash.update(name).update('\0').update(files[name]).update('\0');
  return hash.digest('hex').slice(0, 16);
}
