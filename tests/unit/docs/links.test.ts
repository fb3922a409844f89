/**
 * README.md and docs/: every relative link resolves (the file, and a `#heading` anchor in a Markdown file to one of
 * its headings, as GitHub slugs them), and every `npm run <script>` named is a script of package.json.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** GitHub's heading anchor: lower case, punctuation but hyphens and underscores dropped, spaces as hyphens. */
export const slug = (heading: string): string => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
const anchorsOf = (file: string): Set<string> =>
  new Set(readFileSync(file, 'utf8').split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, '').replace(/`/g, ''))));

/** Text outside fenced code blocks. */
const prose = (text: string): string => text.replace(/```[\s\S]*?```/g, '');

describe('README.md and docs/', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('The record: sections, saves, status requests, named routes')).toBe('the-record-sections-saves-status-requests-named-routes');
    expect(slug('runtime/core')).toBe('runtimecore');
  });

  for (const page of pages) {
    it(`${page}: every relative link resolves`, () => {
      const text = prose(readFileSync(join(root, page), 'utf8'));
      const broken: string[] = [];
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [path, anchor] = target.split('#');
        const file = path ? resolve(root, dirname(page), path) : join(root, page);
        if (!existsSync(file)) broken.push(`${target}: no such file`);
        else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(`${target}: no such heading`);
      }
      expect(broken).toEqual([]);
    });

    it(`${page}: every npm run names a script`, () => {
      const named = [...readFileSync(join(root, page), 'utf8').matchAll(/npm run (?:-s )?([\w:.-]+)/g)].map((m) => m[1]);
      expect(named.filter((n) => !scripts.includes(n))).toEqual([]);
    });
  }
});
