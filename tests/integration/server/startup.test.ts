/**
 * `npm start` refuses configurations that would break several instances: no shared APP_SECRET with DATABASE_URL, a
 * short secret, S3 without a bucket. The built server (scripts/buildServer.ts, into a folder of this test's) run by plain node.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/buildServer';
import { ROOT } from './harness';
import { scratchDir } from '../../scratch';

const run = promisify(execFile);
const dataDir = scratchDir('ff-startup');
// Inside the project, so the bundle's package imports resolve to its node_modules (git-ignored).
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const outDir = mkdtempSync(join(ROOT, 'test-results', 'startup-build-'));

/** Start the real entry point with `env` (no database is reached: the configuration is refused first). */
async function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  try {
    await run(process.execPath, [join(outDir, 'main.js')], { cwd: ROOT, env: { ...base, ...env }, timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (e) {
    const err = e as { code?: number; stderr?: string };
    return { code: err.code ?? -1, stderr: err.stderr ?? '' };
  }
}

describe('startup configuration', () => {
  beforeAll(() => buildServer(outDir), 60_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('refuses to start on a shared database without APP_SECRET, or with a short one, or S3 without a bucket', async () => {
    const db = 'postgres://nobody@127.0.0.1:1/none';
    const [noSecret, shortSecret, noBucket] = await Promise.all([
      start({ DATABASE_URL: db }),
      start({ DATABASE_URL: db, APP_SECRET: 'short' }),
      start({ DATABASE_URL: db, APP_SECRET: 'x'.repeat(40), FILE_STORAGE: 's3' }),
    ]);
    expect(noSecret).toEqual({ code: 2, stderr: expect.stringContaining('APP_SECRET must be set when DATABASE_URL is set') });
    expect(shortSecret).toEqual({ code: 2, stderr: expect.stringContaining('use at least 32 random characters') });
    expect(noBucket).toEqual({ code: 2, stderr: expect.stringContaining('FILE_STORAGE=s3 needs S3_BUCKET') });
  }, 60_000);
});
