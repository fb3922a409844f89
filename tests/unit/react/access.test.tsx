// @vitest-environment happy-dom
/**
 * flows/_examples/access.yaml: the sign-in gate (anonymous visitors of a protected route go to the
 * sign-in path; public routes stay open), the page a step without blocks shows, a schema's own
 * `x-rules`, a form's `initial` values from the query string and the `alert` text variant.
 */
import { afterEach, expect, it } from 'vitest';
import { byLabel, exampleBundle, renderFlow, typeInto, type Rendered } from './renderFlow';

const { bundle } = exampleBundle({ region: 'au' });
const t = (key: string) => bundle.messages[key];
const GATE = { path: '/examples/access/open', publicPaths: ['/examples/access/open'] };
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

it('sign-in gate: an anonymous visitor of a protected route lands on the sign-in path', async () => {
  view = await renderFlow('/examples/access/closed', { signIn: GATE });
  await view.waitFor(() => byLabel(view!.container, t('examples.access.code')), 'the open step');
  expect(view.container.querySelector('main')?.dataset.step).toBe('open');
});

it('a step without blocks shows the "not available yet" page to a signed-in user', async () => {
  view = await renderFlow('/examples/access/closed', { signIn: GATE, user: { id: 'u1' } });
  const heading = await view.waitFor(() => view!.container.querySelector('h1'), 'the heading');
  expect(heading.textContent).toBe(t('runtime.unavailable.title'));
  expect(view.container.textContent).toContain(t('runtime.unavailable.body'));
});

it('x-rules of the schema, initial values from the query and the alert variant', async () => {
  view = await renderFlow('/examples/access/open?code=x', { signIn: GATE });
  const input = await view.waitFor(() => byLabel(view!.container, t('examples.access.code')), 'the code field');
  expect(input.value).toBe('x');
  expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(t('examples.access.alert'));
  await typeInto(input, 'a b');
  const describedBy = input.getAttribute('aria-describedby') ?? '';
  await view.waitFor(() => describedBy.split(' ').some((id) => view!.container.querySelector(`[id="${id}"]`)?.textContent?.includes(t('examples.access.noSpaces'))), 'the x-rules message');
});
