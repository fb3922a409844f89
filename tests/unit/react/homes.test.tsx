// @vitest-environment happy-dom
/**
 * The application home at /applications/{applicationId} (spec 000 s2, s4) rendered from the product
 * definitions for AU and NZ: which home the route chooses (calculator, primary, secondary; /error without a
 * scoreboard), and each home at every status of its flow's order: headline, body, the rows' states, the
 * column, the main button and where it leads. Texts and states are read from the catalogue and the flows.
 */
import { resolve } from 'node:path';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { statusProgress } from '../../../runtime/core/flow';
import type { FlowDef } from '../../../runtime/core/types';
import { createBundle, loadDefinitionsFromDir, loadSdl } from '../../../runtime/node';
import { createTranslate, createWidgetRegistry, FlowRunner, type RuntimeBundle } from '../../../runtime/react';
import { extensionEffects, extensionWidgets } from '../../../extensions';
import { WAIT_MS } from './waits';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROOT = resolve(import.meta.dirname, '../../..');
const { defs } = loadDefinitionsFromDir(ROOT);
const sdl = [loadSdl(resolve(ROOT, defs.config.graphql ?? 'server/graphql'))];
const BRANDS = { au: 'acme-au', nz: 'kiwi-nz' } as const;
const bundles = Object.fromEntries(Object.entries(BRANDS).map(([region, brand]) => {
  const { bundle, errors } = createBundle(defs, { region, brand }, sdl);
  if (errors.length) throw new Error(errors.map(String).join('\n'));
  // No compiled validators: the screens Proceed opens are checked for their route, not validated.
  return [region, { ...bundle, validators: {} }];
})) as Record<keyof typeof BRANDS, RuntimeBundle>;

const APP = 'app-1';
const USER = { id: 'u-1', firstName: 'Ada', email: 'ada@example.com' };
/** The primary member (app/session.ts: `user.member` from the application's orgUserId). */
const MEMBER = { ...USER, member: 'primary' };
const OTHER = { userId: 'u-2', firstName: 'Bo', confirmed: 'yes' };
const flow = (id: string): FlowDef => bundles.au.flows[id];

let cleanup: (() => void) | undefined;
afterEach(() => { cleanup?.(); cleanup = undefined; });

interface View { container: HTMLElement; path: () => string; text: (key: string, vars?: Record<string, unknown>) => string }

async function render(record: Record<string, unknown>, region: keyof typeof BRANDS = 'au', user: Record<string, unknown> = USER): Promise<View> {
  const bundle = bundles[region];
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(<FlowRunner bundle={bundle} widgets={createWidgetRegistry(extensionWidgets)} effects={extensionEffects}
      loadValidators={() => Promise.resolve({})} memoryPath={`/applications/${APP}`} record={{ applicationId: APP, ...record }} user={user} home="account" />);
  });
  cleanup = () => { act(() => root.unmount()); container.remove(); };
  // The step shows once its flow's trackers' view is there (a chunk of its own).
  await waitFor(() => container.querySelector('main[data-step]'), 'the step');
  const t = createTranslate(bundle.messages, { user, settings: bundle.settings, record }, () => undefined);
  return { container, path: () => container.querySelector('main')?.dataset.flow + '/' + container.querySelector('main')?.dataset.step, text: (key, vars) => t(key, vars) };
}

const heading = (c: HTMLElement) => c.querySelector('main h1')?.textContent;
const paragraphs = (c: HTMLElement) => [...c.querySelectorAll('main p')].map((p) => p.textContent);
/** Row id -> state of the list rows (not the column's steps). */
const rowStates = (c: HTMLElement) => Object.fromEntries([...c.querySelectorAll('main [data-tracker="rows"] li')].map((li) => [(li as HTMLElement).dataset.row, (li as HTMLElement).dataset.state]));
const buttons = (c: HTMLElement) => [...c.querySelectorAll('main button')].map((b) => b.textContent).filter(Boolean);
/** Waits (inside act) until `check` answers something (the dialogs load in their own chunk). */
async function waitFor<T>(check: () => T | null | undefined, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
  }
}
async function click(c: HTMLElement, label: string) {
  const button = [...c.querySelectorAll('button')].find((b) => b.textContent === label);
  if (!button) throw new Error(`no button '${label}' among ${buttons(c).join(', ')}`);
  await act(async () => { button.click(); await new Promise((r) => setTimeout(r, 0)); });
}

describe('home index (000 s2): the route chooses the home', () => {
  it.each([
    ['primary officer', { applicationType: 'vehicle', scoreboard: { status: 'approvals', primaryApplicant: { userId: USER.id, confirmed: 'yes' } } }, 'primary/home'],
    ['secondary officer', { applicationType: 'vehicle', scoreboard: { status: 'approvals', primaryApplicant: OTHER, secondaryApplicant: { userId: USER.id } } }, 'secondary/home'],
    ['calculator applicant', { applicationType: 'calculator', scoreboard: { status: 'viewShortlist' } }, 'calculatorApplication/home'],
    ['secondary officer of a calculator application', { applicationType: 'calculator', scoreboard: { status: 'approvals', primaryApplicant: OTHER, secondaryApplicant: { userId: USER.id } } }, 'secondary/home'],
    ['calculator-type scoreboard', { applicationType: 'vehicle', scoreboard: { applicationType: 'calculator', status: 'approvals', primaryApplicant: OTHER, secondaryApplicant: { userId: USER.id } } }, 'calculatorApplication/home'],
  ])('%s', async (_, record, expected) => {
    const view = await render(record);
    expect(view.path()).toBe(expected);
  });
  it('no scoreboard: the error route', async () => {
    const view = await render({ applicationType: 'vehicle' });
    expect(view.path()).toBe('account/error');
  });
});

const PRIMARY = flow('primary').status!.order;
const rowsOf = (flowId: string, tracker: string, status: string | undefined) => {
  const progress = statusProgress(flow(flowId), status);
  return Object.fromEntries((flow(flowId).progress?.[tracker]?.rows ?? []).map((r) => [r.id, r.status === undefined ? 'completed' : progress[r.status]]));
};

describe('primary home (000 s2, s4) at every status', () => {
  const confirmed = { userId: USER.id, firstName: 'Ada', confirmed: 'yes' };
  it.each([...PRIMARY, undefined])('status %s', async (status) => {
    const view = await render({ applicationType: 'vehicle', scoreboard: { status, primaryApplicant: confirmed, quoteDetails: { milesQuoteRef: 'Q1' }, docusignStatus: 'none' } });
    const finished = status === 'finished';
    expect(heading(view.container)).toBe(view.text(finished ? 'home.headline.finished' : status ? 'home.headline.inProgress' : 'home.headline.welcome'));
    if (status) expect(paragraphs(view.container)).toContain(view.text(finished ? 'home.body.finished' : 'home.body.inProgress'));
    expect(paragraphs(view.container)).toContain(view.text('home.quoteNumber', { quote: 'Q1' }));
    expect(rowStates(view.container)).toEqual(rowsOf('primary', 'rows', status));
    // The progress column: quote box and four steps, those not pending active.
    const steps = [...view.container.querySelectorAll('aside [data-tracker="steps"] li')].map((li) => li.textContent);
    expect(steps).toEqual(flow('primary').progress!.steps.rows.map((r, i) => `${i + 1}${view.text(r.label)}`));
    expect(buttons(view.container)).toContain(view.text(finished ? 'home.logout' : 'home.proceed'));
    expect(view.container.querySelector('[data-group="viewQuote"]')).toBeNull();
  });

  it.each([
    ['no primary applicant', { status: 'orderVerification' }],
    ['the user is the primary applicant and has not confirmed', { status: 'orderVerification', primaryApplicant: { userId: USER.id, confirmed: 'no' } }],
  ])('reassigned quote (%s): Welcome {first name}.', async (_, scoreboard) => {
    const view = await render({ applicationType: 'vehicle', scoreboard: { ...scoreboard, companyDetails: { companyName: 'Demo Co' } } });
    expect(heading(view.container)).toBe(`Welcome ${USER.firstName}.`);
    expect(heading(view.container)).toBe(view.text('home.headline.welcome'));
    expect(paragraphs(view.container)).toContain(view.text('home.body.reassigned'));
    expect(paragraphs(view.container).join(' ')).toContain('Demo Co');
  });

  it("'View Quote' once the quote is signed; the ID check row's info opens its dialog", async () => {
    const view = await render({ applicationType: 'vehicle', scoreboard: { status: 'businessDetails', docusignStatus: 'completed', primaryApplicant: confirmed, vehicleDetails: { make: 'TOYOTA', model: 'HILUX' } } });
    const details = view.container.querySelector('[data-group="viewQuote"]');
    expect(details?.querySelector('summary')?.textContent).toBe(view.text('home.viewQuote'));
    expect(details?.textContent).toContain('TOYOTA HILUX');
    const info = view.container.querySelector(`[data-row="approvals"] button[aria-label="${view.text('home.idInfo.open')}"]`) as HTMLButtonElement;
    await act(async () => { info.click(); });
    const dialog = await waitFor(() => document.body.querySelector('[data-dialog="idInfo"]'), 'the ID check dialog');
    expect(dialog.textContent).toContain(view.text('home.idInfo.body'));
  });

  it.each(['businessDetails', 'approvals', 'reviewAndSignContract'])('Proceed in %s goes to the screen of the row in progress', async (status) => {
    const view = await render({ applicationType: 'vehicle', scoreboard: { status, primaryApplicant: confirmed } });
    await click(view.container, view.text('home.proceed'));
    // The screen at the status's route: the status machine's step, or a screen flow's step sharing its route
    // (businessDetails: flows/applicantDetails.yaml; approvals: flows/idCheck.yaml, whose step loads its forms first).
    await waitFor(() => (view.path() !== 'primary/home' ? true : null), 'the screen of the status');
    const [flowId, stepId] = view.path().split('/');
    expect(flow(flowId).steps[stepId].route).toBe(status);
  });
  it('Proceed in orderVerification goes to order verification', async () => {
    const view = await render({ applicationType: 'vehicle', scoreboard: { status: 'orderVerification', primaryApplicant: confirmed } });
    await click(view.container, view.text('home.proceed'));
    // Order verification shows once its frame's view is there.
    await waitFor(() => view.path() === 'orderVerification/verify', 'order verification');
  });
});

describe('secondary home (000 s2, s4) at every status, digital and wet', () => {
  it('the wet-signature start before the company is known: its sentence without the company (no empty placeholder)', async () => {
    const view = await render({ applicationType: 'vehicle', scoreboard: { status: 'reviewAndSignContract', statusSecondary: 'approvals', primaryApplicant: OTHER, secondaryApplicant: { userId: USER.id }, wetSignature: { signType: 'wet' } } });
    expect(paragraphs(view.container)).toContain(view.text('home.secondary.body.wetStart.noCompany'));
  });
  const SECONDARY = flow('secondary').status!.order;
  const companyDetails = { companyName: 'Harbour Freight Pty Ltd' };
  it.each(SECONDARY.flatMap((s) => [[s, 'digital'], [s, 'wet']]))('statusSecondary %s, %s signature', async (status, signType) => {
    const view = await render({ applicationType: 'vehicle', scoreboard: { status: 'reviewAndSignContract', statusSecondary: status, primaryApplicant: OTHER, secondaryApplicant: { userId: USER.id }, wetSignature: { signType }, companyDetails } });
    const finished = status === 'finished';
    const wetStart = signType === 'wet' && status === 'approvals';
    expect(heading(view.container)).toBe(view.text(finished ? 'home.headline.finished' : wetStart ? 'home.headline.welcome' : 'home.headline.inProgress'));
    expect(paragraphs(view.container)).toContain(view.text(finished ? 'home.body.finished' : wetStart ? 'home.secondary.body.wetStart' : 'home.secondary.body.inProgress', { record: { scoreboard: { companyDetails } } }));
    const expected = rowsOf('secondary', 'rows', status);
    if (wetStart) delete expected.reviewAndSignContract;
    expect(rowStates(view.container)).toEqual(expected);
    // Wet signature hides the progress column.
    expect(view.container.querySelector('aside') === null).toBe(signType === 'wet');
    expect(buttons(view.container)).toContain(view.text(finished ? 'home.logout' : 'home.proceed'));
  });
  it('views the quote once signing is completed; Proceed goes to the step in progress', async () => {
    const view = await render({ applicationType: 'vehicle', scoreboard: { status: 'reviewAndSignContract', statusSecondary: 'reviewAndSignContract', docusignStatus: 'completed', primaryApplicant: OTHER, secondaryApplicant: { userId: USER.id } } });
    expect(view.container.querySelector('[data-group="viewQuote"]')).not.toBeNull();
    await click(view.container, view.text('home.proceed'));
    expect(view.path().split('/')[1]).toBe('reviewAndSignContract');
  });
});

describe('calculator home (000 s2, s4) at every status', () => {
  const ORDER = flow('calculatorApplication').status!.order.filter((s) => s !== 'canceled');
  it.each([...ORDER, undefined].flatMap((s) => [[s, 'au'], [s, 'nz']] as const))('status %s (%s)', async (status, region) => {
    const view = await render({ applicationType: 'calculator', scoreboard: { status } }, region, MEMBER);
    const finished = status === 'finished';
    const welcome = status === undefined || status === 'viewShortlist';
    expect(heading(view.container)).toBe(view.text(finished ? 'home.headline.finished' : welcome ? 'home.headline.welcome' : 'home.headline.inProgress'));
    expect(paragraphs(view.container)).toContain(view.text(finished ? 'home.calculator.body.finished' : welcome ? 'home.calculator.body.welcome' : 'home.calculator.body.inProgress'));
    expect(rowStates(view.container)).toEqual(rowsOf('calculatorApplication', 'rows', status));
    // Tracker (000 s4): viewShortlist and businessDetails 1-2 active, approvals 1-3, reviewAndSignContract 1-4, finished all; none 1.
    const active = [...view.container.querySelectorAll('[data-tracker="steps"] li')].filter((li) => (li as HTMLElement).dataset.state !== 'pending').length;
    expect(active).toBe({ viewShortlist: 2, businessDetails: 2, approvals: 3, reviewAndSignContract: 4, finished: 4 }[status ?? ''] ?? 1);
    expect(buttons(view.container)).toContain(view.text(finished ? 'home.calculator.returnToShortlist' : welcome ? 'home.calculator.getStarted' : 'home.calculator.continue'));
    expect(buttons(view.container)).toContain(view.text('home.calculator.home'));
  });
  it('lease inclusions dialog: the region list (NZ omits toll management)', async () => {
    for (const region of ['au', 'nz'] as const) {
      const view = await render({ applicationType: 'calculator', scoreboard: { status: 'viewShortlist' } }, region, MEMBER);
      await click(view.container, view.text('calculator.inclusions.open'));
      const dialog = await waitFor(() => document.body.querySelector('[data-dialog="inclusions"]'), 'the inclusions dialog');
      const items = [...dialog.querySelectorAll('li')].map((li) => li.textContent);
      expect(items).toEqual(view.text('calculator.inclusions.list').split('\n'));
      expect(items.some((i) => /toll/i.test(i ?? ''))).toBe(region === 'au');
      cleanup?.(); cleanup = undefined;
    }
  });
  it('a canceled application (002 s3): Return to shortlist, to the dashboard', async () => {
    const view = await render({ applicationType: 'calculator', scoreboard: { status: 'canceled' } }, 'au', MEMBER);
    expect(buttons(view.container)).toContain(view.text('home.calculator.returnToShortlist'));
    await click(view.container, view.text('home.calculator.returnToShortlist'));
    // The dashboard is the calculator flow's page (flows/calculator.yaml), shown once that flow's part has loaded.
    await waitFor(() => view.path() === 'calculator/dashboard', 'the dashboard');
  });
  it.each([['approvals', 'approvals'], ['finished', 'dashboard']])('main button in %s goes to step %s', async (status, expected) => {
    const view = await render({ applicationType: 'calculator', scoreboard: { status } }, 'au', MEMBER);
    await click(view.container, buttons(view.container).find((b) => b !== view.text('home.calculator.home') && b !== view.text('calculator.inclusions.open'))!);
    await waitFor(() => (view.path().split('/')[1] !== 'home' ? true : null), 'the next screen');
    // The step at that route (approvals: the ID check screen, flows/idCheck.yaml, shares the status step's route).
    const [flowId, stepId] = view.path().split('/');
    expect([stepId, flow(flowId).steps[stepId].route]).toContain(expected);
  });
});
