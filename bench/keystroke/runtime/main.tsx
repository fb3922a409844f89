/**
 * The runtime bench page, started as app/start.tsx starts the portal: a generated bundle
 * (`?fields=300|1000`), precompiled validators loaded with the form chunk, FlowRunner with the
 * browser router; the form is one FormView with `ui:sections`. The only addition: the first
 * validator call is timed into `window.__bench.firstValidation`.
 */
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { bundles } from 'bench-gen:definitions';
import { createWidgetRegistry, FlowRunner, type CompiledValidator, type RuntimeBundle, type ValidatorModule } from '../../../runtime/react';

/** Times the first call of each validator (the page's first validation). */
function timed(module: ValidatorModule): ValidatorModule {
  const out: ValidatorModule = {};
  for (const [name, validate] of Object.entries(module)) {
    if (typeof validate !== 'function') continue;
    const wrapped = ((data: unknown) => {
      const started = performance.now();
      const ok = validate(data);
      wrapped.errors = validate.errors;
      if (window.__bench && window.__bench.firstValidation < 0) window.__bench.firstValidation = performance.now() - started;
      return ok;
    }) as CompiledValidator;
    out[name] = wrapped;
  }
  return out;
}

const loadValidators = (): Promise<ValidatorModule> =>
  import('bench-gen:validators').then((m) => timed(((m as { default?: ValidatorModule }).default ?? m) as ValidatorModule));

const size = new URLSearchParams(location.search).get('fields') ?? '300';
const bundle = (await bundles[size]()) as RuntimeBundle;
const widgets = createWidgetRegistry();
performance.mark('bench:render'); // the first render starts: JS requested before it is the initial JS
const root = createRoot(document.getElementById('root') as HTMLElement);
flushSync(() => root.render(
  <StrictMode>
    <FlowRunner bundle={bundle} widgets={widgets} loadValidators={loadValidators} home="bench" />
  </StrictMode>,
));
