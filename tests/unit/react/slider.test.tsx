// @vitest-environment happy-dom
/**
 * The slider block (runtime/react/blocks/SliderBlockView.tsx) on flows/_examples/slider.yaml, rendered by the runtime
 * (happy-dom): each thumb a native range input with its aria values and value text, keys (arrows, Page Up / Page
 * Down, Home / End) moving it within its limits, the written page state, two thumbs that never cross, and a range's
 * excludes and Clear. Expected texts come from the resolved catalogue and settings, never copied.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleBundle, renderFlow, typeInto, type Rendered } from './renderFlow';

const AU = exampleBundle({ region: 'au' }).bundle;
const au = (key: string) => AU.messages[key];
const { locale, ...currency } = (AU.settings as { calculatorUi: { currencyFormat: Record<string, unknown> } }).calculatorUi.currencyFormat;
const money = (n: number) => new Intl.NumberFormat(String(locale), currency as Intl.NumberFormatOptions).format(n);
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

/** The thumb (range input) whose aria-labelledby names `text`. */
const thumb = (text: string) => [...view!.container.querySelectorAll<HTMLInputElement>('input[type=range]')]
  .find((input) => view!.container.ownerDocument.getElementById(input.getAttribute('aria-labelledby') ?? '')?.textContent === text);
const aria = (input: HTMLInputElement | undefined) => ['valuemin', 'valuemax', 'valuenow', 'valuetext'].map((k) => input?.getAttribute(`aria-${k}`));
const press = (input: HTMLInputElement, key: string) => act(async () => {
  input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
});
const state = (amount: string, low: string, high: string, changes: number) => au('examples.slider.state')
  .replace('{amount}', amount).replace('{low}', low).replace('{high}', high).replace('{changes}', String(changes));
const shows = (text: string) => view!.container.textContent?.includes(text);
const button = (text: string) => [...view!.container.querySelectorAll('button')].find((b) => b.textContent === text);

describe('slider block (flows/_examples/slider.yaml)', () => {
  it('one thumb: shown at its default until moved, aria values and value text, keys move it by a step, a tenth, to the ends', async () => {
    view = await renderFlow('/examples/slider/pick');
    const amount = await view.waitFor(() => thumb(au('examples.slider.amount')), 'the amount slider');
    expect([amount.type, amount.min, amount.max, amount.step, amount.value]).toEqual(['range', '0', '500000', '10000', '50000']);
    expect(aria(amount)).toEqual(['0', '500000', '50000', money(50000)]);
    expect(view.container.querySelector('[data-slider="amount"] [data-value="value"]')?.textContent).toEqual(money(50000));
    expect(shows(state('-', '-', '-', 0))).toBe(true);

    const steps: [string, number][] = [['ArrowRight', 60000], ['ArrowUp', 70000], ['ArrowLeft', 60000], ['ArrowDown', 50000],
      ['PageUp', 100000], ['PageDown', 50000], ['End', 500000], ['ArrowRight', 500000], ['Home', 0], ['ArrowLeft', 0]];
    for (const [key, expected] of steps) {
      await press(amount, key);
      await view.waitFor(() => shows(state(String(expected || '-'), '-', '-', 0)) && amount.getAttribute('aria-valuenow') === String(expected), `${key}: ${expected}`);
      expect(aria(amount), key).toEqual(['0', '500000', String(expected), money(expected)]);
    }
    // A key a slider does not use leaves it (and the page's handling of that key) alone.
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    await act(async () => { amount.dispatchEvent(tab); });
    expect(tab.defaultPrevented).toBe(false);
    // A drag (the input's own change) is snapped to the scale.
    await typeInto(amount, '123456');
    await view.waitFor(() => shows(state('120000', '-', '-', 0)), 'dragged to 120000');
  });

  it('two thumbs: defaults shown with the placeholder until moved, the first move writes both, thumbs never cross, excludes, Clear', async () => {
    view = await renderFlow('/examples/slider/pick');
    const low = await view.waitFor(() => thumb(au('examples.range.minPrice')), 'the low thumb');
    const high = thumb(au('examples.range.maxPrice'))!;
    const size = () => view!.container.querySelector<HTMLFieldSetElement>('[data-choice="size"]');
    // Neither set: the low thumb at the scale's start, the high one at its default, both reading 'Any'.
    expect([aria(low), aria(high)]).toEqual([['10', '30', '10', au('examples.range.any')], ['10', '60', '30', au('examples.range.any')]]);
    expect([low.getAttribute('data-thumb'), high.getAttribute('data-thumb')]).toEqual(['low', 'high']);
    expect(button(au('examples.range.clear'))).toBeUndefined();

    // The first move writes both ends (what shows is what is set) and raises the event once; the size is excluded.
    await press(high, 'ArrowRight');
    await view.waitFor(() => shows(state('-', '10', '40', 1)), 'both ends written, one change');
    expect([aria(low), aria(high)]).toEqual([['10', '40', '10', '10'], ['10', '60', '40', '40']]);
    expect([size()?.disabled, Boolean(button(au('examples.range.clear')))]).toEqual([true, true]);

    // The low thumb stops at the high one (End, arrows) and the high one at the low one (Home); the page keys too.
    await press(low, 'End');
    await view.waitFor(() => shows(state('-', '40', '40', 2)), 'low up to high');
    await press(low, 'ArrowRight');
    await press(low, 'PageUp');
    expect(shows(state('-', '40', '40', 2))).toBe(true);
    await press(high, 'Home');
    expect(aria(high)[2]).toEqual('40');
    await press(low, 'PageDown');
    await view.waitFor(() => shows(state('-', '30', '40', 3)), 'Page Down: a tenth of the scale, at least a step');
    // A drag past the other thumb stops at it.
    await typeInto(high, '10');
    await view.waitFor(() => shows(state('-', '30', '30', 4)), 'high dragged down to low');

    // Clear empties both (the placeholder again, thumbs back at their defaults) and raises the event; the size is enabled again.
    await act(async () => { button(au('examples.range.clear'))!.click(); });
    await view.waitFor(() => shows(state('-', '-', '-', 5)), 'cleared');
    expect([aria(low), aria(high), size()?.disabled]).toEqual([['10', '30', '10', au('examples.range.any')], ['10', '60', '30', au('examples.range.any')], false]);

    // A size disables both thumbs (excludes).
    // (Its toggles are check boxes drawn as buttons: the label's input.)
    await act(async () => { [...view!.container.querySelectorAll('label')].find((l) => l.textContent === au('examples.range.size.M'))!.querySelector('input')!.click(); });
    await view.waitFor(() => low.disabled && high.disabled, 'the price slider disabled by a size');
    await press(low, 'ArrowRight');
    expect(shows(state('-', '-', '-', 5))).toBe(true);
    expect(JSON.stringify(AU.flows.exampleSlider)).not.toMatch(/"range"|excludes|clearLabel|optionLabel/);
  });
});
