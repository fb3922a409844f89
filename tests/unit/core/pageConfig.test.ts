/** The configuration carried in the page: escaped so no text closes its element, read back whole; anything else is refused. */
import { describe, expect, it } from 'vitest';
import { pageConfigScript, scriptJson } from '../../../runtime/core/pageConfig';
import { parsePageConfig } from '../../../app/pageData';
import { withHeadBlock } from '../../../server/brands/brandPage';

const texts = {
  selection: { region: 'au', brand: 'x' },
  messages: { hostile: '</script><script>alert(1)</script>', comment: '<!-- <script>', plain: 'a & b > c', lines: 'one\u2028two' },
  settings: { nested: { html: '<b>bold</b>' } },
};

describe('page configuration', () => {
  it('writes no < at all, so neither </script> nor <!-- can appear, and reads back the same value', () => {
    const block = pageConfigScript(texts);
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(inner).not.toContain('<');
    expect(block.match(/<\/script>/gi)).toHaveLength(1);
    expect(parsePageConfig(inner)).toEqual(texts);
    expect(scriptJson('<')).toBe('"\\u003c"');
  });

  it('refuses what is not a selection\'s texts: missing, not JSON, or of the wrong shape', () => {
    for (const text of [undefined, null, '', '{"selection":', '[1,2]', 'null', '{"selection":{"region":"au"},"messages":{}}', '{"selection":{"region":1},"messages":{},"settings":{}}', '{"selection":{},"messages":{"k":1},"settings":{}}', '{"selection":{},"messages":{},"settings":[]}']) {
      expect(parsePageConfig(text), String(text)).toBeUndefined();
    }
    expect(parsePageConfig('{"selection":{},"messages":{},"settings":{}}')).toEqual({ selection: {}, messages: {}, settings: {} });
  });

  it('goes before </head> (else before <body>, else first)', () => {
    expect(withHeadBlock('<html><head><title></title></head><body></body></html>', 'X')).toBe('<html><head><title></title>X</head><body></body></html>');
    expect(withHeadBlock('<html><BODY class="a"></BODY></html>', 'X')).toBe('<html>X<BODY class="a"></BODY></html>');
    expect(withHeadBlock('<div></div>', 'X')).toBe('X<div></div>');
  });
});
