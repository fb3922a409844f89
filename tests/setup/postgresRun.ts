/**
 * Vitest global set-up: names this run's PostgreSQL databases (`ff_<run>_...`, handed to the workers as
 * `inject('postgresRun')`; tests/integration/testDatabase.ts makes the templates and each test's database) and, when
 * the run ends, drops every database of the run still there (the templates, and any a failed test left behind).
 * Without TEST_DATABASE_URL nothing is made or dropped.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of this run's PostgreSQL database names. */
    postgresRun: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const run = `ff_${Date.now().toString(36)}_${process.pid}`;
  project.provide('postgresRun', run);
  return async () => {
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
  };
}
