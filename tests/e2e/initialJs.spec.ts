/**
 * Initial JS: the gzip size of every script the page requested before its first render (the
 * moment React first inserts into #root, caught synchronously by wrapping DOM insertion), measured
 * in Chromium with resource timing; rjsf, validators and Apollo must not be among them.
 */
import { expect, test } from './fixtures';
import { describeInitialJs, initialJs } from './initialJs';

/** Budget for the initial JS (gzip kB); stock rjsf + Fluent measured 287 kB. */
const BUDGET_KB = 200;

test('initial JS before first render is small and carries no form or GraphQL code', async ({ page, url }, testInfo) => {
  const measured = await initialJs(page, url('au.localhost', '/applications/A-1/order-verification'), 'main[data-step]');
  const { scripts, kb } = measured;
  testInfo.annotations.push({ type: 'initial JS', description: describeInitialJs(measured) });
  console.log(`initial JS: ${describeInitialJs(measured)}`);
  expect(scripts.filter((s) => /FormView|validators|graphql/.test(s)), 'no form, validator or GraphQL chunk before first render').toEqual([]);
  expect(kb, `initial JS ${kb.toFixed(1)} kB gzip within ${BUDGET_KB} kB`).toBeLessThanOrEqual(BUDGET_KB);
});
