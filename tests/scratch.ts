/**
 * A scratch folder for a test file (`prefix` names it, for a reader of the disk): made under this run's scratch root
 * (tests/setup/testRun.ts), which is removed when the run ends, so a test needs no hook to clean it up. What must go
 * sooner (a closed database's files, when a file makes many) its owner may still remove.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export function scratchDir(prefix: string): string {
  return mkdtempSync(join(inject('scratchRoot'), `${prefix}-`));
}
