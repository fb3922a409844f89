// @vitest-environment happy-dom
/**
 * The vehicle card's image: stated size (nothing shifts), srcset and sizes from the calculator's
 * `images.srcset` setting, eager with high priority for the first `images.eager` cards of a list and lazy
 * after them (compact thumbnails always lazy), async decoding, alt text from the catalogue,
 * and on a load error the next source, then the placeholder.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { IMAGE_SIZE, VehicleCard } from '../../../extensions/widgets/VehicleCard';
import { loadDefinitionsFromDir } from '../../../runtime/node/loadFromDisk';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROOT = resolve(import.meta.dirname, '../../..');
const messages = parse(readFileSync(resolve(ROOT, 'messages/calculator.yaml'), 'utf8')) as { settings: { calculatorUi: { images: Record<string, unknown> } }; messages: Record<string, string> };
const images = messages.settings.calculatorUi.images;
const t = (key: string, vars: Record<string, unknown> = {}) => (messages.messages[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
const vehicle = { catalogVehicleId: 'CV0000001', vehicleMake: 'TOYOTA', vehicleModel: 'HILUX', vehicleTrim: 'SR5', jatoImagepath: '/vehicles/toyota-hilux.jpg', consumerPrice: 42000 };

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function card(props: Record<string, unknown>, context: Record<string, unknown> = {}): Promise<HTMLElement> {
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<VehicleCard props={{ vehicle, images, mode: 'results', ...props }} context={context} t={t} raise={() => {}} write={() => {}} busy={false} />));
  cleanup = () => act(() => root.unmount());
  return container;
}

describe('vehicle card image', () => {
  it('states its size, offers both widths with sizes, decodes async, and names the vehicle', async () => {
    const img = (await card({}, { index: 0 })).querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/vehicles/toyota-hilux.jpg');
    expect(img.getAttribute('srcset')).toBe('/vehicles/toyota-hilux.jpg 640w, /vehicles/toyota-hilux-320w.jpg 320w');
    expect(img.getAttribute('sizes')).toBe('(max-width: 767px) 100vw, 20rem');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual([String(IMAGE_SIZE.width), String(IMAGE_SIZE.height)]);
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('alt')).toBe('TOYOTA HILUX SR5');
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
  });

  it('loads the first images.eager cards of a list at once, the rest and compact thumbnails lazily', async () => {
    expect(images.eager).toBe(3);
    const loading = async (props: Record<string, unknown>, context: Record<string, unknown>) => {
      const img = (await card(props, context)).querySelector('img')!;
      cleanup?.();
      return [img.getAttribute('loading'), img.getAttribute('fetchpriority')];
    };
    expect(await loading({}, { index: 2 })).toEqual(['eager', 'high']);
    expect(await loading({}, { index: 3 })).toEqual(['lazy', null]);
    expect(await loading({}, {})).toEqual(['lazy', null]);
    expect(await loading({ mode: 'compact' }, { index: 0 })).toEqual(['lazy', null]);
    expect((await card({ mode: 'compact' })).querySelector('img')!.getAttribute('sizes')).toBe('5rem');
  });

  it('gives no srcset to an image no rule covers (a library image), and falls back to the placeholder on errors', async () => {
    const container = await card({ vehicle: { ...vehicle, jatoImagepathTrim: 'https://x.blob.core.windows.net/i/1.jpg' } });
    const first = container.querySelector('img')!;
    expect(first.getAttribute('src')).toBe('https://x.blob.core.windows.net/i/1.jpg');
    expect(first.hasAttribute('srcset') || first.hasAttribute('sizes')).toBe(false);
    await act(async () => { first.dispatchEvent(new Event('error')); });
    const second = container.querySelector('img')!;
    expect(second.getAttribute('src')).toBe('/vehicles/toyota-hilux.jpg');
    await act(async () => { second.dispatchEvent(new Event('error')); });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg[role="img"]')?.getAttribute('aria-label')).toBe(messages.messages['calculator.card.noImage']);
  });
});

describe('the calculator flow passes the image settings to every card', () => {
  // The flow as loaded (fragments expanded: the cards' shared props are fragments/calculator.yaml's vehicleCardProps).
  const flow = loadDefinitionsFromDir(ROOT).defs.flows.calculator;
  type Card = { widget?: string; props?: Record<string, unknown> };
  const cards: Card[] = [];
  JSON.stringify(flow, (_key, value: unknown) => {
    if ((value as Card | null)?.widget === 'vehicleCard') cards.push(value as Card);
    return value;
  });

  it('results, shortlist (and the dashboard) and the compact thumbnails read settings.calculatorUi.images', () => {
    expect([...new Set(cards.map((c) => c.props?.mode))].sort()).toEqual(['compact', 'results', 'shortlist']);
    for (const c of cards) expect(c.props?.images).toEqual({ var: 'settings.calculatorUi.images' });
  });
});
