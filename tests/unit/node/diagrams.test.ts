import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../runtime/core/load';
import { diagramFiles, flowchartOf, flowDiagrams, logicLabel, mermaidEscape, statusDiagramOf, loadDefinitionsFromDir } from '../../../runtime/node';
import { CONFIG, metaFiles } from '../core/fixtures';

const root = join(import.meta.dirname, '../../..');
const { defs, errors } = loadDefinitionsFromDir(root);

describe('logicLabel', () => {
  it('renders var paths, comparisons, negation and and/or compactly', () => {
    expect(logicLabel({ and: [{ '==': [{ var: 'a.b' }, 'x'] }, { '!': { var: 'c' } }, { or: [{ '<': [{ var: 'n' }, 3] }, { '!!': [{ var: 'd' }] }] }] }))
      .toBe("a.b == 'x' && !c && (n < 3 || !!d)");
    expect(logicLabel({ '!==': [{ var: ['p', 0] }, null] })).toBe('p ?? 0 != null');
    expect(logicLabel({ length: { var: 'list' } })).toBe('length(list)');
  });
  it('shows the value of a known root beside its path', () => {
    expect(logicLabel({ '<': [{ var: 'n' }, { var: 'settings.limit' }] }, { settings: { limit: 5 } })).toBe('n < settings.limit (5)');
  });
  it('cuts a long label with an ellipsis', () => {
    const long = logicLabel({ and: Array.from({ length: 20 }, (_, i) => ({ var: `field${i}` })) });
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
  it('escapes what Mermaid cannot take in a label', () => {
    expect(mermaidEscape('a < b && "c" | d; #e\nf')).toBe('a #60; b #38;#38; #34;c#34; #124; d#59; #35;e f');
  });
});

describe('flowchartOf', () => {
  it("draws a screen's sections and dialogs as sub-nodes of its step when asked (the studio)", () => {
    const flow = defs.flows.businessDetails;
    const plain = flowchartOf(flow);
    expect(plain).not.toContain('subgraph');
    const drawn = flowchartOf(flow, { parts: true, messages: { 'businessDetails.section.entity': 'Business Details' } });
    expect(drawn).toMatch(/subgraph s_sections_parts/);
    expect(drawn).toMatch(/s_sections_p\d+\[\/"Business Details"\/\]/);
    expect(drawn).toMatch(/s_sections_p\d+\(\["dialog: businessDetails\.docs\.title"\]\)/);
    expect(drawn).toMatch(/s_sections --- s_sections_p0/);
  });
  it('draws the chain example: steps, a guarded transition, the else branch and the then edge', () => {
    const text = flowchartOf(defs.flows.exampleChain);
    expect(text.startsWith('flowchart TD\n')).toBe(true);
    expect(text).toContain('s_form["<b>form</b>"]');
    expect(text).toContain('s_done["<b>done</b>"]');
    expect(text).toContain('start_ --> s_form');
    // send's then raises answered: a dotted edge to the event's own node, whose alternatives leave from it.
    expect(text).toContain('s_form -.->|"send"| e_form_answered');
    expect(text).toContain(`e_form_answered -->|"[state.answer.status == '200']"| s_done`);
    expect(text).toContain('e_form_answered -->|"[else]"| s_form');
  });
  it('draws the guarded example: first guard wins, the unguarded alternative is the else', () => {
    const text = flowchartOf(defs.flows.exampleGuarded);
    expect(text).toContain('s_start -->|"continue<br/>[record.ready == true]"| s_done');
    expect(text).toContain('s_start -->|"continue<br/>[else]"| s_blocked');
  });
  it('shows step titles from the messages and draws the flow\'s own on once from *', () => {
    const flow = { id: 'f', initial: 'a', steps: { a: { title: 'k.a', on: { go: { target: 'b' } } }, b: {} }, on: { reset: { target: 'a' } } };
    const text = flowchartOf(flow, { messages: { 'k.a': 'First <page>' } });
    expect(text).toContain('s_a["<b>a</b><br/>First #60;page#62;"]');
    expect(text).toContain('any_ -->|"reset"| s_a');
    expect(text.match(/reset/g)).toHaveLength(1);
  });
});

describe('flowchartOf: navigations made by effects', () => {
  it('draws an edge to the step a navigate effect opens (a path, or a cat with a route param), not a self-loop', () => {
    const flow = {
      id: 'f', basePath: '/items/:itemId', initial: 'list',
      steps: {
        list: { route: '/items', on: { open: { effects: [{ navigate: { cat: ['/items/', { var: 'event.id' }, '/review'] } }] }, help: { effects: [{ navigate: '/help' }] } } },
        review: { route: 'review', on: { back: { effects: [{ navigate: { if: [{ var: 'x' }, '/items', '/help'] } }] }, stay: { effects: [{ set: 'state.a', value: 1 }] } } },
        help: { route: '/help', on: { anywhere: { effects: [{ navigate: { var: 'state.next' } }] } } },
      },
    };
    const text = flowchartOf(flow as never);
    expect(text).toContain('s_list -->|"open"| s_review');
    expect(text).toContain('s_list -->|"help"| s_help');
    expect(text).toContain('s_review -->|"back"| s_list');
    expect(text).toContain('s_review -->|"back"| s_help');
    // Staying, or going where only a value read at run time says, is still a self-loop.
    expect(text).toContain('s_review -->|"stay"| s_review');
    expect(text).toContain('s_help -->|"anywhere"| s_help');
  });
  it('draws the account flow\'s navigations to its steps', () => {
    const text = flowchartOf(defs.flows.account, { flows: defs.flows });
    expect(text).toContain('s_noApplication -->|"enter<br/>[record.applicationId]"| s_application');
    expect(text).toContain('s_application -->|"enter"| s_error');
  });
});

describe('statusDiagramOf', () => {
  it('draws the primary status machine: every status, the initial one, guarded and server transitions', () => {
    const flow = defs.flows.primary;
    const text = statusDiagramOf(flow)!;
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const status of flow.status!.order) expect(text).toContain(`state "${status}" as st_${status}`);
    expect(text).toContain('[*] --> st_orderVerification');
    expect(text).toContain("st_orderVerification --> st_businessDetails : orderVerification.quoteAccepted [record.scoreboard.docusignStatus == 'completed']");
    expect(text).toContain('st_reviewAndSignContract --> st_finished : reviewAndSignContract.signed (server)');
  });
  it('is undefined for a flow that drives no status', () => {
    expect(statusDiagramOf(defs.flows.exampleChain)).toBeUndefined();
  });
});

describe('every flow', () => {
  it('loads', () => expect(errors).toEqual([]));
  const all = flowDiagrams(defs);
  it.each(Object.keys(defs.flows).sort())('%s has a diagram naming every step', (id) => {
    const diagrams = all.find((d) => d.flow === id)!;
    expect(diagrams.variants[0].isDefault).toBe(true);
    for (const variant of diagrams.variants) {
      for (const step of Object.keys(defs.flows[id].steps)) expect(variant.flowchart).toContain(`<b>${mermaidEscape(step)}</b>`);
      expect(variant.status === undefined).toBe(defs.flows[id].status === undefined);
    }
  });
  it('writes an index embedding each file in a mermaid block, examples apart', () => {
    const files = diagramFiles(all);
    const index = files['index.md'];
    for (const [name, text] of Object.entries(files)) {
      if (name === 'index.md') continue;
      expect(index).toContain(`(${name})`);
      expect(index).toContain(`\`\`\`mermaid\n${text}\`\`\``);
    }
    expect(index.indexOf('## Examples')).toBeGreaterThan(index.indexOf('### primary'));
    expect(index.indexOf('### exampleChain')).toBeGreaterThan(index.indexOf('## Examples'));
  });
});

describe('variants', () => {
  const files = {
    ...metaFiles(),
    'fleetform.yaml': CONFIG,
    'flows/_base.yaml': 'id: base\nsettings: { limit: 3 }\nmessages: { t.a: Start }\n',
    'ones/a.yaml': 'id: a\n',
    'ones/b.yaml': 'id: b\nsettings: { limit: 5 }\n',
    'twos/x.yaml': 'id: x\n',
    'twos/y.yaml': 'id: y\nmessages: { t.a: Begin }\n',
    'flows/f.yaml': `id: f
initial: a
steps:
  a:
    title: t.a
    on:
      add: { guard: { '<': [{ var: record.n }, { var: settings.limit }] }, target: b }
  b: {}
`,
  };
  const loaded = loadDefinitions(files);
  it('loads the fixture cleanly', () => expect(loaded.errors).toEqual([]));
  it('keeps one text per distinct rendering and says which selections share it', () => {
    const [f] = flowDiagrams(loaded.defs);
    expect(f.variants.map((v) => [v.isDefault, v.files.flowchart, v.selections])).toEqual([
      [true, 'f.mmd', [{ one: 'a', two: 'x' }]],
      [false, 'f--a-y.mmd', [{ one: 'a', two: 'y' }]],
      [false, 'f--b-x.mmd', [{ one: 'b', two: 'x' }]],
      [false, 'f--b-y.mmd', [{ one: 'b', two: 'y' }]],
    ]);
    expect(f.variants[0].flowchart).toContain('[record.n #60; settings.limit (3)]');
    expect(f.variants[1].flowchart).toContain('<br/>Begin"]');
    expect(f.variants[2].flowchart).toContain('[record.n #60; settings.limit (5)]');
    const index = diagramFiles([f])['index.md'];
    expect(index).toContain('#### Default (also one=a two=x)');
    expect(index).toContain('#### one=b two=y');
  });
});
