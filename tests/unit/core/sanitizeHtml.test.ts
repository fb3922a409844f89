/** runtime/core/html: only allow-listed elements and attributes survive; code and its content never do (written back as HTML to compare). */
import { describe, expect, it } from 'vitest';
import { htmlToString, sanitizeHtml as sanitize } from '../../../runtime/core/html';

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
});
