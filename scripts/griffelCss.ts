/**
 * Vite plugin: Fluent's CSS out of the scripts (issue 16 item 3). Griffel's build-time form of a style hook,
 * `__styles(classes, cssRules)` and `__resetStyles(ltrClass, rtlClass, cssRules)` (Fluent ships its components
 * so; @griffel/vite-plugin compiles the app's own `makeStyles` to it), carries its CSS rules as strings
 * that the browser parses, runs and inserts. This plugin moves those rules into one style sheet of the
 * build and leaves `__css(classes)` / `__resetCSS(ltrClass, rtlClass)` behind, which only name the classes:
 * the same extraction as Griffel's webpack plugin (@griffel/webpack-extraction-plugin), for Vite.
 *
 * - The sheet holds the rules of every module of the build (lazy chunks too), each once, in Griffel's
 *   order (media query, then bucket: reset, default, link, visited, focus, hover, ... at-rules, media; then
 *   priority), which the atomic classes' precedence relies on; one sheet, so that order holds across chunks.
 * - The built index.html links it; the server-render build (`ssr`) transforms the same way and writes no
 *   sheet (its markup names the same classes; the page's link styles them).
 * - A call whose rules are not literal data (none in Fluent or the app today) is left as it is and said:
 *   Griffel inserts its rules at run time as before.
 * @example defineConfig({ plugins: [react(), griffel(), griffelCss()] })
 */
import { normalizeCSSBucketEntry, styleBucketOrdering, defaultCompareMediaQueries } from '@griffel/core';
import type { CSSRulesByBucket, StyleBucketName } from '@griffel/core';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The runtime functions whose rules move, and what replaces each (same module). */
const EXTRACTED = { __styles: '__css', __resetStyles: '__resetCSS' } as const;
// Fluent's packages import them from @griffel/react; the app's compiled makeStyles from where it imported makeStyles.
const GRIFFEL_MODULES = new Set(['@griffel/react', '@griffel/core', '@fluentui/react-components']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The value of a literal-data expression (strings, numbers, arrays, plain objects), or undefined when it is not one. */
function literal(node: Node | undefined): unknown {
  if (!node) return undefined;
  switch (node.type) {
    case 'Literal': return node.value as unknown;
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string } }[];
      return (node.expressions as Node[]).length === 0 ? quasis[0].value.cooked : undefined;
    }
    case 'UnaryExpression': return node.operator === '-' && (node.argument as Node).type === 'Literal' ? -(literal(node.argument as Node) as number) : undefined;
    case 'ArrayExpression': {
      const items = (node.elements as (Node | null)[]).map((e) => (e ? literal(e) : undefined));
      return items.includes(undefined) ? undefined : items;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties as Node[]) {
        if (p.type !== 'Property' || p.computed || p.kind !== 'init') return undefined;
        const key = p.key as Node;
        const name = key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : undefined;
        const value = literal(p.value as Node);
        if (name === undefined || value === undefined) return undefined;
        out[name] = value;
      }
      return out;
    }
    default: return undefined;
  }
}

/** Every node of `root`, depth first. */
function* walk(root: Node): Generator<Node> {
  yield root;
  for (const value of Object.values(root)) {
    if (Array.isArray(value)) for (const v of value) { if (v && typeof v === 'object' && typeof (v as Node).type === 'string') yield* walk(v as Node); }
    else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') yield* walk(value as Node);
  }
}

/** `__resetStyles`'s rules (an array, or `{ r, s }`: plain and at-rules) as buckets. */
const resetBuckets = (rules: unknown): CSSRulesByBucket | undefined =>
  Array.isArray(rules) ? { r: rules as string[] } : rules && typeof rules === 'object' ? (rules as CSSRulesByBucket) : undefined;

const bucketOrder = new Map(styleBucketOrdering.map((name, i) => [name, i]));

/** The rules of all `sets` as one style sheet, each rule once, in Griffel's insertion order. */
export function sortedCss(sets: Iterable<CSSRulesByBucket>): string {
  const unique = new Map<string, { bucket: StyleBucketName; priority: number; media: string }>();
  for (const set of sets) {
    for (const [bucket, entries] of Object.entries(set) as [StyleBucketName, CSSRulesByBucket[StyleBucketName]][]) {
      for (const entry of entries ?? []) {
        const [rule, meta] = normalizeCSSBucketEntry(entry);
        unique.set(rule, { bucket, priority: (meta?.p as number | undefined) ?? 0, media: (meta?.m as string | undefined) ?? (meta?.x as string | undefined) ?? '' });
      }
    }
  }
  return [...unique]
    .sort(([, a], [, b]) => defaultCompareMediaQueries(a.media, b.media) || (bucketOrder.get(a.bucket) ?? 0) - (bucketOrder.get(b.bucket) ?? 0) || a.priority - b.priority)
    .map(([rule]) => rule)
    .join('');
}

/**
 * Rewrites one module: each `__styles`/`__resetStyles` call with literal rules becomes `__css`/`__resetCSS`,
 * its rules returned. Null when the module has none.
 */
export function extractModule(code: string, parse: (code: string) => Node, warn: (message: string) => void): { code: string; map: ReturnType<MagicString['generateMap']>; rules: CSSRulesByBucket[] } | null {
  if (!code.includes('__styles') && !code.includes('__resetStyles')) return null;
  const program = parse(code);
  const locals = new Map<string, keyof typeof EXTRACTED>();
  for (const node of program.body as Node[]) {
    if (node.type !== 'ImportDeclaration' || !GRIFFEL_MODULES.has((node.source as Node).value as string)) continue;
    for (const s of node.specifiers as Node[]) {
      const imported = s.type === 'ImportSpecifier' ? ((s.imported as Node).name as string) : undefined;
      if (imported && imported in EXTRACTED) locals.set((s.local as Node).name as string, imported as keyof typeof EXTRACTED);
    }
  }
  if (!locals.size) return null;
  const out = new MagicString(code);
  const rules: CSSRulesByBucket[] = [];
  const used = new Set<string>();
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression' || (node.callee as Node).type !== 'Identifier') continue;
    const fn = locals.get((node.callee as Node).name as string);
    if (!fn) continue;
    const args = node.arguments as Node[];
    const kept = fn === '__styles' ? 1 : 2;
    const value = literal(args[kept]);
    const buckets = fn === '__styles' ? (value as CSSRulesByBucket | undefined) : resetBuckets(value);
    if (args.length !== kept + 1 || !buckets || typeof buckets !== 'object') {
      warn(`a ${fn} call whose rules are not literal data stays as it is (its rules are inserted at run time)`);
      continue;
    }
    rules.push(buckets);
    const name = `__griffel${EXTRACTED[fn]}`;
    used.add(fn);
    out.overwrite((node.callee as Node).start, (node.callee as Node).end, name);
    out.remove(args[kept - 1].end, args[kept].end);
  }
  if (!rules.length) return null;
  const imports = [...used].map((fn) => `${EXTRACTED[fn as keyof typeof EXTRACTED]} as __griffel${EXTRACTED[fn as keyof typeof EXTRACTED]}`).join(', ');
  out.prepend(`import { ${imports} } from '@griffel/react';\n`);
  return { code: out.toString(), map: out.generateMap({ hires: true }), rules };
}

/** The plugin (build only). */
export function griffelCss(): Plugin {
  const rulesOf = new Map<string, CSSRulesByBucket[]>();
  let ssr = false;
  return {
    name: 'fleetform:griffel-css',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    transform(code, id) {
      // Griffel's own modules define these functions (and pass rules through): nothing to extract there.
      if (id.includes('/node_modules/@griffel/')) return null;
      const extracted = extractModule(code, (c) => this.parse(c) as unknown as Node, (message) => this.warn(`${id}: ${message}`));
      if (!extracted) return null;
      rulesOf.set(id, extracted.rules);
      return { code: extracted.code, map: extracted.map };
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const sets: CSSRulesByBucket[] = [];
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const id of file.moduleIds) sets.push(...(rulesOf.get(id) ?? []));
      }
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'griffel.css', source: sortedCss(sets) }));
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('griffelCss: the build has no index.html to link the style sheet from');
      page.source = String(page.source).replace('</head>', `<link rel="stylesheet" crossorigin href="/${fileName}">\n</head>`);
    },
  };
}
