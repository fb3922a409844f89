/**
 * The committed rule tables (tests/rules/*.yaml; issue 13 item 8): every row names tests that exist. A test is a
 * file and a title (or, for a path-coverage fixture, an entry key or refusal message) that the file contains as
 * written; a row's message key is in the base catalogue, with the spec's text verbatim where the row quotes it.
 * A row naming a file that does not exist, or a title its file does not hold, fails: the table is complete.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadServerDefinitions } from '../../../server/definitions';

interface Row {
  spec: string;
  rule: string;
  where?: string;
  message?: string;
  text?: string;
  tests: { file: string; name: string }[];
}

const root = join(import.meta.dirname, '../../..');
const dir = join(root, 'tests/rules');
const tables = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
const server = loadServerDefinitions(root);
const AU = { brand: 'acme-au', region: 'au' };

/** Whether a test file holds the title as a string literal (quoted any way), or a fixture file holds the key or text. */
function names(file: string, name: string): boolean {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.yaml')) return text.includes(`${name}:`) || text.includes(`message: ${name}`);
  const escaped = (q: string) => name.replaceAll('\\', '\\\\').replaceAll(q, `\\${q}`);
  return ["'", '"', '`'].some((q) => text.includes(`${q}${escaped(q)}${q}`) || text.includes(`${q}${name}${q}`));
}

describe.each(tables)('rule table %s', (table) => {
  const rows = (parse(readFileSync(join(dir, table), 'utf8')) as { rows: Row[] }).rows;

  it('has rows, each with a spec place, a rule and at least one test', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.spec, JSON.stringify(row)).toMatch(/^\d{3} s\d/);
      expect(row.rule, JSON.stringify(row)).toBeTruthy();
      expect(row.tests?.length, `${row.spec}: ${row.rule}`).toBeGreaterThan(0);
    }
  });

  it("names message keys of the catalogue, with the spec's text where the row quotes it", () => {
    for (const row of rows.filter((r) => r.message)) {
      // server.message answers the unexpected-error text for a missing key: look the key up itself.
      const text = server.layers(AU).messages[row.message!];
      expect(text, `${row.spec}: ${row.message} is not in the catalogue`).toEqual(expect.any(String));
      if (row.text !== undefined) expect(text, `${row.spec}: ${row.message}`).toBe(row.text);
    }
  });

  const cases = rows.flatMap((row) => row.tests.map((t) => [`${row.spec}: ${row.rule} -> ${t.file}: ${t.name}`, t] as const));

  // Every row's tests exist: a missing file or title fails (the table is complete; nothing is pending).
  it.each(cases)('%s', (_, t) => {
    expect(existsSync(join(root, t.file)), `${t.file} does not exist`).toBe(true);
    expect(names(t.file, t.name), `${t.file} has no test titled '${t.name}'`).toBe(true);
  });
});
