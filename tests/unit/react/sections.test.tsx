// @vitest-environment happy-dom
/**
 * Performance shape: with `ui:sections`, each section is its own memoised rjsf form, so a
 * keystroke re-renders the edited field only (counted with a field widget), and a
 * visibility rule fed by the typed field is re-evaluated through core's dependency index.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { WidgetProps } from '@rjsf/utils';
import { expect, it } from 'vitest';
import { createWidgetRegistry, FlowRunner, type RuntimeBundle, type ValidatorModule } from '../../../runtime/react';
import { createAjv } from '../../../runtime/node/compileStandalone';
import { exampleBundle, typeInto } from './renderFlow';

(globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;

const SECTIONS = 10;
const FIELDS = 30;
const renders = new Map<string, number>();
function CountingInput(props: WidgetProps) {
  renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
  return <input id={props.id} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value || undefined)} />;
}

function generated(): { bundle: RuntimeBundle; validators: ValidatorModule } {
  const base = exampleBundle({ region: 'au' }).bundle;
  const properties: Record<string, unknown> = {};
  const ui: Record<string, unknown> = { 'ui:sections': true };
  for (let s = 0; s < SECTIONS; s++) {
    const fields: Record<string, unknown> = {};
    for (let f = 0; f < FIELDS; f++) fields[`f${f}`] = { type: 'string', maxLength: 5 };
    properties[`s${s}`] = { type: 'object', properties: fields };
  }
  ui.s5 = { f29: { 'ui:visibleWhen': { '!=': [{ var: 'form.s5.f15' }, 'hide'] } } };
  const schema = { type: 'object', properties };
  const flow = { id: 'big', basePath: '/big', initial: 'form', steps: { form: { blocks: [{ type: 'form' as const, schema: 'big' }] } } };
  const validate = createAjv().compile(schema) as ValidatorModule[string];
  return {
    bundle: { ...base, flows: { big: flow }, schemas: { big: schema }, uiSchemas: { big: ui }, validators: { big: 'v_big' } },
    validators: { v_big: validate },
  };
}

it('a keystroke re-renders only the edited section; a rule it feeds hides a field', async () => {
  const { bundle, validators } = generated();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const loadValidators = () => Promise.resolve(validators);
  await act(async () => {
    root.render(<FlowRunner bundle={bundle} widgets={createWidgetRegistry({ fields: { TextWidget: CountingInput, text: CountingInput } })}
      loadValidators={loadValidators} memoryPath="/big/form" />);
  });
  for (let i = 0; i < 50 && container.querySelectorAll('input').length < SECTIONS * FIELDS; i++) {
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
  }
  expect(container.querySelectorAll('input').length).toBe(SECTIONS * FIELDS);
  renders.clear();
  const typed = container.querySelector<HTMLInputElement>('#big_s5_f15')!;
  await typeInto(typed, 'hide');
  const sectionsRendered = new Set([...renders.keys()].map((id) => id.split('_')[1]));
  expect([...sectionsRendered]).toEqual(['s5']);
  expect([...renders.keys()]).toEqual(['big_s5_f15']); // rjsf's memoised fields: only the typed widget re-renders
  expect(container.querySelector('#big_s5_f29')).toBeNull();
  // A 30-field section is drawn as forms of 10 fields: an edit in another run keeps this one's values.
  await typeInto(container.querySelector<HTMLInputElement>('#big_s5_f5')!, 'x');
  expect(container.querySelector('#big_s5_f29')).toBeNull();
  await typeInto(typed, 'show');
  expect(container.querySelector('#big_s5_f29')).not.toBeNull();
  act(() => root.unmount());
  container.remove();
});
