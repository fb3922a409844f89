/**
 * A form posted to a server-rendered page before the app has it (JavaScript off, or not arrived yet), run on the
 * server as the app would run it: the step at the page's path that draws the posted form, its submit event through
 * the same core chain (`runChain`), its calls through the server's own GraphQL. What the chain leaves decides the
 * answer: a navigation or an effect the app names as one (`effects`, e.g. a reload after sign-in) is a redirect,
 * otherwise the page again with the page state the chain wrote and the form's values (passwords left out).
 * Only forms `settings.serverRender.posts` lists are run. No React here: the server's render entry calls it.
 * @example
 * const result = await submitOnServer({ bundle, logic, request, effects: { reload: (p) => ({ redirect: String(p.to ?? '/') }) } });
 */
import { matchPath } from 'react-router-dom';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { runChain, startChain, type ChainExecutor } from '../../core/chain';
import { stepPattern, stepStateDefs } from '../../core/flow';
import type { LogicInstance } from '../../core/logic';
import type { ServerSubmitRequest, ServerSubmitResult } from '../../core/serverRender';
import type { BlockDef, FlowDef, FormBlock, LogicContext } from '../../core/types';
import { passwordPaths, postedValues } from '../form/pageValues';
import { PageStateStore } from '../state/pageStateStore';
import { readState } from '../state/stepState';
import type { RuntimeBundle } from '../types';
import { deriveRoles, recordProgress } from './machine';

/** An effect run on the server for a posted form: it may name where the browser goes next. */
export type ServerEffect = (params: Record<string, unknown>) => { redirect?: string } | void;

/** What {@link submitOnServer} needs. */
export interface ServerSubmitOptions {
  bundle: RuntimeBundle;
  logic: LogicInstance;
  request: ServerSubmitRequest;
  /** The effects a posted form's chain may run on the server, by name; any other fails the chain. */
  effects: Record<string, ServerEffect>;
}

/** The form block `id` among `blocks` (groups, dialogs and lists searched too). */
function findForm(blocks: readonly BlockDef[] | undefined, id: string): FormBlock | undefined {
  for (const block of blocks ?? []) {
    if (block.type === 'form' && block.id === id) return block;
    const inner = findForm((block as { blocks?: BlockDef[] }).blocks, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The step whose route is `path` and whose screen draws form `id`, with the route's params. */
function stepWithForm(flows: Record<string, FlowDef>, path: string, id: string) {
  for (const flow of Object.values(flows)) {
    for (const [stepId, step] of Object.entries(flow.steps)) {
      const match = [stepPattern(flow, stepId), ...(step.aliases ?? [])].map((p) => matchPath(p, path)).find(Boolean);
      const form = match ? findForm(step.blocks, id) : undefined;
      if (match && form) return { flow, stepId, form, params: match.params as Record<string, string> };
    }
  }
  return undefined;
}

/** The posted form's submit event run as the app runs it; null when the page has no posting form of that id. */
export async function submitOnServer({ bundle, logic, request, effects }: ServerSubmitOptions): Promise<ServerSubmitResult | null> {
  const posts = (bundle.settings.serverRender as { posts?: unknown } | undefined)?.posts;
  if (!Array.isArray(posts) || !posts.includes(request.form)) return null;
  const found = stepWithForm(bundle.flows, request.path, request.form);
  if (!found?.form.submit) return null;
  const { flow, stepId, form, params } = found;
  const schema = bundle.schemas[form.schema] as RJSFSchema;
  const ui = (bundle.uiSchemas[form.schema] ?? {}) as UiSchema;
  const values = postedValues(request.fields, schema, ui, form.id ?? form.schema.replace(/\W/g, '_'));
  // The anonymous visitor's context as the page's first render has it (the browser's storage unknown: defaults).
  const base: LogicContext = {
    record: {}, user: null, settings: bundle.settings, params, now: new Date().toISOString(),
    state: readState(stepStateDefs(flow, stepId), new PageStateStore(), request.search, { storage: false }),
    url: { path: request.path, search: request.search, host: request.host, origin: request.origin, referrer: '', framed: false },
  };
  const context: LogicContext = { ...base, roles: deriveRoles(flow, base, logic), progress: recordProgress(flow, {}) };
  const state: Record<string, unknown> = {};
  let redirect: string | undefined;
  const executor: ChainExecutor = {
    call: (operation, variables) => {
      const document = bundle.operations[operation];
      if (!document) throw new Error(`no GraphQL operation '${operation}' in the bundle`);
      return request.execute(document, operation, variables);
    },
    effect: (name, effectParams) => {
      const run = effects[name];
      if (!run) throw new Error(`the effect '${name}' runs only in the app; known on the server: ${Object.keys(effects).join(', ') || 'none'}`);
      redirect = run(effectParams)?.redirect ?? redirect;
    },
    setRecord: () => undefined,
    storeState: (entries) => {
      for (const { name, value } of entries) state[name] = value;
    },
    go: (to) => {
      redirect = to;
    },
    log: (error) => console.error(error),
  };
  const end = await runChain(startChain(flow, stepId, context, logic), { type: 'raise', event: form.submit, payload: { form: values } }, executor);
  if (end.status === 'failed') console.error(end.error);
  if (redirect !== undefined && end.status !== 'failed') return { redirect };
  const shown = { ...values };
  for (const path of passwordPaths(schema, ui)) delete shown[path];
  return { posted: { state, forms: { [request.form]: shown } } };
}
