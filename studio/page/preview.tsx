/**
 * The studio's preview (studio only, never built into dist/): one step of one flow rendered by the real
 * runtime (FlowRunner) at the path of the step, with the sample record at the chosen status and the
 * sample user of the chosen role (studio/server/samples.ts: a scenario of the demo seed), signed in on the studio's
 * API server (the real server: its GraphQL through the studio's proxy) when it answers, the bundle of the chosen region x brand
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
import { loadRecord, loadSession } from '../../app/session';

interface Setup {
  version: number;
  path: string;
  record: Record<string, unknown>;
  user: Record<string, unknown> | null;
  status?: string;
  statusField?: string;
  scenario?: { key: string; applicationId: string };
  /** The real server behind the preview answers (studio/server/apiServer.ts). */
  api: boolean;
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

/** The GraphQL address of the preview: the studio's proxy to its API server, as the scenario's login on the chosen brand. */
function graphqlUri(setup: Setup): string {
  const q = new URLSearchParams({ region: query.get('region') ?? '', brand: query.get('brand') ?? '' });
  if (setup.user && setup.scenario) q.set('as', setup.scenario.key);
  return `/graphql?${q}`;
}

/** `record` with the chosen status written to the flow's status field. */
function atStatus(record: Record<string, unknown>, setup: Setup): Record<string, unknown> {
  if (!setup.statusField || !setup.status) return record;
  const out = structuredClone(record);
  const parts = setup.statusField.split('.');
  let node = out;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = setup.status;
  return out;
}

/** The scenario's session as the API server answered it, asked once per page (a reload of the definitions keeps it). */
let session: Promise<Awaited<ReturnType<typeof loadSession>>> | undefined;

async function load(): Promise<Loaded> {
  const [setup, { bundle }] = await Promise.all([
    fetchJson<Setup>(`/studio/api/preview?${query}`),
    fetchJson<{ bundle: RuntimeBundle }>(`/studio/api/bundle?${query}`),
  ]);
  if (setup.api && setup.user && setup.scenario) {
    // The scenario's application and login as the server answers them (its version: saves are accepted), at the chosen status.
    session ??= loadSession({}, graphqlUri(setup));
    const signedIn = await session;
    if (signedIn.status === 'signedIn') return { setup: { ...setup, user: signedIn.user, record: atStatus(signedIn.record, setup) }, bundle };
    session = undefined;
  }
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
    events.addEventListener('api', refresh);
    return () => events.close();
  }, []);
  useEffect(() => {
    // The version shown, for the studio page (it waits for it before asking for its own: main.tsx) and the bench.
    if (!loaded) return;
    document.body.dataset.version = String(loaded.setup.version);
    if (window.parent !== window) window.parent.postMessage({ previewVersion: loaded.setup.version }, location.origin);
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
      graphqlUri={graphqlUri(setup)}
      loadRecord={setup.api && setup.scenario ? (params) => loadRecord(typeof params.applicationId === 'string' ? params.applicationId : setup.scenario?.applicationId, graphqlUri(setup)) : undefined}
      home={query.get('flow') ?? undefined}
      theme={brandTheme(bundle.settings)}
      logic={logic}
    />
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<StrictMode><Preview /></StrictMode>);
