/**
 * The server's record roots (server/enforce RECORD_SCHEMAS: which schema validates a write under each
 * root) and lint's (fleetform.yaml `recordSchemas`: which schema `record.<root>.*` paths are checked
 * against) are one list kept in two places: they must not drift.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { RECORD_SCHEMAS } from '../../../server/enforce';

it("the server's record schemas are fleetform.yaml's recordSchemas", () => {
  const config = parse(readFileSync(resolve(import.meta.dirname, '../../../fleetform.yaml'), 'utf8')) as { recordSchemas?: Record<string, string> };
  expect(RECORD_SCHEMAS).toEqual(config.recordSchemas);
});
