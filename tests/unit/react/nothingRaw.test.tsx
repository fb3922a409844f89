// @vitest-environment happy-dom
/**
 * Nothing raw reaches the screen: a missing message key and a placeholder nothing fills render empty
 * with a `[fleetform]` console warning; a block of an unknown type shows the catalogue's notice.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interpolate, validateForm, warnMissingText, WARNING_PREFIX } from '../../../runtime/core';
import type { FlowDef } from '../../../runtime/core/types';
import { createTranslate, createWidgetRegistry, FlowRunner } from '../../../runtime/react';
import { exampleBundle } from './renderFlow';

const { bundle } = exampleBundle({ region: 'au' });
const messages = { ...bundle.messages, 'probe.hello': 'Hello {user.firstName}, from {settings.organisation.name}', 'probe.plain': 'Plain text' };
const probe = {
  id: 'probe',
  basePath: '/probe',
  initial: 'start',
  steps: {
    start: {
      route: 'start',
      blocks: [
        { type: 'text', text: 'probe.plain' },
        { type: 'text', text: 'probe.missing' },
        { type: 'text', text: 'probe.hello' },
        { type: 'carousel', slides: 3 },
      ],
    },
  },
} as unknown as FlowDef;

let cleanup: (() => void) | undefined;
afterEach(() => { cleanup?.(); cleanup = undefined; vi.restoreAllMocks(); });

async function render(): Promise<{ container: HTMLElement; warnings: string[] }> {
  const warnings: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((m: unknown) => { warnings.push(String(m)); });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(<FlowRunner bundle={{ ...bundle, messages, flows: { probe } }} widgets={createWidgetRegistry({})}
      loadValidators={() => Promise.resolve({})} memoryPath="/probe/start" user={{ firstName: 'Ada' }} />);
  });
  cleanup = () => { act(() => root.unmount()); container.remove(); };
  return { container, warnings };
}

describe('nothing raw on screen', () => {
  it('renders a missing key and an unfilled placeholder empty, warned once each with the prefix', async () => {
    const { container, warnings } = await render();
    const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toContain('Plain text');
    // settings.organisation is not in the region-only settings: empty, not `{settings.organisation.name}`.
    expect(paragraphs).toContain('Hello Ada, from ');
    expect(container.textContent).not.toMatch(/probe\.missing|\{[\w.]+\}/);
    expect(warnings).toEqual(expect.arrayContaining([
      `${WARNING_PREFIX} message key 'probe.missing' is not in the catalogue (rendered empty)`,
      `${WARNING_PREFIX} placeholder {settings.organisation.name} of 'probe.hello' has no value (rendered empty)`,
    ]));
    expect(new Set(warnings).size).toBe(warnings.length);
  });

  it('shows the catalogue notice for an unknown block type, and warns', async () => {
    const { container, warnings } = await render();
    const notice = container.querySelector('[data-unknown-block="carousel"]');
    expect(notice?.getAttribute('role')).toBe('status');
    expect(notice?.textContent).toBe(interpolate(bundle.messages['runtime.unknownBlock'], { type: 'carousel' }));
    expect(notice?.textContent).toContain('carousel');
    expect(warnings).toContain(`${WARNING_PREFIX} unknown block type 'carousel' (a notice is shown in its place)`);
  });

  it('translates and validates with the same rule: empty plus one report', () => {
    const seen: string[] = [];
    const t = createTranslate({ a: 'x {n} y', b: '{settings.name}!' }, { settings: { name: 'S' } }, warnMissingText((m) => seen.push(m)));
    expect([t('a'), t('a'), t('b'), t('nope')]).toEqual(['x  y', 'x  y', 'S!', '']);
    expect(seen).toEqual([`${WARNING_PREFIX} placeholder {n} of 'a' has no value (rendered empty)`, `${WARNING_PREFIX} message key 'nope' is not in the catalogue (rendered empty)`]);
    const reports: string[] = [];
    const validate = Object.assign(() => false, { errors: [{ instancePath: '/a', keyword: 'minLength', params: { limit: 2 } }, { instancePath: '/b', keyword: 'maxLength', params: { limit: 2 } }] });
    const out = validateForm(validate, { a: 'x', b: 'xyz' }, { schema: { type: 'object' }, messages: { 'validation.minLength': 'at least {n} {unit}' }, onMissing: (m) => reports.push(m) });
    expect(out).toEqual({ a: 'at least 2 ', b: '' });
    expect(reports).toEqual(["placeholder {unit} of 'validation.minLength' has no value (rendered empty)", "message key 'validation.maxLength' is not in the catalogue (rendered empty)"]);
  });
});
