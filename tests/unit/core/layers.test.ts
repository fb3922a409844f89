import { describe, expect, it } from 'vitest';
import { layerChoices, layerCombinations, resolveLayers } from '../../../runtime/core';
import { loadDefinitions } from '../../../runtime/core/load';
import { CONFIG, metaFiles } from './fixtures';

const files = {
  ...metaFiles(),
  'fleetform.yaml': CONFIG,
  'flows/_base.yaml': `id: base
settings:
  currency: USD
  links: [{ id: terms, url: /t }, { id: privacy, url: /p }]
  tags: [a, b]
messages:
  hello: Hello
  bye: Bye
formats:
  code: { pattern: '^[a-z]+$', message: hello }
`,
  'ones/a.yaml': `id: a
settings:
  tags: [c]
messages:
  hello: Hello from a
schemas:
  form: { properties: { phone: { minLength: 10, maxLength: 10 } } }
`,
  'ones/b.yaml': 'id: b\nmessages: { hello: Hello from b }\n',
  'twos/x.yaml': `id: x
settings:
  links:
    - { id: privacy, url: /x-privacy }
    - { id: extra, url: /e }
messages:
  bye: Bye from x
layers:
  a:
    messages:
      hello: Hello from x in a
`,
  'schemas/form.json': '{\n  "type": "object",\n  "properties": {\n    "phone": { "type": "string", "minLength": 9, "maxLength": 12 }\n  }\n}',
};

describe('resolveLayers', () => {
  const { defs, errors } = loadDefinitions(files);
  it('loads the fixture cleanly', () => expect(errors).toEqual([]));

  it('merges maps by key, id-lists by id, replaces other lists, in config order', () => {
    const layers = resolveLayers(defs, { one: 'a', two: 'x' });
    expect(layers.applied.map((l) => l.name)).toEqual(['base', 'one', 'two', 'twoForOne']);
    expect(layers.messages).toEqual({ hello: 'Hello from x in a', bye: 'Bye from x' });
    expect(layers.settings).toEqual({
      currency: 'USD',
      links: [{ id: 'terms', url: '/t' }, { id: 'privacy', url: '/x-privacy' }, { id: 'extra', url: '/e' }],
      tags: ['c'],
    });
    expect(layers.schemas.form).toEqual({ type: 'object', properties: { phone: { type: 'string', minLength: 10, maxLength: 10 } } });
    expect(defs.schemas.form).toEqual({ type: 'object', properties: { phone: { type: 'string', minLength: 9, maxLength: 12 } } });
    expect(layers.formats.code.pattern).toBe('^[a-z]+$');
  });

  it('says which layer and file:line:column set a value', () => {
    const layers = resolveLayers(defs, { one: 'a', two: 'x' });
    expect(layers.provenance('/messages/hello')).toEqual({ layer: 'twoForOne', file: 'twos/x.yaml', line: 11, column: 14, pointer: '/layers/a/messages/hello' });
    expect(layers.provenance('/messages/bye')).toMatchObject({ layer: 'two', file: 'twos/x.yaml', line: 7 });
    expect(layers.provenance('/settings/currency')).toMatchObject({ layer: 'base', line: 3 });
    expect(layers.provenance('/settings/links/1/url')).toMatchObject({ layer: 'two', line: 4, pointer: '/settings/links/0/url' });
    expect(layers.provenance('/settings/tags/0')).toMatchObject({ layer: 'one', file: 'ones/a.yaml', pointer: '/settings/tags/0' });
    expect(layers.provenance('/schemas/form/properties/phone/minLength')).toMatchObject({ layer: 'one', file: 'ones/a.yaml', line: 7 });
    expect(layers.provenance('/schemas/form/properties/phone/type')).toEqual({ file: 'schemas/form.json', line: 4, column: 24, pointer: '/properties/phone/type' });
    expect(layers.provenance('/messages/none')).toBeUndefined();
  });

  it('skips layers whose placeholders are not selected and uses config defaults', () => {
    const layers = resolveLayers(defs, {});
    expect(layers.selection).toEqual({ one: 'a' });
    expect(layers.applied.map((l) => l.name)).toEqual(['base', 'one']);
    expect(layers.messages.hello).toBe('Hello from a');
    expect(resolveLayers(defs, { one: 'b', two: 'x' }).applied.map((l) => l.name)).toEqual(['base', 'one', 'two']);
  });

  it('reports a selected layer whose file is missing', () => {
    expect(resolveLayers(defs, { one: 'zz' }).errors[0].message).toContain("layer 'one' file missing");
  });

  it('lists the choices and combinations found on disk', () => {
    expect(layerChoices(defs)).toEqual({ one: ['a', 'b'], two: ['x'] });
    expect(layerCombinations(defs)).toEqual([{ one: 'a', two: 'x' }, { one: 'b', two: 'x' }]);
  });
});
