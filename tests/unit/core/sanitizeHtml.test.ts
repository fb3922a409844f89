/** runtime/core/html: only allow-listed elements and attributes survive; code and its content never do (written back as HTML to compare). */
import { describe, expect, it } from 'vitest';
import { htmlToString, safeHref, sanitizeHtml as sanitize } from '../../../runtime/core/html';

const sanitizeHtml = (html: string) => htmlToString(sanitize(html));

describe('sanitizeHtml', () => {
  it('keeps allowed markup and text as it is', () => {
    expect(sanitizeHtml('<p>Hello <strong>you</strong> &amp; <em>them</em></p><ul><li>one</li></ul>')).toBe('<p>Hello <strong>you</strong> &amp; <em>them</em></p><ul><li>one</li></ul>');
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('plain &lt;text&gt;')).toBe('plain &lt;text&gt;');
  });

  it('drops scripts, styles, frames, forms and images with their content', () => {
    expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p><style>p{}</style><iframe></iframe><form><input></form><img src=x onerror=alert(1)>')).toBe('<p>ab</p>');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>')).toBe('');
    expect(sanitizeHtml('<p>ok</p><math><mi>x</mi></math>')).toBe('<p>ok</p>');
  });

  it('leaves out unknown elements but keeps their text, and drops every other attribute', () => {
    expect(sanitizeHtml('<section class="x"><h1 id="t">Title</h1><p style="color:red" onclick="x()">Body</p></section>')).toBe('Title<p>Body</p>');
    expect(sanitizeHtml('<!-- comment --><p title="t">x</p>')).toBe('<p>x</p>');
  });

  it('keeps only safe link addresses; web links open in a new tab without opener', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,x">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/terms" title="Terms">x</a>')).toBe('<a href="/terms" title="Terms">x</a>');
    expect(sanitizeHtml('<a href="mailto:a@b.example">m</a>')).toBe('<a href="mailto:a@b.example">m</a>');
    expect(sanitizeHtml('<a href="https://example.com/" target="_self" rel="opener">w</a>')).toBe('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">w</a>');
  });

  // Each of these a browser reads as a link to another host (WHATWG URL parsing: `\` is `/` for http(s) and
  // relative URLs, tabs and newlines are dropped anywhere, leading and trailing controls and spaces too).
  const OFF_SITE = [
    '/\\evil.example/x', '/&#x5c;evil.example/x', '/&#92;evil.example/x', '/&#X5C;evil.example', '\\\\evil.example/x', '\\/evil.example', '/\\/evil.example',
    '\\&#x5c;evil.example', '/\t/evil.example', '/\n\\evil.example', '/&#9;/evil.example', '/&#x0a;&#x5c;evil.example', '\t\\\\evil.example', ' \u0001//evil.example',
    '&#x2f;&#x5c;evil.example', '/\r\n/evil.example', '//evil.example', '///evil.example',
  ];

  it.each(OFF_SITE)('drops the link %j that a browser reads as protocol-relative (off-site)', (href) => {
    const html = `<a href="${href.replace(/"/g, '&quot;')}">x</a>`;
    expect(sanitizeHtml(html)).toBe('<a>x</a>');
    // The browser's own reading, against an https page of the portal, goes to another host.
    expect(new URL(sanitize(`<p>${href}</p>`).flatMap((n) => (typeof n === 'string' ? [] : n.children)).join(''), 'https://portal.example/page').host).toBe('evil.example');
  });

  it('drops schemes other than http(s), mailto and tel however they are spelled, and links with control characters', () => {
    for (const href of ['java&#x09;script:alert(1)', 'java\nscript:alert(1)', '&#x6a;avascript:alert(1)', 'JaVaScRiPt:alert(1)', '\u0000javascript:alert(1)', 'vbscript:x', 'data:text/html,x', 'java script:x', 'file:///etc/passwd', 'terms', '?q=1', '/a\u0000b']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('keeps legitimate links, read as the browser reads them', () => {
    expect(sanitizeHtml('<a href="/terms">x</a>')).toBe('<a href="/terms">x</a>');
    expect(sanitizeHtml('<a href="/docs/guide?page=2#fees">x</a>')).toBe('<a href="/docs/guide?page=2#fees">x</a>');
    expect(sanitizeHtml('<a href="#contact">x</a>')).toBe('<a href="#contact">x</a>');
    expect(sanitizeHtml('<a href=" /terms ">x</a>')).toBe('<a href="/terms">x</a>');
    expect(sanitizeHtml('<a href="/terms&#x5c;fees">x</a>')).toBe('<a href="/terms/fees">x</a>');
    expect(sanitizeHtml('<a href="/search?q=a\\b">x</a>')).toBe('<a href="/search?q=a\\b">x</a>');
    expect(sanitizeHtml('<a href="https:\\\\example.com\\x">x</a>')).toBe('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="tel:+61 2 9999 0000">x</a>')).toBe('<a href="tel:+61 2 9999 0000">x</a>');
    expect(sanitizeHtml('<a href="mailto:help@example.com?subject=Lease">x</a>')).toBe('<a href="mailto:help@example.com?subject=Lease">x</a>');
    expect(safeHref('/a/b')).toBe('/a/b');
    expect(safeHref('/\\evil.example')).toBeUndefined();
  });
});
