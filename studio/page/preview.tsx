/**
 * The studio's preview (studio only, never built into dist/): one step of one flow rendered by the real
 * runtime (FlowRunner) at the path of the step, with the sample record at the chosen status and the
 * sample user of the chosen role (studio/server/samples.ts), the bundle of the chosen region x brand
 * and the validators the studio compiled (ajv standalone, as the build). Re-renders on every reload.
 * Query: flow, step, status, role, and the selection (region, brand).
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createLogic } from '../../runtime/core/logic';
import { createWidgetRegistry, FlowRunner, type RuntimeBundle, type ValidatorModule } from '../../runtime/react';
import { extensionEffects, extensionWidgets } from '../../extensions';
import { extensionFunctions } from '../../extensions/functions';
import { brandTheme } from '../../app/theme';

interface Setup {
  version: number;
  path: string;
  record: Record<string, unknown>;
  user: Record<string, unknown> | null;
}

interface Loaded {
  setup: Setup;
  bundle: RuntimeBundle;
}

const query = new URLSearchParams(location.search);
const widgets = createWidgetRegistry(extensionWidgets);
const logic = createLogic({ functions: extensionFunctions });

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function load(): Promise<Loaded> {
  const [setup, { bundle }] = await Promise.all([
    fetchJson<Setup>(`/studio/api/preview?${query}`),
    fetchJson<{ bundle: RuntimeBundle }>(`/studio/api/bundle?${query}`),
  ]);
  return { setup, bundle };
}

function Preview() {
  const [loaded, setLoaded] = useState<Loaded>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    let latest = 0;
    const refresh = () => {
      const mine = ++latest;
      load().then((next) => { if (mine === latest) { setLoaded(next); setFailure(undefined); } }, (e: unknown) => setFailure(String(e)));
    };
    refresh();
    const events = new EventSource('/studio/api/events');
    events.addEventListener('reload', refresh);
    return () => events.close();
  }, []);
  useEffect(() => {
    // The version shown, for the studio page and the bench (bench/studioReload.ts).
    if (loaded) document.body.dataset.version = String(loaded.setup.version);
  }, [loaded]);
  if (failure) return <pre role="alert">{failure}</pre>;
  if (!loaded) return null;
  const { setup, bundle } = loaded;
  const version = setup.version;
  const loadValidators = () => import(/* @vite-ignore */ `/studio/api/validators.js?v=${version}`).then((m: { default: ValidatorModule }) => m.default);
  return (
    <FlowRunner
      key={version}
      bundle={bundle}
      widgets={widgets}
      effects={extensionEffects}
      loadValidators={loadValidators}
      memoryPath={setup.path}
      record={setup.record}
      user={setup.user}
      home={query.get('flow') ?? undefined}
      theme={brandTheme(bundle.settings)}
      logic={logic}
    />
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<StrictMode><Preview /></StrictMode>);
