/**
 * An allow-list HTML sanitiser for texts that carry markup (an organisation's footer or disclaimer HTML).
 * The input is parsed by the browser's inert `DOMParser` (nothing in it runs or loads) and copied node by node
 * into a fresh tree: allowed elements with their allowed attributes, text as text. Elements that carry code or
 * content of their own (script, style, iframe, forms, SVG ...) are dropped with their content; any other element
 * is left out but its content kept. Links keep only http(s), mailto, tel and same-site addresses, and an absolute
 * web link opens in a new tab with `rel="noopener noreferrer"`.
 * @example
 * sanitizeHtml('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>x()</script></p>') // '<p>Hi <a>there</a></p>'
 */

/** Elements kept (with the attributes listed). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [], br: [], strong: [], b: [], em: [], i: [], u: [], small: [], span: [], div: [], hr: [],
  ul: [], ol: [], li: [], h2: [], h3: [], h4: [], blockquote: [], a: ['href', 'title'],
};

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'noscript', 'svg', 'math',
  'title', 'head', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select', 'option', 'img', 'video', 'audio', 'source', 'picture', 'canvas',
]);

const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
/** Control characters and whitespace a browser strips from a URL before reading its scheme. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f]/g;

/** The markup with only allow-listed elements and attributes (an empty string for empty input). */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  copyChildren(source.body, root, out);
  return root.innerHTML;
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === 3) {
      to.appendChild(doc.createTextNode(node.nodeValue ?? ''));
      continue;
    }
    if (node.nodeType !== 1) continue; // comments, processing instructions
    const element = node as Element;
    const tag = element.localName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    const attributes = ALLOWED[tag];
    if (!attributes) {
      copyChildren(element, to, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    for (const name of attributes) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      if (name === 'href') {
        const href = value.replace(URL_NOISE, '');
        if (!SAFE_HREF.test(href)) continue;
        copy.setAttribute('href', href);
        if (/^https?:/i.test(href)) {
          copy.setAttribute('target', '_blank');
          copy.setAttribute('rel', 'noopener noreferrer');
        }
      } else {
        copy.setAttribute(name, value);
      }
    }
    copyChildren(element, copy, doc);
    to.appendChild(copy);
  }
}
