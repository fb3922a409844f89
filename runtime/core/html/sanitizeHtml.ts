/**
 * An allow-list HTML sanitiser for HTML that definitions or organisations supply (a footer, a
 * disclaimer): parsed without a DOM (it runs in the browser, on the server and in tests alike) into
 * a tree of allowed elements and text. Anything else goes: a tag not on the list is dropped and its
 * text kept, except elements whose content is code or markup (script, style ...), dropped whole;
 * attributes not on the list, and links that are not http(s), mailto, tel, a path on this site or a
 * fragment as a browser reads them ({@link safeHref}), are left out.
 * Renderers build elements from the tree (never `innerHTML`), so no markup survives unchecked.
 */

/** An element kept by the sanitiser. */
export interface HtmlElement {
  tag: string;
  /** Allowed attributes only (a link's `href` checked). */
  attrs: Record<string, string>;
  children: HtmlNode[];
}

/** Text (entities decoded) or an allowed element. */
export type HtmlNode = string | HtmlElement;

/** Elements kept, and the attributes each may keep. */
export const ALLOWED_TAGS: Readonly<Record<string, readonly string[]>> = {
  p: [], br: [], strong: [], b: [], em: [], i: [], u: [], small: [], span: [], div: [],
  ul: [], ol: [], li: [], h2: [], h3: [], h4: [], a: ['href', 'title'],
};

/** Elements dropped with their content. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'head', 'svg', 'math', 'select']);
/** Elements with no content and no end tag. */
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'area', 'base', 'col', 'source', 'wbr']);
/** A URL's scheme, as WHATWG URL parsing finds it (a letter, then letters, digits, `+`, `-`, `.`). */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Schemes a link may have; without one, it must be a path on this site (`/...`) or a fragment (`#...`). */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
/** Schemes whose URLs browsers parse as "special": `\` reads as `/` before the query and fragment. */
const SPECIAL_SCHEMES = new Set(['http', 'https']);

/**
 * A link's address as a browser reads it, or undefined when it is not one this sanitiser keeps.
 * Browsers (WHATWG URL parsing) drop leading and trailing C0 controls and spaces, drop ASCII tabs and
 * newlines anywhere (`java\tscript:`), and, for http(s) and for a relative URL on an http(s) page, read
 * `\` as `/` before the query and fragment: `/\evil.example/x` and `\\evil.example` are protocol-
 * relative links to another host, as `//evil.example` is. The decision is taken on that reading, which
 * is also the address kept. Kept: http(s), mailto and tel URLs, a path on this site (one `/`, not two)
 * and a fragment; anything else, or a remaining control character, is dropped. `raw` has its character
 * references decoded already (`/&#x5c;evil` is `/\evil`).
 * @example safeHref('/\\evil.example/x') // undefined
 * @example safeHref(' /terms\\fees') // '/terms/fees'
 */
export function safeHref(raw: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  const url = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(url)) return undefined;
  const scheme = SCHEME.exec(url)?.[1].toLowerCase();
  if (scheme !== undefined && !SAFE_SCHEMES.has(scheme)) return undefined;
  if (scheme !== undefined && !SPECIAL_SCHEMES.has(scheme)) return url;
  // http(s) or relative: backslashes before the query and fragment are slashes.
  const end = url.search(/[?#]/);
  const read = end < 0 ? url.replace(/\\/g, '/') : `${url.slice(0, end).replace(/\\/g, '/')}${url.slice(end)}`;
  if (scheme !== undefined || read.startsWith('#')) return read;
  return /^\/(?!\/)/.test(read) ? read : undefined;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '\u00a9', reg: '\u00ae', trade: '\u2122', ndash: '\u2013', mdash: '\u2014', hellip: '\u2026' };

/** Text with character references decoded (numeric ones and the common named ones; an unknown one stays as written). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>|<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(tag: string, source: string): Record<string, string> {
  const allowed = ALLOWED_TAGS[tag] ?? [];
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!allowed.includes(name)) continue;
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (name === 'href') {
      const href = safeHref(value);
      if (href !== undefined) attrs.href = href;
      continue;
    }
    attrs[name] = value;
  }
  // A web link leaves the portal in a new tab that cannot reach back to this page.
  if (tag === 'a' && /^https?:/i.test(attrs.href ?? '')) Object.assign(attrs, { target: '_blank', rel: 'noopener noreferrer' });
  return attrs;
}

/**
 * The allowed part of an HTML fragment as a tree. Unclosed elements close at the end, stray end tags
 * are ignored, and an end tag closes the innermost open element of its name.
 * @example
 * sanitizeHtml('<p>Hi <a href="javascript:x" onclick="y">there</a><script>z</script></p>')
 * // [{ tag: 'p', attrs: {}, children: ['Hi ', { tag: 'a', attrs: {}, children: ['there'] }] }]
 */
export function sanitizeHtml(html: unknown): HtmlNode[] {
  if (typeof html !== 'string' || !html) return [];
  const root: HtmlElement = { tag: '', attrs: {}, children: [] };
  const open: HtmlElement[] = [root];
  /** Name of the element whose content is being dropped, until its end tag. */
  let skipping: string | undefined;
  let last = 0;
  const text = (raw: string) => {
    if (skipping || !raw) return;
    const children = open[open.length - 1].children;
    const value = decodeEntities(raw);
    if (typeof children[children.length - 1] === 'string') children[children.length - 1] += value;
    else children.push(value);
  };
  for (const m of html.matchAll(TAG)) {
    text(html.slice(last, m.index));
    last = m.index + m[0].length;
    if (!m[1]) continue; // comment, doctype, processing instruction
    const tag = m[1].toLowerCase();
    const closing = m[0][1] === '/';
    if (skipping) {
      if (closing && tag === skipping) skipping = undefined;
      continue;
    }
    if (!closing && DROPPED_WITH_CONTENT.has(tag)) {
      if (!m[0].endsWith('/>')) skipping = tag;
      continue;
    }
    if (!(tag in ALLOWED_TAGS)) continue;
    if (closing) {
      const at = open.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) open.length = at;
      continue;
    }
    const element: HtmlElement = { tag, attrs: attributesOf(tag, m[2] ?? ''), children: [] };
    open[open.length - 1].children.push(element);
    if (!VOID.has(tag) && !m[0].endsWith('/>')) open.push(element);
  }
  text(html.slice(last));
  return root.children;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** The tree written back as HTML (text and attribute values escaped): what a sanitised fragment is as a string. */
export function htmlToString(nodes: HtmlNode[]): string {
  return nodes.map((n) => {
    if (typeof n === 'string') return escapeText(n);
    const attrs = Object.entries(n.attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
    return VOID.has(n.tag) ? `<${n.tag}${attrs}>` : `<${n.tag}${attrs}>${htmlToString(n.children)}</${n.tag}>`;
  }).join('');
}

/** The text of a fragment without its markup (e.g. to check that a fragment says anything). */
export function htmlText(nodes: HtmlNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : htmlText(n.children))).join('');
}
