// @vitest-environment happy-dom
/** runtime/react/effects/builtInEffects: the names core's BUILT_IN_EFFECTS lists (lint and the meta-schema read it), and what each does. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_EFFECTS } from '../../../runtime/core/lint';
import { builtInEffects, FRAME_EVENT_MESSAGE, isFrameEventMessage } from '../../../runtime/react/effects/builtInEffects';

const navigate = () => undefined;
afterEach(() => vi.restoreAllMocks());

describe('built-in effects', () => {
  it('are exactly the ones core lists', () => {
    expect(Object.keys(builtInEffects).sort()).toEqual(Object.keys(BUILT_IN_EFFECTS).sort());
  });

  it('download clicks a hidden same-page link with the file name, and leaves nothing behind', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicked.push({ href: this.getAttribute('href') ?? '', download: this.download }); });
    await builtInEffects.download({ url: '/documents/quote/x?sig=1', fileName: 'quote.pdf' }, { navigate });
    await builtInEffects.download({ url: '/documents/quote/y' }, { navigate });
    expect(clicked).toEqual([{ href: '/documents/quote/x?sig=1', download: 'quote.pdf' }, { href: '/documents/quote/y', download: '' }]);
    expect(document.querySelectorAll('a').length).toBe(0);
    expect(() => builtInEffects.download({}, { navigate })).toThrow(/url/);
  });

  it('wait resolves after the given milliseconds', async () => {
    vi.useFakeTimers();
    let done = false;
    const waiting = Promise.resolve(builtInEffects.wait({ ms: 4000 }, { navigate })).then(() => { done = true; });
    await vi.advanceTimersByTimeAsync(3999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    vi.useRealTimers();
  });

  it('notifyParent posts the event to the opener (or the framing page) on this origin only; nothing without either', async () => {
    const posted: [unknown, string][] = [];
    const opener = { postMessage: (data: unknown, origin: string) => posted.push([data, origin]) };
    await builtInEffects.notifyParent({ event: 'quoteSigned' }, { navigate });
    expect(posted).toEqual([]);
    vi.spyOn(window, 'opener', 'get').mockReturnValue(opener as unknown as Window);
    await builtInEffects.notifyParent({ event: 'quoteSigned' }, { navigate });
    expect(posted).toEqual([[{ type: FRAME_EVENT_MESSAGE, event: 'quoteSigned' }, window.location.origin]]);
    expect(isFrameEventMessage(posted[0][0])).toBe(true);
    expect(isFrameEventMessage({ type: 'other', event: 'x' })).toBe(false);
    expect(() => builtInEffects.notifyParent({}, { navigate })).toThrow(/event/);
  });

  it('focus moves the focus to the block\'s field once the page has drawn; nothing when the block is not there', async () => {
    document.body.innerHTML = '<input data-input="other"><input data-combobox="currentAddress">';
    await builtInEffects.focus({ id: 'currentAddress' }, { navigate });
    expect(document.activeElement?.getAttribute('data-combobox')).toBe('currentAddress');
    await builtInEffects.focus({ id: 'missing' }, { navigate });
    expect(document.activeElement?.getAttribute('data-combobox')).toBe('currentAddress');
    expect(() => builtInEffects.focus({}, { navigate })).toThrow(/id/);
    document.body.innerHTML = '';
  });
});
