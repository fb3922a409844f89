// @vitest-environment happy-dom
/**
 * flows/_examples/layout.yaml rendered: the header and footer of a `layout` fragment, a `logic` fragment
 * deciding a block and the footer's colours (text by the background's luminance), and an `html` block
 * showing HTML from data sanitised. Texts from the resolved catalogue.
 */
import { afterEach, expect, it } from 'vitest';
import { exampleBundle, renderFlow, type Rendered } from './renderFlow';

const AU = exampleBundle({ region: 'au' }).bundle;
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

it.each([
  ['the owner', 'u1', true, '#002856', '#ffffff'],
  ['someone else', 'u2', false, '#f3f5f8', '#1b1b1b'],
])('for %s: the shared header and footer, colours by the rule, HTML sanitised', async (_who, userId, owner, background, colour) => {
  view = await renderFlow('/examples/layout/page', { user: { id: userId }, record: { ownerId: 'u1' } });
  const footer = await view.waitFor(() => view!.container.querySelector('footer'), 'the footer');
  expect(view.container.querySelector('header')?.textContent).toBe(AU.messages['examples.layout.header']);
  expect(footer.textContent?.includes(AU.messages['examples.layout.owner'])).toBe(owner);
  expect(footer.style.backgroundColor).toBe(background);
  expect(footer.style.color).toBe(colour);
  const html = footer.querySelector('[data-block="html"]')!;
  expect(html.innerHTML).toBe('<p>Footer <a href="https://example.org" target="_blank" rel="noopener noreferrer">link</a></p>');
  expect(footer.querySelector('script')).toBeNull();
});

it('an image with fit keeps its height before it loads (nothing below moves); without fit the height is a maximum', async () => {
  view = await renderFlow('/examples/layout/page', { user: { id: 'u1' }, record: { ownerId: 'u1' } });
  const header = await view.waitFor(() => view!.container.querySelector('header'), 'the header');
  const logo = header.querySelector<HTMLImageElement>(`img[alt="${AU.messages['examples.layout.logo']}"]`)!;
  const banner = header.querySelector<HTMLImageElement>(`img[alt="${AU.messages['examples.layout.banner']}"]`)!;
  expect([logo.getAttribute('height'), logo.style.maxHeight]).toEqual(['40', '40px']);
  expect([banner.getAttribute('height'), banner.style.maxHeight]).toEqual([null, '120px']);
});

it('a contain image whose size the page knows (settings.imageSizes, the server\'s brand images) reserves its width too', async () => {
  view = await renderFlow('/examples/layout/page', { user: { id: 'u1' }, record: { ownerId: 'u1' }, settings: { imageSizes: { '/logo.svg': [132, 40], '/banner.png': [800, 240] } } });
  const header = await view.waitFor(() => view!.container.querySelector('header'), 'the header');
  const logo = header.querySelector<HTMLImageElement>(`img[alt="${AU.messages['examples.layout.logo']}"]`)!;
  const banner = header.querySelector<HTMLImageElement>(`img[alt="${AU.messages['examples.layout.banner']}"]`)!;
  // 40 px high: 132 px wide (the file's 132 x 40), so what follows it in the header is where it will stay.
  expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['132', '40']);
  // Without fit nothing is reserved (the height is a maximum).
  expect([banner.getAttribute('width'), banner.getAttribute('height')]).toEqual([null, null]);
});
