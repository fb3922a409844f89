/**
 * Vitest global set-up: what a run makes and, when it ends, removes, so no test cleans up in a timed hook.
 * - Scratch folders: one root per run (`inject('scratchRoot')`, tests/scratch.ts `scratchDir`), removed with all it
 *   holds when the run ends, however a file ended (a failed or timed-out file leaves nothing behind either).
 * - PostgreSQL: names this run's databases (`ff_<run>_...`, `inject('postgresRun')`; tests/integration/testDatabase.ts
 *   makes the templates and each test's database) and drops every one still there at the end (the templates, and any
 *   a failed test left behind). Without TEST_DATABASE_URL nothing is made or dropped.
 * Vitest runs this teardown after the last file, with no timeout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of this run's PostgreSQL database names. */
    postgresRun: string;
    /** The folder this run's scratch folders are made in. */
    scratchRoot: string;
  }
}

async function dropDatabases(run: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [`${run}_`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const run = `ff_${Date.now().toString(36)}_${process.pid}`;
  const scratchRoot = mkdtempSync(join(tmpdir(), 'ff-run-'));
  project.provide('postgresRun', run);
  project.provide('scratchRoot', scratchRoot);
  return async () => {
    try {
      await dropDatabases(run);
    } finally {
      rmSync(scratchRoot, { recursive: true, force: true });
    }
  };
}
