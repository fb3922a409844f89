// @vitest-environment happy-dom
/**
 * flows/_examples rendered by the runtime (happy-dom): one test per runtime feature. Expected
 * texts come from the resolved catalogue, never copied.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byLabel, exampleBundle, renderFlow, typeInto, type Rendered } from './renderFlow';

const AU = exampleBundle({ region: 'au' }).bundle;
const NZ = exampleBundle({ region: 'nz' }).bundle;
const au = (key: string) => AU.messages[key];
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

const hasText = (root: HTMLElement, text: string) => root.textContent?.includes(text);
const button = (root: HTMLElement, text: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === text);
const click = (el: HTMLElement) => act(async () => { el.click(); });
/** The dropdown labelled by a message key's text, the option it shows, and picking one of its options by text. */
const dropdowns = (rendered: Rendered) => {
  const select = (key: string) => byLabel(rendered.container, au(key)) as unknown as HTMLSelectElement;
  const shown = (key: string) => select(key).selectedOptions[0]?.textContent;
  const pick = (key: string, text: string) => typeInto(select(key), [...select(key).options].find((o) => o.textContent === text)?.value ?? '');
  return { select, shown, pick };
};

describe('flows/_examples', () => {
  it('conditional visibility and enablement: block by user role, fields by another field', async () => {
    view = await renderFlow('/examples/visibility/form', { user: { role: 'member' } });
    const select = await view.waitFor(() => view!.container.querySelector('select'), 'the select');
    expect(hasText(view.container, au('examples.visibility.member'))).toBe(true);
    expect(byLabel(view.container, au('examples.visibility.companyName'))).toBeNull();
    expect(byLabel(view.container, au('examples.visibility.note'))?.disabled).toBe(true);
    const option = (text: string) => [...select.options].find((o) => o.textContent === text)?.value ?? '';
    await typeInto(select, option(au('examples.yes')));
    await view.waitFor(() => byLabel(view!.container, au('examples.visibility.companyName')), 'company name shown');
    expect(byLabel(view.container, au('examples.visibility.note'))?.disabled).toBe(false);
    await typeInto(select, option(au('examples.no')));
    await view.waitFor(() => !byLabel(view!.container, au('examples.visibility.companyName')), 'company name hidden');

    view.unmount();
    view = await renderFlow('/examples/visibility/form', { user: { role: 'guest' } });
    await view.waitFor(() => view!.container.querySelector('select'), 'the select');
    expect(hasText(view.container, au('examples.visibility.member'))).toBe(false);
  });

  it("fragments: a roles fragment, a shared block list and a step's events, expanded into every step that uses them", async () => {
    const owner = { user: { id: 'u1' }, record: { ownerId: 'u1' } };
    view = await renderFlow('/examples/fragments/first', owner);
    await view.waitFor(() => hasText(view!.container, au('examples.fragments.heading')), 'shared heading, first step');
    expect(hasText(view.container, au('examples.fragments.ownerNote'))).toBe(true);
    await click(await view.waitFor(() => button(view!.container, au('examples.fragments.next')), 'next'));
    await view.waitFor(() => hasText(view!.container, au('examples.fragments.second')), 'second step');
    expect(hasText(view.container, au('examples.fragments.heading'))).toBe(true);
    expect(hasText(view.container, au('examples.fragments.ownerNote'))).toBe(true);
    // The events fragment's Back: the first step again.
    await click(button(view.container, au('examples.fragments.back'))!);
    await view.waitFor(() => button(view!.container, au('examples.fragments.next')), 'back on the first step');
    view.unmount();
    view = await renderFlow('/examples/fragments/second', { user: { id: 'u2' }, record: { ownerId: 'u1' } });
    await view.waitFor(() => hasText(view!.container, au('examples.fragments.heading')), 'shared heading, not the owner');
    expect(hasText(view.container, au('examples.fragments.ownerNote'))).toBe(false);
    expect(JSON.stringify(AU.flows.exampleFragments)).not.toContain('"use"');
  });

  it('mapping: the form kept field by field as a record, and read back in the form\'s shape', async () => {
    view = await renderFlow('/examples/mapping/edit');
    await typeInto(await view.waitFor(() => byLabel(view!.container, au('examples.mapping.firstName')), 'first name'), 'Ada');
    await typeInto(byLabel(view.container, au('examples.mapping.lastName')) as HTMLInputElement, 'Lovelace');
    await click(await view.waitFor(() => button(view!.container, au('examples.save')), 'save'));
    const saved = au('examples.mapping.saved').replace('{firstName}', 'Ada').replace('{lastName}', 'Lovelace');
    await view.waitFor(() => hasText(view!.container, saved), 'the record read back');
    expect(hasText(view.container, au('examples.mapping.source').replace('{source}', 'web'))).toBe(true);
    expect(JSON.stringify(AU.flows.exampleMapping)).not.toContain('"use"');
    expect(JSON.stringify(AU.flows.exampleMapping)).toContain('{"set":"state.saved.person.lastName","value":{"var":"event.form.lastName"}}');
  });

  it('record: a section restored from the record, saved through the record API, a status request and its screen', async () => {
    // The server's side, as the record API's two bindings and the record read meet it (the e2e suites run the real one).
    let record: Record<string, unknown> = { scoreboard: { status: 'draft', companyDetails: { companyName: 'Acme' } } };
    const sent: { operation: string; variables: Record<string, unknown> }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (_url: unknown, init?: { body?: string }) => {
      const { operationName, variables } = JSON.parse(init?.body ?? '{}') as { operationName: string; variables: Record<string, unknown> };
      sent.push({ operation: operationName, variables });
      const board = record.scoreboard as Record<string, unknown>;
      if (operationName === 'createOrUpdateProperty') record = { scoreboard: { ...board, companyDetails: (variables.params as { value: unknown }).value } };
      if (operationName === 'requestTransition') record = { scoreboard: { ...board, status: 'sent' } };
      return new Response(JSON.stringify({ data: { [operationName]: { status: '200', message: 'OK' } } }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      view = await renderFlow('/examples/record/a1/company', { record, loadRecord: async () => record });
      const name = await view.waitFor(() => byLabel(view!.container, au('examples.record.name')), 'the name field');
      // The section read the record on enter.
      expect(name.value).toBe('Acme');
      await typeInto(name, '  Beta Pty Ltd ');
      await click(button(view.container, au('examples.record.send'))!);
      await view.waitFor(() => hasText(view!.container, au('examples.record.sent').replace('{name}', 'Beta Pty Ltd')), 'the sent status\'s screen');
      expect(sent).toEqual([
        { operation: 'createOrUpdateProperty', variables: { applicationId: 'a1', params: { propertyFirst: 'companyDetails', value: { companyName: 'Beta Pty Ltd' } } } },
        { operation: 'requestTransition', variables: { applicationId: 'a1', event: 'companySent' } },
      ]);
      // The status step names its screen: a named route to it goes to the company screen.
      await click(button(view.container, au('examples.record.edit'))!);
      await view.waitFor(() => byLabel(view!.container, au('examples.record.name')), 'the company screen again');
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('presets: query state declared by a schema, a block preset completed by its use, options labelled by a key prefix', async () => {
    view = await renderFlow('/examples/presets/search?size=13&colours=red');
    await view.waitFor(() => hasText(view!.container, au('examples.presets.size').replace('{size}', '10')), 'size 13 read as 10');
    const boxes = await view.waitFor(() => {
      const found = [...view!.container.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
      return found.length ? found : undefined;
    }, 'the check boxes');
    const labelOf = (box: HTMLInputElement) => view!.container.querySelector(`label[for="${box.id}"]`)?.textContent;
    expect(boxes.map(labelOf)).toEqual([au('examples.presets.colour.RED'), au('examples.presets.colour.BLUE')]);
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    expect(hasText(view.container, au('examples.presets.colours'))).toBe(true);
    const flow = JSON.stringify(AU.flows.examplePresets);
    expect(flow).not.toContain('"use"');
    expect(flow).not.toContain('"queryState"');
  });

  it('range: two bound dropdowns, excludes, Clear empties both and raises the event; a button writing page state; a widget without type', async () => {
    view = await renderFlow('/examples/range/pick');
    const { select, shown, pick } = dropdowns(view);
    await view.waitFor(() => select('examples.range.maxSize'), 'the dropdowns');
    const clear = () => button(view!.container, au('examples.range.clear'));
    const changes = (n: number) => hasText(view!.container, au('examples.range.changes').replace('{changes}', String(n)));
    // Each end its options (max its own), 'Any' when none chosen; no Clear while both are empty.
    expect([...select('examples.range.minPrice').options].map((o) => o.textContent)).toEqual([au('examples.range.any'), '10', '20', '30']);
    expect([...select('examples.range.maxPrice').options].map((o) => o.textContent)).toEqual([au('examples.range.any'), '20', '30', '40']);
    expect([...select('examples.range.minSize').options].map((o) => o.textContent)).toEqual([au('examples.range.any'), ...['S', 'M', 'L'].map((v) => au(`examples.range.size.${v}`))]);
    expect(clear()).toBeUndefined();
    // A price chosen: the event raised, Clear shown, the size range (excluded) disabled.
    await pick('examples.range.minPrice', '20');
    await view.waitFor(() => changes(1) && clear(), 'one change, Clear shown');
    expect([select('examples.range.minSize').disabled, select('examples.range.maxSize').disabled, select('examples.range.maxPrice').disabled]).toEqual([true, true, false]);
    await pick('examples.range.maxPrice', '30');
    await view.waitFor(() => changes(2), 'two changes');
    // Clear empties both ends at once and raises the event; the size range is enabled again.
    await click(clear() as HTMLButtonElement);
    await view.waitFor(() => changes(3) && !clear(), 'cleared: three changes, Clear hidden');
    expect([shown('examples.range.minPrice'), shown('examples.range.maxPrice')]).toEqual([au('examples.range.any'), au('examples.range.any')]);
    expect(select('examples.range.minSize').disabled).toBe(false);
    // The size range has no Clear (no clearLabel); choosing a size disables the price range.
    await pick('examples.range.minSize', au('examples.range.size.M'));
    await view.waitFor(() => select('examples.range.minPrice').disabled, 'price disabled by a size');
    expect(clear()).toBeUndefined();
    // A button's set: several page-state paths written at once, no event (the change count stays).
    await click(button(view.container, au('examples.range.reset')) as HTMLButtonElement);
    await view.waitFor(() => shown('examples.range.maxPrice') === '40', 'the full price range');
    expect([shown('examples.range.minPrice'), shown('examples.range.minSize'), select('examples.range.minPrice').disabled]).toEqual(['10', au('examples.range.any'), false]);
    expect(changes(3)).toBe(true);
    // A block written with widget: alone is a widget block.
    expect(view.container.querySelector('[data-widget="contactBox"]')?.textContent).toContain(au('examples.range.contact'));
    const flow = JSON.stringify(AU.flows.exampleRange);
    for (const shorthand of ['"range"', 'excludes', 'clearLabel', '"min"', '"max"']) expect(flow).not.toContain(shorthand);
  });

  it('cascade: each level enabled once the one before is chosen, a choice empties the levels after it; a list of texts; keyed, replaceAll', async () => {
    view = await renderFlow('/examples/cascade/pick');
    const { select, shown, pick } = dropdowns(view);
    await view.waitFor(() => select('examples.cascade.size'), 'the dropdowns');
    const levels = ['examples.cascade.kind', 'examples.cascade.item', 'examples.cascade.size'];
    expect(levels.map((k) => select(k).disabled)).toEqual([false, true, true]);
    await pick('examples.cascade.kind', au('examples.cascade.kinds.fruit'));
    await view.waitFor(() => !select('examples.cascade.item').disabled, 'item enabled by a kind');
    expect([...select('examples.cascade.item').options].map((o) => o.textContent)).toEqual([au('examples.cascade.choose'), 'apple', 'pear']);
    expect(hasText(view.container, au('examples.cascade.keyed').replace('{under}', 'fruit'))).toBe(false);
    await pick('examples.cascade.item', 'pear');
    await view.waitFor(() => !select('examples.cascade.size').disabled, 'size enabled by an item');
    expect(hasText(view.container, au('examples.cascade.keyed').replace('{under}', 'fruit'))).toBe(true);
    await pick('examples.cascade.size', au('examples.cascade.sizes.L'));
    // The list of texts: one text per key, both shown while a size is chosen.
    await view.waitFor(() => hasText(view!.container, au('examples.cascade.chosen').replace('{item}', 'pear')), 'the chosen texts');
    expect(hasText(view.container, au('examples.cascade.code').replace('{code}', 'fruit|pear'))).toBe(true);
    // Another kind empties the item and the size (and disables the size again).
    await pick('examples.cascade.kind', au('examples.cascade.kinds.vegetable'));
    await view.waitFor(() => select('examples.cascade.size').disabled, 'size emptied and disabled');
    expect(levels.map(shown)).toEqual([au('examples.cascade.kinds.vegetable'), au('examples.cascade.choose'), au('examples.cascade.choose')]);
    expect([...select('examples.cascade.item').options].map((o) => o.textContent)).toEqual([au('examples.cascade.choose'), 'carrot', 'leek']);
    expect(hasText(view.container, au('examples.cascade.chosen').replace('{item}', 'pear'))).toBe(false);
    const flow = JSON.stringify(AU.flows.exampleCascade);
    for (const shorthand of ['"cascade"', 'levels']) expect(flow).not.toContain(shorthand);
  });

  it('shorthands: hiddenWhen, otherwise, submitNeeds, a dialog opened by state and closed by its close label, set of several paths, state by source (query too), stepper labels, a text chosen by if', async () => {
    view = await renderFlow('/examples/shorthands/form');
    await view.waitFor(() => hasText(view!.container, au('examples.shorthands.guest')), 'shown to a visitor');
    expect(hasText(view.container, au('examples.shorthands.member'))).toBe(false);
    const save = () => button(view!.container, au('examples.save')) as HTMLButtonElement;
    await view.waitFor(() => save(), 'the form');
    expect(save().disabled).toBe(true);
    await typeInto(byLabel(view.container, au('examples.mapping.firstName')) as HTMLInputElement, 'Ada');
    expect(save().disabled).toBe(true);
    await typeInto(byLabel(view.container, au('examples.mapping.lastName')) as HTMLInputElement, 'Lovelace');
    await view.waitFor(() => !save().disabled, 'save enabled once both names are filled');
    const body = au('examples.shorthands.body').replace('{opened}', '1');
    expect(hasText(view.container, body)).toBe(false);
    await click(button(view.container, au('examples.shorthands.open')) as HTMLButtonElement);
    await view.waitFor(() => hasText(document.body, body), 'the dialog, opened once');
    await click(await view.waitFor(() => button(document.body, au('examples.shorthands.close')), 'close button'));
    await view.waitFor(() => !hasText(document.body, body), 'the dialog closed');
    const flow = JSON.stringify(AU.flows.exampleShorthands);
    for (const shorthand of ['hiddenWhen', 'otherwise', 'submitNeeds', 'openWhenState', 'closeLabel', 'fallbackLabel', '"narrow":{']) expect(flow).not.toContain(shorthand);
    // State grouped by source: memory `dialog` / `opened` above; local `visits` under its storage key.
    await click(button(view.container, au('examples.shorthands.more')) as HTMLButtonElement);
    await view.waitFor(() => hasText(view!.container, au('examples.shorthands.visits').replace('{visits}', '1')), 'one visit');
    expect(localStorage.getItem('fleetform.exampleShorthands.visits')).toBe('1');
    // The stepper's labels by prefix: the current step is 'page'.
    expect(view.container.querySelector('[aria-current="step"]')?.textContent).toContain(au('examples.shorthands.step.page'));
    expect(hasText(view.container, au('examples.shorthands.step.form'))).toBe(true);
    for (const shorthand of ['"local":', '"memory":{', '"labels"']) expect(flow).not.toContain(shorthand);
    // A text chosen by conditions: the first holding case (one visit: not a return visit); query state grouped.
    expect(hasText(view.container, au('examples.shorthands.first'))).toBe(true);
    for (const key of ['welcome', 'guide']) expect(hasText(view.container, au(`examples.shorthands.${key}`))).toBe(false);
    expect(flow).not.toContain('"if":[');
    expect(AU.flows.exampleShorthands.steps.page.state).toEqual({ from: { source: 'query', type: 'text' } });
    view.unmount();
    view = await renderFlow('/examples/shorthands/page?from=guide');
    await view.waitFor(() => hasText(view!.container, au('examples.shorthands.guide')), 'the guide case, read from the query');
    expect(hasText(view.container, au('examples.shorthands.first'))).toBe(false);
    view.unmount();
    view = await renderFlow('/examples/shorthands/form', { user: { id: 'u1' } });
    await view.waitFor(() => button(view!.container, au('examples.save')), 'the form');
    expect(hasText(view.container, au('examples.shorthands.guest'))).toBe(false);
    expect(hasText(view.container, au('examples.shorthands.member'))).toBe(true);
  });

  it("shorthands: an image's fallback link while it has no source, a group that is another variant on phones", async () => {
    view = await renderFlow('/examples/shorthands/page');
    const links = () => [...view!.container.querySelectorAll('a')].filter((a) => a.textContent === au('examples.shorthands.logo'));
    await view.waitFor(() => links().length, 'the fallback link');
    expect(links().map((a) => a.getAttribute('href'))).toEqual(['/examples/shorthands/form']);
    expect(view.container.querySelector('img')).toBeNull();
    // The group twice, each shown by CSS on its screens only: a row, and an expander under its title.
    const small = [...view.container.querySelectorAll('section, details')].filter((el) => el.textContent?.includes(au('examples.shorthands.footer')));
    expect(small.map((el) => el.tagName)).toEqual(['SECTION', 'DETAILS']);
    expect(small[1].querySelector('summary')?.textContent).toBe(au('examples.shorthands.more'));
    view.unmount();
    view = await renderFlow('/examples/shorthands/page', { user: { id: 'u1', logo: '/logo.png' } });
    await view.waitFor(() => view!.container.querySelector('img'), 'the logo');
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe('/logo.png');
    expect(view.container.querySelector('img')?.closest('a')?.getAttribute('href')).toBe('/examples/shorthands/form');
    expect(links()).toEqual([]);
  });

  it('functions: named functions called like logic operations', async () => {
    view = await renderFlow('/examples/functions/show?page=2', { user: { name: 'Ada' } });
    const fill = (key: string, vars: Record<string, unknown>) => au(key).replace(/\{([\w.]+)\}/g, (_, k: string) => String(vars[k]));
    await view.waitFor(() => hasText(view!.container, fill('examples.functions.range', { 'shown.from': 26, 'shown.to': 50, 'shown.total': 60 })), 'range of page 2');
    expect(hasText(view.container, fill('examples.functions.last', { last: 3 }))).toBe(true);
    expect(hasText(view.container, fill('examples.functions.owner', { 'owner.name': 'Ada' }))).toBe(true);
    expect(hasText(view.container, au('examples.functions.noLimit'))).toBe(true);
    view.unmount();
    view = await renderFlow('/examples/functions/show?max=80000');
    await view.waitFor(() => hasText(view!.container, fill('examples.functions.last', { last: 3 })), 'the page');
    expect(hasText(view.container, au('examples.functions.noLimit'))).toBe(false);
  });

  it('guarded transition: the first transition whose guard holds wins', async () => {
    view = await renderFlow('/examples/guarded/start', { record: { ready: false } });
    await click(await view.waitFor(() => button(view!.container, au('examples.guarded.continue')), 'continue'));
    await view.waitFor(() => hasText(view!.container, au('examples.guarded.blocked')), 'blocked step');
    view.unmount();
    view = await renderFlow('/examples/guarded/start', { record: { ready: true } });
    await click(await view.waitFor(() => button(view!.container, au('examples.guarded.continue')), 'continue'));
    await view.waitFor(() => hasText(view!.container, au('examples.guarded.done')), 'done step');
  });

  it('overlay: the region layer changes a text and a schema limit', async () => {
    expect(AU.messages['examples.overlay.note']).not.toBe(NZ.messages['examples.overlay.note']);
    for (const bundle of [AU, NZ]) {
      view = await renderFlow('/examples/overlay/form', { selection: bundle.selection });
      await view.waitFor(() => hasText(view!.container, bundle.messages['examples.overlay.note']), 'region note');
      const input = await view.waitFor(() => byLabel(view!.container, bundle.messages['examples.overlay.code']), 'code field');
      const max = (bundle.schemas['_examples/overlay'].properties as Record<string, { maxLength: number }>).code.maxLength;
      await typeInto(input, 'X'.repeat(max + 1));
      const expected = bundle.messages['validation.maxLength'].replace('{n}', String(max));
      await view.waitFor(() => hasText(view!.container, expected), `max ${max} message`);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      view.unmount();
      view = undefined;
    }
    expect(AU.schemas['_examples/overlay']).not.toEqual(NZ.schemas['_examples/overlay']);
  });

  it('custom widgets: a block widget and a field widget from extensions/', async () => {
    view = await renderFlow('/examples/widget/show');
    const box = await view.waitFor(() => view!.container.querySelector('[data-widget="contactBox"]'), 'contact box');
    expect(box.textContent).toContain(au('examples.widget.contact'));
    expect(box.textContent).toContain(String(AU.settings.phone));
    const input = await view.waitFor(() => view!.container.querySelector<HTMLInputElement>('[data-widget="upperCaseText"]'), 'upper-case field');
    await typeInto(input, 'toyota');
    await view.waitFor(() => input.value === 'TOYOTA', 'upper-cased value');
  });
});

describe('flows/_examples/statusHome.yaml', () => {
  const states = (root: HTMLElement, tracker: string) => [...root.querySelectorAll(`[data-tracker="${tracker}"] li`)].map((li) => (li as HTMLElement).dataset.state);
  it("a step's when makes it the route's special case (no status yet)", async () => {
    view = await renderFlow('/examples/home/start', { record: {} });
    await view.waitFor(() => view!.container.textContent?.includes(au('examples.home.notStarted')), 'the not-started page');
    expect(view.container.querySelector('main')?.dataset.step).toBe('notStarted');
  });
  it('progress.<status> in texts and guards; a tracker as steps and as some of its rows; a row info button opens its dialog', async () => {
    view = await renderFlow('/examples/home/start', { record: { status: 'first' } });
    await view.waitFor(() => view!.container.querySelector('h1')?.textContent === au('examples.home.busy'), 'the home');
    expect(view.container.querySelector('main')?.dataset.step).toBe('home');
    expect(states(view.container, 'main')).toEqual(['progress', 'pending', 'pending', 'pending', 'pending']);
    expect(view.container.querySelector('[aria-current="step"]')?.textContent).toContain(au('examples.progress.first'));
    const next = () => [...view!.container.querySelectorAll('button')].find((b) => b.textContent === au('examples.home.next'));
    await act(async () => { next()?.click(); });
    await view.waitFor(() => view!.container.querySelector('[data-row="second"]')?.getAttribute('data-state') === 'progress', 'second in progress');
    await act(async () => { next()?.click(); });
    await view.waitFor(() => view!.container.querySelector('h1')?.textContent === au('examples.home.done'), 'all done');
    expect(next()).toBeUndefined();
    const info = view.container.querySelector(`[data-row="second"] button[aria-label="${au('examples.home.about')}"]`) as HTMLButtonElement;
    await act(async () => { info.click(); });
    await view.waitFor(() => document.body.querySelector('[data-dialog="about"]')?.textContent?.includes(au('examples.home.aboutBody')), 'the dialog');
  });
});

describe('flows/_examples/progress.yaml', () => {
  const states = (root: HTMLElement) => [...root.querySelectorAll('li[data-state]')].map((li) => [li.textContent, li.getAttribute('data-state')]);
  const row = (label: string, state: string) => [au(label) + au(`runtime.progress.${state}`), state];

  it('derives completed / progress / pending from the status order', async () => {
    view = await renderFlow('/examples/progress/show', { record: { status: 'second' } });
    await view.waitFor(() => view!.container.querySelector('li'), 'rows');
    expect(states(view.container)).toEqual([
      row('examples.progress.first', 'completed'), row('examples.progress.second', 'progress'), row('examples.progress.third', 'pending'),
    ]);
    view.unmount();
    view = await renderFlow('/examples/progress/show', { record: { status: 'elsewhere' } });
    await view.waitFor(() => view!.container.querySelector('li'), 'rows');
    expect(states(view.container).map(([, state]) => state)).toEqual(['pending', 'pending', 'pending']);
  });
});

describe('flows/_examples/frame.yaml', () => {
  /** A message as the framed page's notifyParent posts it, from `source` on `origin`. */
  const post = (event: string, source: unknown, origin = window.location.origin) =>
    act(async () => { window.dispatchEvent(new MessageEvent('message', { data: { type: 'fleetform:event', event }, origin, source: source as Window })); });

  it('a full-screen dialog frames a page whose listed events, from that frame on this origin only, are raised here', async () => {
    view = await renderFlow('/examples/frame/host');
    // The notice's HTML is sanitised: markup kept, the script and the javascript: address gone, the web link safe.
    const notice = await view.waitFor(() => view!.container.querySelector('strong'), 'the notice');
    expect(notice.textContent).toBe('report back');
    const html = notice.parentElement!.parentElement!.innerHTML;
    expect(html).not.toMatch(/script|javascript|onclick/i);
    expect(html).toContain('<a href="https://example.com/help" target="_blank" rel="noopener noreferrer">');
    await click(button(view.container, au('examples.frame.open'))!);
    const frame = await view.waitFor(() => document.querySelector<HTMLIFrameElement>(`iframe[title="${au('examples.frame.frameTitle')}"]`), 'the frame');
    expect(frame.getAttribute('src')).toBe('/examples/frame/inner');
    expect(document.querySelector('[data-dialog="framed"]')).not.toBeNull();
    // Ignored: another window, another origin, an event the frame does not list.
    await post('finished', window);
    await post('finished', frame.contentWindow, 'https://evil.example');
    await post('open', frame.contentWindow);
    expect(document.querySelector('[data-dialog="framed"]')).not.toBeNull();
    expect(hasText(view.container, au('examples.frame.done'))).toBe(false);
    // The framed page's event: the dialog closes and the step says so.
    await post('finished', frame.contentWindow);
    await view.waitFor(() => hasText(view!.container, au('examples.frame.done')), 'finished raised');
    await view.waitFor(() => document.querySelector('[data-dialog="framed"]') === null, 'dialog closed');
  });

  it('the framed page shows a spinner with its text, waits, then tells its parent (none here: nothing happens)', async () => {
    view = await renderFlow('/examples/frame/inner');
    const status = await view.waitFor(() => view!.container.querySelector('[role="status"]'), 'the busy text');
    expect(status.textContent).toContain(au('examples.frame.working'));
    await act(async () => { await new Promise((r) => setTimeout(r, 100)); });
    expect(view.container.querySelector('[role="status"]')).not.toBeNull();
  });
});
