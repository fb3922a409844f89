/**
 * The page shell's generic parts and rules: `luminance` (runtime/core/functions), the HTML allow-list
 * sanitiser (runtime/core/html), the `layout` and `logic` fragment kinds, and, over the project's own
 * definitions, the internal layout rule (fragments/layouts.yaml `shellLayout`), the footer text colour by
 * luminance and the partner logo hidden for the introducer named by its ABN. Expectations come from the
 * definitions (settings of each brand's selection), never copied.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createLogic, htmlText, htmlToString, luminance, sanitizeHtml } from '../../../runtime/core';
import type { BlockDef, FlowDef } from '../../../runtime/core/types';
import { loadDefinitions } from '../../../runtime/core/load';
import { loadServerDefinitions } from '../../../server/definitions';
import { CONFIG, FLOW, metaFiles } from './fixtures';

const ROOT = join(import.meta.dirname, '../../..');
const logic = createLogic({});

describe('luminance', () => {
  it('is 0 for black, 1 for white, in between by perceived brightness; null for anything but a hex colour', () => {
    expect(luminance.fn('#000000')).toBe(0);
    expect(luminance.fn('#fff')).toBe(1);
    expect(luminance.fn('#FFFFFF80')).toBe(1);
    // Green looks brighter than blue of the same value.
    expect(luminance.fn('#00ff00')!).toBeGreaterThan(luminance.fn('#0000ff')!);
    // The spec's default primary (002 s9) is dark, a light grey is not.
    expect(luminance.fn('#002856')!).toBeLessThan(0.5);
    expect(luminance.fn('#f3f5f8')!).toBeGreaterThan(0.5);
    for (const bad of ['', 'red', '#12', '#1234567', 'rgb(0,0,0)', null, undefined, 12]) expect(luminance.fn(bad), String(bad)).toBeNull();
  });

  it('is called from logic by name', () => {
    expect(logic.evaluate({ '<': [{ luminance: [{ var: 'c' }] }, 0.5] }, { c: '#002856' })).toBe(true);
    expect(logic.evaluate({ luminance: [{ var: 'c' }] }, { c: '#808080' })).toBeCloseTo(0.502, 3);
  });
});

describe('sanitizeHtml', () => {
  const clean = (html: string) => htmlToString(sanitizeHtml(html));

  it('keeps allowed elements, their text and allowed attributes', () => {
    expect(clean('<p>Acme <strong>Fleet</strong><br>Ltd &amp; co &copy; 2024</p>')).toBe('<p>Acme <strong>Fleet</strong><br>Ltd &amp; co © 2024</p>');
    expect(clean('<a href="https://x.example/a?b=1&amp;c=2" title="T" target="_blank" rel="noopener noreferrer">x</a>')).toBe('<a href="https://x.example/a?b=1&amp;c=2" title="T" target="_blank" rel="noopener noreferrer">x</a>');
    expect(clean('<ul><li>a<li>b</ul>')).toBe('<ul><li>a<li>b</li></li></ul>');
    expect(clean("<a href='mailto:a@b.example'>m</a><a href=/terms>t</a><a href=tel:1300>p</a>")).toBe('<a href="mailto:a@b.example">m</a><a href="/terms">t</a><a href="tel:1300">p</a>');
  });

  it('drops scripts and styles with their content, unknown tags (keeping their text), handlers and unsafe links', () => {
    expect(clean('<p onclick="x()">Hi<script>alert(1)</script><style>p{}</style></p>')).toBe('<p>Hi</p>');
    expect(clean('<img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(clean('<blink>text</blink>')).toBe('text');
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', '&#106;avascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example']) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(clean('<p style="color:red" class="x" id="y">s</p>')).toBe('<p>s</p>');
    expect(clean('a<!-- <script>x</script> -->b<!DOCTYPE html>c')).toBe('abc');
    expect(clean('<svg><script>alert(1)</script></svg>after')).toBe('after');
  });

  it('escapes what is text: stray angle brackets never become markup', () => {
    expect(clean('1 < 2 > 0 &lt;b&gt;')).toBe('1 &lt; 2 &gt; 0 &lt;b&gt;');
    expect(htmlText(sanitizeHtml('&lt;script&gt;'))).toBe('<script>');
    expect(clean('<p>unclosed <em>em')).toBe('<p>unclosed <em>em</em></p>');
    expect(clean('</p>stray</div>')).toBe('stray');
    expect(sanitizeHtml('')).toEqual([]);
    expect(sanitizeHtml(undefined)).toEqual([]);
  });
});

describe('layout and logic fragments', () => {
  const files = (flow: string, fragments: string) => ({ ...metaFiles(), 'fleetform.yaml': CONFIG, 'flows/_base.yaml': 'id: base\nmessages: { go: Go, row.first: First, row.second: Second, row.done: Done, head: Head }\n', 'flows/demo.yaml': flow, 'schemas/details.json': '{"type":"object","properties":{"name":{"type":"string"}}}', 'fragments/demo.yaml': fragments });
  const FRAGMENTS = `isOwner:
  logic: { '==': [{ var: user.id }, { var: record.item.ownerId }] }
chrome:
  layout:
    footerBackground: { if: [{ use: isOwner }, '#000000', ''] }
    header:
      - { type: text, text: head, visibleWhen: { use: isOwner } }
`;
  const WITH_LAYOUT = FLOW.replace('steps:\n', 'layout: { use: chrome }\nsteps:\n');

  it("a flow's layout: { use } is the layout fragment, its logic uses written out", () => {
    const { defs, errors } = loadDefinitions(files(WITH_LAYOUT, FRAGMENTS));
    expect(errors).toEqual([]);
    const owner = { '==': [{ var: 'user.id' }, { var: 'record.item.ownerId' }] };
    expect(defs.flows.demo.layout).toEqual({ footerBackground: { if: [owner, '#000000', ''] }, header: [{ type: 'text', text: 'head', visibleWhen: owner }] });
  });

  it('members beside a layout use go over the fragment', () => {
    const { defs, errors } = loadDefinitions(files(FLOW.replace('steps:\n', "layout: { use: chrome, footerBackground: '#ffffff' }\nsteps:\n"), FRAGMENTS));
    expect(errors).toEqual([]);
    expect(defs.flows.demo.layout?.footerBackground).toBe('#ffffff');
    expect(defs.flows.demo.layout?.header).toHaveLength(1);
  });

  it('reports a layout use naming another kind, and members beside a logic use', () => {
    const wrongKind = loadDefinitions(files(FLOW.replace('steps:\n', 'layout: { use: isOwner }\nsteps:\n'), FRAGMENTS));
    expect(wrongKind.errors.map((e) => e.message)).toContain("fragment 'isOwner' is a logic fragment; here a layout fragment is needed");
    const extra = loadDefinitions(files(WITH_LAYOUT, FRAGMENTS.replace('visibleWhen: { use: isOwner }', 'visibleWhen: { use: isOwner, not: true }')));
    expect(extra.errors.map((e) => e.message)).toContain("a logic fragment is used whole: 'not' beside use has no meaning");
  });
});

describe('the shell of the definitions (fragments/layouts.yaml)', () => {
  const fragments = parse(readFileSync(join(ROOT, 'fragments/layouts.yaml'), 'utf8')) as Record<string, { logic?: unknown }>;
  const rule = fragments.shellLayout.logic;
  const defs = loadServerDefinitions(ROOT);
  const settingsOf = (brand: string, region: string) => defs.layers({ brand, region }).settings;
  const account = defs.defs.flows.account as FlowDef;

  it('the internal layout rule: calculator for a calculator applicant, scoreboard on application pages, plain elsewhere', () => {
    const scoreboard = { applicationType: 'standard', scoreboard: { status: 'orderVerification', secondaryApplicant: { userId: 'u2' } } };
    const calculator = { applicationType: 'calculator', scoreboard: { status: 'viewShortlist', secondaryApplicant: { userId: 'u2' } } };
    expect(logic.evaluate(rule, { params: {}, record: {}, user: null })).toBe('plain');
    expect(logic.evaluate(rule, { params: {}, record: scoreboard, user: { id: 'u1' } })).toBe('plain');
    expect(logic.evaluate(rule, { params: { applicationId: 'a1' }, record: scoreboard, user: { id: 'u1' } })).toBe('scoreboard');
    expect(logic.evaluate(rule, { params: { applicationId: 'a1' }, record: calculator, user: { id: 'u1' } })).toBe('calculator');
    // The secondary applicant of a calculator application gets the scoreboard variant (000 s2 'Home index').
    expect(logic.evaluate(rule, { params: { applicationId: 'a1' }, record: calculator, user: { id: 'u2' } })).toBe('scoreboard');
  });

  it('both shell flows carry the same expanded layout, with no use left', () => {
    expect(defs.defs.flows.orderVerification.layout).toEqual(account.layout);
    expect(JSON.stringify(account.layout)).not.toContain('"use"');
  });

  it('footer text is light on a dark background and dark on a light one (luminance under settings.shell.darkBelow)', () => {
    for (const [brand, region] of [['acme-au', 'au'], ['kiwi-nz', 'nz'], ['introducer-au', 'au']]) {
      const settings = settingsOf(brand, region) as { theme: Record<string, string>; shell: { darkBelow: number } };
      const ctx = { settings, params: {}, record: {}, user: null };
      const background = logic.evaluate(account.layout!.footerBackground, ctx) as string;
      expect(background, brand).toBe(settings.theme.footerColour);
      const dark = luminance.fn(background)! < settings.shell.darkBelow;
      expect(logic.evaluate(account.layout!.footerColour, ctx), brand).toBe(dark ? settings.theme.lightText : settings.theme.darkText);
    }
    // The demo brands show both sides of the rule.
    const backgrounds = [['acme-au', 'au'], ['introducer-au', 'au']].map(([b, r]) => luminance.fn((settingsOf(b, r) as { theme: { footerColour: string } }).theme.footerColour)!);
    expect(backgrounds[0]).toBeLessThan(0.5);
    expect(backgrounds[1]).toBeGreaterThan(0.5);
  });

  it('hides the partner logo for the introducer named by its ABN only', () => {
    const find = (blocks: BlockDef[] | undefined): BlockDef | undefined => {
      for (const b of blocks ?? []) {
        if (b.id === 'partnerLogo') return b;
        const inner = find((b as { blocks?: BlockDef[] }).blocks);
        if (inner) return inner;
      }
      return undefined;
    };
    const partner = find(account.layout!.header)!;
    const shown = (brand: string, region: string) => logic.holds(partner.visibleWhen, { settings: settingsOf(brand, region) });
    expect(shown('acme-au', 'au')).toBe(true);
    expect(shown('kiwi-nz', 'nz')).toBe(true);
    expect(shown('introducer-au', 'au')).toBe(false);
    const introducer = settingsOf('introducer-au', 'au') as { whiteLabel: { abn: string }; shell: { partnerLogoHiddenFor: string } };
    expect(introducer.whiteLabel.abn).toBe(introducer.shell.partnerLogoHiddenFor);
  });
});
