/**
 * Engine III's size targets (issue 30): the journeys' two screens are written in the language, not spelled out
 * (flows/applicantDetails.yaml and flows/businessDetails.yaml at most 250 lines, none over 120 characters), and no
 * piece of logic is named by a YAML anchor across steps (lint cannot see an anchor): in flows/ and fragments/, an
 * alias names an anchor of its own step (in a flow) or its own fragment, never another's. The figures are printed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPair, isScalar, parseDocument, visit, type Node } from 'yaml';

const root = new URL('../..', import.meta.url).pathname;
const TARGET_LINES = 250;
const MAX_WIDTH = 120;

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === '_examples' ? [] : yamlFiles(join(dir, e.name))) : /\.ya?ml$/.test(e.name) ? [join(dir, e.name)] : []));

/** The part of a file an anchor belongs to: a flow's step (`steps.<name>`) or other top-level member, a fragment. */
function unitOf(path: readonly unknown[]): string {
  const keys = path.filter(isPair).map((p) => (isScalar(p.key) ? String(p.key.value) : '?'));
  return keys[0] === 'steps' && keys.length > 1 ? `steps.${keys[1]}` : keys[0] ?? '';
}

/** `file: alias *x in <unit>, anchor in <unit>` for every alias whose anchor is in another unit. */
function crossAliases(file: string, text = readFileSync(file, 'utf8')): string[] {
  const doc = parseDocument(text);
  const anchors = new Map<string, string>();
  const found: string[] = [];
  visit(doc, {
    Node(_key, node, path) {
      if ((node as Node).anchor) anchors.set((node as Node).anchor as string, unitOf(path));
    },
    Alias(_key, node, path) {
      const unit = unitOf(path);
      const at = anchors.get(node.source);
      if (at !== undefined && at !== unit) found.push(`${file.slice(root.length)}: *${node.source} in ${unit}, anchored in ${at}`);
    },
  });
  return found;
}

describe('Engine III size targets (issue 30)', () => {
  for (const name of ['applicantDetails', 'businessDetails']) {
    it(`flows/${name}.yaml: at most ${TARGET_LINES} lines, none over ${MAX_WIDTH} characters`, () => {
      const lines = readFileSync(join(root, `flows/${name}.yaml`), 'utf8').replace(/\n$/, '').split('\n');
      const wide = lines.map((text, i) => ({ line: i + 1, width: text.length })).filter((l) => l.width > MAX_WIDTH);
      console.log(`flows/${name}.yaml: ${lines.length} lines, ${wide.length} over ${MAX_WIDTH} characters`);
      expect(lines.length).toBeLessThanOrEqual(TARGET_LINES);
      expect(wide).toEqual([]);
    });
  }

  it('no YAML anchor in flows/ or fragments/ is aliased in another step or fragment', () => {
    const files = [...yamlFiles(join(root, 'flows')), ...yamlFiles(join(root, 'fragments'))];
    const found = files.flatMap((file) => crossAliases(file));
    console.log(`${files.length} files: ${found.length} aliases across steps`);
    expect(found).toEqual([]);
  });

  it('the check sees an alias in another step or fragment, and allows one inside the same', () => {
    const flow = 'id: f\nsteps:\n  a: { when: &x { var: y }, blocks: [{ type: text, text: t, visibleWhen: *x }] }\n  b: { when: *x }\n';
    expect(crossAliases(`${root}flows/f.yaml`, flow)).toEqual(['flows/f.yaml: *x in steps.b, anchored in steps.a']);
    expect(crossAliases(`${root}fragments/g.yaml`, "one:\n  logic: &y { var: a }\ntwo:\n  logic: { '!': *y }\n")).toEqual(['fragments/g.yaml: *y in two, anchored in one']);
    expect(crossAliases(`${root}flows/f.yaml`, flow.replace('  b: { when: *x }\n', ''))).toEqual([]);
  });
});
