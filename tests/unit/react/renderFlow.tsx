import { resolve } from 'node:path';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createAjv, createBundle, loadDefinitionsFromDir, loadSdl } from '../../../runtime/node';
import { createWidgetRegistry, FlowRunner, type RuntimeBundle, type SignInGate, type ValidatorModule } from '../../../runtime/react';
import { extensionEffects, extensionWidgets } from '../../../extensions';
import { WAIT_MS } from './waits';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROOT = resolve(import.meta.dirname, '../../..');
const loaded = loadDefinitionsFromDir(ROOT);
if (loaded.errors.length) throw new Error(loaded.errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n'));
const sdl = [loadSdl(resolve(ROOT, loaded.defs.config.graphql ?? 'server/graphql'))];

/** A bundle of the example flows for a selection, with validators compiled by ajv here (Node, no CSP). */
export { WAIT_MS } from './waits';

export function exampleBundle(selection: Record<string, string>): { bundle: RuntimeBundle; validators: ValidatorModule } {
  const { bundle, errors } = createBundle(loaded.defs, selection, sdl, (file) => file.startsWith('flows/_examples/'));
  if (errors.length) throw new Error(errors.map(String).join('\n'));
  const ajv = createAjv();
  const validators: ValidatorModule = {};
  const names: Record<string, string> = {};
  for (const [id, schema] of Object.entries(bundle.schemas)) {
    names[id] = `v_${id.replace(/\W/g, '_')}`;
    validators[names[id]] = ajv.compile({ ...schema, $id: names[id] }) as ValidatorModule[string];
  }
  return { bundle: { ...bundle, validators: names }, validators };
}

/** A rendered flow: its container and helpers to wait for the DOM. */
export interface Rendered {
  container: HTMLElement;
  root: Root;
  /** Waits (polling, inside act) until `check` returns a truthy value, then returns it. */
  waitFor<T>(check: () => T | null | undefined | false, what: string): Promise<T>;
  unmount(): void;
}

/** Renders the runtime at `path` with the example bundle of `selection` (happy-dom, memory router). */
export async function renderFlow(path: string, options: { selection?: Record<string, string>; record?: Record<string, unknown>; loadRecord?: () => Promise<Record<string, unknown>>; user?: Record<string, unknown>; graphqlUri?: string; signIn?: SignInGate; settings?: Record<string, unknown> } = {}): Promise<Rendered> {
  const example = exampleBundle(options.selection ?? { region: 'au' });
  const { validators } = example;
  const bundle = options.settings ? { ...example.bundle, settings: { ...example.bundle.settings, ...options.settings } } : example.bundle;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const loadValidators = () => Promise.resolve(validators);
  await act(async () => {
    root.render(
      <FlowRunner bundle={bundle} widgets={createWidgetRegistry(extensionWidgets)} effects={extensionEffects}
        loadValidators={loadValidators} memoryPath={path} record={options.record} loadRecord={options.loadRecord} user={options.user ?? null}
        graphqlUri={options.graphqlUri} signIn={options.signIn} />,
    );
  });
  const waitFor = async <T,>(check: () => T | null | undefined | false, what: string): Promise<T> => {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const value = check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; DOM: ${container.innerHTML.slice(0, 1500)}`);
      await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    }
  };
  return { container, root, waitFor, unmount: () => { act(() => root.unmount()); container.remove(); } };
}

/** Sets an input's value the way React notices (native setter + input event), then blurs it. */
export async function typeInto(input: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
  await act(async () => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('blur'));
  });
}

/** Focuses an input and types `text` into it the way React notices, leaving the focus there (a combobox, an open edit box). */
export async function setText(input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The input labelled `text` (label[for]). */
export function byLabel(container: HTMLElement, text: string): HTMLInputElement | null {
  const label = [...container.querySelectorAll('label')].find((l) => l.firstChild?.textContent === text);
  const id = label?.getAttribute('for');
  return id ? (container.ownerDocument.getElementById(id) as HTMLInputElement | null) : null;
}
