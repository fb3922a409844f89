/**
 * The lint corpus (issue 14): realistic definition mistakes, each a small patch to a copy of the real
 * definitions (tests/fixtures/lintCorpus/cases.yaml). Each case is caught when lint reports a finding
 * at the expected file and line (and column, when the case gives one) with a fix hint; a case
 * expecting none must lint clean. Prints the catch rate per class; the target is 95%.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatError, type DefinitionError } from '../../../runtime/core';
import type { ParseCache } from '../../../runtime/core/load';
import { lintFiles, readDefinitions } from '../../../runtime/node';

interface Expect {
  file: string;
  line: string;
  after?: string;
  column?: string;
  hint?: string;
  notHint?: string;
}
interface Case {
  id: string;
  class: string;
  mistake: string;
  patch: { file: string; find: string; replace: string }[];
  expect: Expect | 'none';
}

const root = join(import.meta.dirname, '../../..');
const cases = parse(readFileSync(join(root, 'tests/fixtures/lintCorpus/cases.yaml'), 'utf8')) as Case[];
/** The repository's definitions as read from disk, and their parses: a case parses again only the files it patched. */
const definitions = readDefinitions(root);
const cache: ParseCache = new Map();
const lint = (files: Record<string, string>) => lintFiles(files, root, { cache }).findings;

/** The definitions with a case's patch applied (in memory: the same files `lint:defs` reads from a folder). */
function patched(patch: Case['patch']): Record<string, string> {
  const files = { ...definitions };
  for (const { file, find, replace } of patch) {
    const text = files[file];
    const at = text === undefined ? -1 : text.indexOf(find);
    if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`${file}: '${find}' must occur exactly once (found ${at < 0 ? 0 : 'several'})`);
    files[file] = text.slice(0, at) + replace + text.slice(at + find.length);
  }
  return files;
}

/** The expected line (1-based) and column (1-based, or undefined) in the patched file. */
function expectedPosition(files: Record<string, string>, e: Expect): { line: number; column?: number } {
  const lines = (files[e.file] ?? '').split('\n');
  const from = e.after === undefined ? 0 : lines.findIndex((l) => l.includes(e.after as string));
  const index = lines.findIndex((l, i) => i >= from && l.includes(e.line));
  if (from < 0 || index < 0) throw new Error(`${e.file}: no line containing '${e.line}'`);
  const column = e.column === undefined ? undefined : lines[index].indexOf(e.column) + 1;
  if (column === 0) throw new Error(`${e.file}:${index + 1}: '${e.column}' is not on the line`);
  return { line: index + 1, column };
}

function caught(findings: DefinitionError[], e: Expect, at: { line: number; column?: number }): boolean {
  return findings.some((f) => f.file === e.file && f.line === at.line && (at.column === undefined || f.column === at.column)
    && !!f.hint && (e.hint === undefined || new RegExp(e.hint).test(f.hint)) && (e.notHint === undefined || !new RegExp(e.notHint).test(f.hint)));
}

const results: { id: string; class: string; ok: boolean; detail: string }[] = [];

describe('the lint corpus', () => {
  it('starts from definitions that lint clean', () => {
    expect(lint(definitions).map(formatError)).toEqual([]);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (id, c) => {
    const files = patched(c.patch);
    const findings = lint(files);
    const at = c.expect === 'none' ? undefined : expectedPosition(files, c.expect);
    const shown = findings.map(formatError);
    if (c.expect === 'none') {
      results.push({ id, class: c.class, ok: findings.length === 0, detail: shown.join('\n') });
      expect(shown).toEqual([]);
      return;
    }
    const where = at as { line: number; column?: number };
    const ok = caught(findings, c.expect, where);
    results.push({ id, class: c.class, ok, detail: `expected ${c.expect.file}:${where.line}${where.column ? `:${where.column}` : ''}; got\n  ${shown.join('\n  ') || '(nothing)'}` });
  });

  it('catches at least 95% of the corpus, every catch located', () => {
    const classes = [...new Set(results.map((r) => r.class))];
    const lines = classes.map((k) => {
      const of = results.filter((r) => r.class === k);
      return `  ${k.padEnd(12)} ${of.filter((r) => r.ok).length}/${of.length}`;
    });
    const rate = results.filter((r) => r.ok).length / results.length;
    const missed = results.filter((r) => !r.ok).map((r) => `MISSED ${r.id}: ${r.detail}`);
    console.log(`lint corpus: ${results.filter((r) => r.ok).length}/${results.length} caught (${(rate * 100).toFixed(1)}%)\n${lines.join('\n')}${missed.length ? `\n${missed.join('\n')}` : ''}`);
    expect(results).toHaveLength(cases.length);
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });
});
