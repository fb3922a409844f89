/**
 * Fluent's CSS out of the scripts (scripts/griffelCss.ts): a compiled style hook's rules move to the build's
 * style sheet and the call keeps only its classes; the sheet keeps Griffel's order (media query, bucket,
 * priority), each rule once; a call whose rules are not literal data stays as it is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { extractModule, sortedCss } from '../../../scripts/griffelCss';

const parse = (code: string) => parseAst(code) as unknown as Parameters<typeof extractModule>[1] extends (c: string) => infer N ? N : never;
// A module as Fluent ships it (compiled by Griffel: `__styles(classes, rules)`).
const LABEL_PACKAGE = dirname(createRequire(import.meta.url).resolve('@fluentui/react-label/package.json'));
const LABEL = readFileSync(join(LABEL_PACKAGE, 'lib/components/Label/useLabelStyles.styles.js'), 'utf8');

describe('extractModule', () => {
  it('moves the rules of a Fluent component out, keeping its class map', () => {
    const warnings: string[] = [];
    const out = extractModule(LABEL, parse, (m) => warnings.push(m));
    expect(out).not.toBeNull();
    expect(warnings).toEqual([]);
    expect(out!.code).not.toContain('.fk6fouc{font-family');
    expect(out!.code).toContain("import { __css as __griffel__css } from '@griffel/react';");
    expect(out!.code).toMatch(/__griffel__css\(\{\s*root: \{\s*Bahqtrf: "fk6fouc"/);
    expect(out!.rules).toHaveLength(1);
    expect(out!.rules[0].d).toContain('.fk6fouc{font-family:var(--fontFamilyBase);}');
    expect(out!.rules[0].m).toEqual([['@media (forced-colors: active){.f1cyfu5x{color:GrayText;}}', { m: '(forced-colors: active)' }]]);
  });

  it('rewrites reset styles to __resetCSS with both class names', () => {
    const code = `import { __resetStyles } from '@griffel/react';\nexport const useRoot = __resetStyles('r1', 'r1r', { r: ['.r1{display:flex;}', '.r1r{display:flex;}'], s: ['@media (min-width: 1px){.r1{gap:1px;}}'] });`;
    const out = extractModule(code, parse, () => undefined);
    expect(out!.code).toContain("__griffel__resetCSS('r1', 'r1r')");
    expect(out!.rules).toEqual([{ r: ['.r1{display:flex;}', '.r1r{display:flex;}'], s: ['@media (min-width: 1px){.r1{gap:1px;}}'] }]);
  });

  it('leaves a call whose rules are not literal data, and says so', () => {
    const code = `import { __styles } from '@griffel/react';\nconst rules = { d: ['.a{color:red;}'] };\nexport const useA = __styles({ root: { x: 'a' } }, rules);`;
    const warnings: string[] = [];
    expect(extractModule(code, parse, (m) => warnings.push(m))).toBeNull();
    expect(warnings).toHaveLength(1);
  });

  it('ignores modules without compiled styles and same-named functions from elsewhere', () => {
    expect(extractModule('export const a = 1;', parse, () => undefined)).toBeNull();
    expect(extractModule(`import { __styles } from './mine';\n__styles({}, { d: ['.a{}'] });`, parse, () => undefined)).toBeNull();
  });
});

describe('sortedCss', () => {
  it('orders by media query, then bucket, then priority, each rule once', () => {
    const css = sortedCss([
      { h: ['.hover:hover{color:red;}'], d: ['.d1{color:blue;}', ['.short{padding:0;}', { p: -1 }]], m: [['@media (min-width: 2px){.m2{color:red;}}', { m: '(min-width: 2px)' }]] },
      { r: ['.reset{display:block;}'], d: ['.d1{color:blue;}'], m: [['@media (min-width: 1px){.m1{color:red;}}', { m: '(min-width: 1px)' }]] },
    ]);
    expect(css).toBe(
      '.reset{display:block;}.short{padding:0;}.d1{color:blue;}.hover:hover{color:red;}'
      + '@media (min-width: 1px){.m1{color:red;}}@media (min-width: 2px){.m2{color:red;}}',
    );
  });
});
