/**
 * The studio's view of a definitions folder: loads it as the server does, keeps one runtime bundle per
 * region x brand (every flow, examples too) and the validators the preview runs (ajv standalone, the
 * same compiler as the build), and reloads on demand. After each reload it regenerates `.generated/`
 * (runtime/node/generateFiles.ts, what `npm run generate` writes) and lints, both just after the preview
 * has been told, so a saved text reaches the preview first.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { layerChoices, resolveLayers } from '../../runtime/core';
import type { RuntimeBundle } from '../../runtime/core/bundle';
import { lintDefinitions, servedCombinations, type LintOptions } from '../../runtime/core/lint';
import { loadDefinitions, type ParseCache } from '../../runtime/core/load';
import { escapeSegment, getAtPointer, positionOf } from '../../runtime/core/source';
import type { DefinitionError, DefinitionSet, JsonSchema, Provenance, ResolvedLayers } from '../../runtime/core/types';
import { compileStandalone, createBundle, flowDiagram, generateFiles, graphqlOperations, graphqlShapes, loadSdl, readDefinitions, validatorName, writeGenerated } from '../../runtime/node';
import { readSamples, type SampleSet } from './samples';
import { scenarioSamples, type ScenarioSample } from './scenarioSamples';

/** A lint finding or load error as the page shows it. */
export interface Finding {
  file: string;
  line: number;
  column: number;
  message: string;
  hint?: string;
  /** The source line it points at (trimmed), when the file is a definition file. */
  source?: string;
}

/** Where a value was set, and every layer that sets it (lowest first). */
export interface ProvenanceAnswer {
  kind: 'messages' | 'settings';
  key: string;
  found: boolean;
  value?: unknown;
  /** The layer that won (the core's `provenance`). */
  setBy?: Provenance;
  /** Every applied layer file that sets it, lowest first (the last one wins). */
  chain: { layer: string; file: string; line: number; column: number; value: unknown }[];
}

/** Options of {@link createStudioState}. */
export interface StudioStateOptions {
  /** Definitions folder (default: the working directory). */
  root: string;
  /** Where `.generated/` is written after a reload (default `<root>/.generated`; `false`: not written). */
  generatedDir?: string | false;
  /** Milliseconds after a reload before lint and generation run (default 700): the preview's requests go first. */
  settleMs?: number;
}

/** What a reload did. */
export interface ReloadResult {
  version: number;
  changed: boolean;
  ms: number;
}

type Loaded = ReturnType<typeof loadDefinitions>;

type Listener = (event: 'reload' | 'lint' | 'generated', data: Record<string, unknown>) => void;

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** The validator module's CommonJS `require`s (ajv's runtime helpers), inlined so the browser can import it. */
function esmValidators(cjs: string): string {
  const require = createRequire(import.meta.url);
  const names = [...new Set([...cjs.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
  const modules = names.map((name) => {
    const source = readFileSync(require.resolve(name), 'utf8');
    return `${JSON.stringify(name)}: (() => { const module = { exports: {} }; const exports = module.exports; ${source}\n; return module.exports; })()`;
  });
  return [
    '// The studio preview\'s validators: ajv standalone (runtime/node/compileStandalone.ts) as an ES module.',
    `const __modules = {${modules.join(',\n')}};`,
    'const require = (name) => __modules[name];',
    'const module = { exports: {} }; const exports = module.exports;',
    cjs,
    ';export default module.exports;',
  ].join('\n');
}

/** The definitions a studio serves, reloadable. */
export function createStudioState(options: StudioStateOptions) {
  const root = options.root;
  const generatedDir = options.generatedDir === undefined ? join(root, '.generated') : options.generatedDir;
  const settleMs = options.settleMs ?? 700;
  const listeners = new Set<Listener>();
  const emit: Listener = (event, data) => { for (const l of listeners) l(event, data); };

  let version = 0;
  let filesHash = '';
  let files: Record<string, string> = {};
  let defs: DefinitionSet;
  let loadErrors: DefinitionError[] = [];
  let bundleProblems: Finding[] = [];
  let findings: Finding[] = [];
  let lintVersion = 0;
  let validatorsModule = '';
  let validatorsKey = '';
  const parseCache: ParseCache = new Map();
  let validatorNames: Record<string, Record<string, string>> = {};
  let samples: SampleSet = { samples: {}, problems: [] };
  let scenarios: { version: number; list: ScenarioSample[] } | undefined;
  let reloadedAt = 0;
  let reloadMs = 0;
  let generated: { ok: boolean; message: string; at: number } = { ok: true, message: '', at: 0 };
  let settleTimer: NodeJS.Timeout | undefined;
  const bundles = new Map<string, RuntimeBundle>();
  const layers = new Map<string, ResolvedLayers>();
  let sdl: ReturnType<typeof loadSdl>[] = [];
  /** The GraphQL API lint checks names and variables against (read with the SDL: at start and on a forced reload). */
  let graphqlLint: Pick<LintOptions, 'operations' | 'graphql'> = {};

  const selectionKey = (s: Record<string, string>) => JSON.stringify(Object.entries(s).sort());

  function layersOf(selection: Record<string, string>): ResolvedLayers {
    const key = selectionKey(selection);
    let hit = layers.get(key);
    if (!hit) layers.set(key, (hit = resolveLayers(defs, selection)));
    return hit;
  }

  function toFinding(e: DefinitionError | string): Finding {
    if (typeof e === 'string') return { file: '', line: 0, column: 0, message: e };
    const text = files[e.file];
    const source = text?.split('\n')[e.line - 1]?.trim();
    return { file: e.file, line: e.line, column: e.column, message: e.message, ...(e.hint ? { hint: e.hint } : {}), ...(source ? { source } : {}) };
  }

  /** `next` loaded; when only layer files changed since the last load, over it (flows not expanded again) unless `full`. */
  function loadNext(next: Record<string, string>, full = false): Loaded {
    return loadDefinitions(next, { cache: parseCache, ...(defs && !full ? { previous: { files, result: { defs, errors: loadErrors } } } : {}) });
  }

  /** Every region's form schemas (all flows, examples too) compiled into one module; bundle -> names. */
  function compileValidators(): void {
    const schemas = new Map<string, JsonSchema>();
    const names: Record<string, Record<string, string>> = {};
    const problems: Finding[] = [];
    for (const region of layerChoices(defs).region ?? [undefined]) {
      const selection: Record<string, string> = region ? { region } : {};
      const { bundle, errors } = createBundle(defs, selection, sdl, () => true);
      problems.push(...errors.map(toFinding));
      names[region ?? ''] = {};
      for (const [id, schema] of Object.entries(bundle.schemas)) {
        const name = validatorName(schema);
        schemas.set(name, schema);
        names[region ?? ''][id] = name;
      }
    }
    bundleProblems = problems;
    // A save that changes no form schema (a text, a setting, a flow) keeps the module compiled before.
    const key = [...schemas.keys()].sort().join(',');
    if (key !== validatorsKey) validatorsModule = esmValidators(compileStandalone(schemas).code);
    validatorsKey = key;
    validatorNames = names;
  }

  function lintNow(): void {
    const started = performance.now();
    const { findings: lint } = lintDefinitions(defs, graphqlLint);
    findings = [...loadErrors, ...lint].map(toFinding);
    lintVersion = version;
    emit('lint', { version, findings: findings.length, ms: Math.round(performance.now() - started) });
  }

  function generateNow(): void {
    if (generatedDir === false) return;
    try {
      if (loadErrors.length) throw new Error(`definitions have errors: ${loadErrors.length}; .generated/ kept as it was`);
      const out = generateFiles(defs, sdl);
      writeGenerated(generatedDir, out.files);
      generated = { ok: true, message: `${out.selections} selections, ${out.distinct} distinct validators`, at: Date.now() };
    } catch (e) {
      generated = { ok: false, message: e instanceof Error ? e.message : String(e), at: Date.now() };
    }
    emit('generated', { version, ok: generated.ok });
  }

  /**
   * Reads the folder again; when any definition file changed, loads it, compiles the preview's
   * validators, tells listeners (`reload`), then lints and regenerates `.generated/` shortly after.
   * Samples are re-read every time.
   */
  function reload(force = false): ReloadResult {
    const started = performance.now();
    const next = readDefinitions(root);
    const hash = sha(JSON.stringify(next));
    const nextSamples = readSamples(root);
    const samplesChanged = JSON.stringify(nextSamples) !== JSON.stringify(samples);
    samples = nextSamples;
    if (!force && hash === filesHash) {
      if (samplesChanged) {
        version++;
        emit('reload', { version, ms: Math.round(performance.now() - started) });
      }
      return { version, changed: samplesChanged, ms: Math.round(performance.now() - started) };
    }
    return adopt(next, hash, undefined, started, force);
  }

  /** Takes `next` (the definition files) as loaded (`loaded`, else loads them now), then as {@link reload} after a change. */
  function adopt(next: Record<string, string>, hash: string, loaded: Loaded | undefined, started: number, force = false): ReloadResult {
    loaded ??= loadNext(next, force);
    files = next;
    filesHash = hash;
    defs = loaded.defs;
    loadErrors = loaded.errors;
    if (!sdl.length || force) {
      const graphqlDir = join(root, defs.config.graphql ?? 'server/graphql');
      sdl = existsSync(graphqlDir) ? [loadSdl(graphqlDir)] : [];
      graphqlLint = { operations: graphqlOperations(graphqlDir), graphql: graphqlShapes(graphqlDir) };
    }
    bundles.clear();
    layers.clear();
    compileValidators();
    version++;
    reloadedAt = Date.now();
    reloadMs = Math.round(performance.now() - started);
    // Until lint runs again, the load errors are what is known.
    findings = [...loadErrors.map(toFinding), ...bundleProblems];
    emit('reload', { version, ms: reloadMs });
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      generateNow();
      lintNow();
    }, settleMs);
    return { version, changed: true, ms: reloadMs };
  }

  /**
   * The definitions with one file's text replaced (not saved, not taken): loaded, and linted with the checks a
   * layer's texts and settings can change (`scope: 'layers'`). {@link take} makes them the studio's after the file is written.
   */
  function tryFile(file: string, text: string): { next: Record<string, string>; loaded: Loaded; findings: Finding[] } {
    const next = { ...files, [file]: text };
    const loaded = loadNext(next);
    const lint = lintDefinitions(loaded.defs, { ...graphqlLint, scope: 'layers' });
    const findingsOf = (e: DefinitionError) => {
      const line = next[e.file]?.split('\n')[e.line - 1]?.trim();
      return { file: e.file, line: e.line, column: e.column, message: e.message, ...(e.hint ? { hint: e.hint } : {}), ...(line ? { source: line } : {}) };
    };
    return { next, loaded, findings: [...loaded.errors, ...lint.findings].map(findingsOf) };
  }

  /** Takes what {@link tryFile} loaded (its file written to disk by then): the preview hears it at once. */
  function take(tried: { next: Record<string, string>; loaded: Loaded }): ReloadResult {
    samples = readSamples(root);
    return adopt(tried.next, sha(JSON.stringify(tried.next)), tried.loaded, performance.now());
  }

  /** Lint and generation now (tests; the first start). */
  function settle(): void {
    clearTimeout(settleTimer);
    generateNow();
    lintNow();
  }

  /** The runtime bundle of a selection (every flow), its validator names those of the served module. */
  function bundle(selection: Record<string, string>): RuntimeBundle {
    const key = selectionKey(selection);
    let hit = bundles.get(key);
    if (!hit) {
      const prepared = createBundle(defs, selection, sdl, () => true).bundle;
      hit = { ...prepared, validators: validatorNames[selection.region ?? ''] ?? {} };
      bundles.set(key, hit);
    }
    return hit;
  }

  /** Which layer and file:line set a message or setting for a selection, and every layer that sets it. */
  function provenance(selection: Record<string, string>, kind: 'messages' | 'settings', key: string): ProvenanceAnswer {
    const resolved = layersOf(selection);
    const segments = kind === 'messages' ? [key] : key.replace(/^settings\./, '').split('.');
    const inner = segments.map(escapeSegment).join('/');
    const pointer = `/${kind}/${inner}`;
    const value = getAtPointer({ messages: resolved.messages, settings: resolved.settings }, pointer);
    const chain: ProvenanceAnswer['chain'] = [];
    for (const layer of resolved.applied) {
      const content = defs.layerFiles[layer.file];
      const filePointer = `${layer.at ?? ''}${pointer}`;
      const set = getAtPointer(content, filePointer);
      if (set === undefined) continue;
      const [line, column] = positionOf(defs.sources[layer.file], filePointer);
      chain.push({ layer: layer.name, file: layer.file, line, column, value: set });
    }
    const setBy = value === undefined ? undefined : resolved.provenance(pointer);
    return { kind, key, found: value !== undefined, ...(value === undefined ? {} : { value }), ...(setBy ? { setBy } : {}), chain };
  }

  /** The catalogue keys a step's definition names (strings that are message keys), each with its text and provenance. */
  function stepTexts(selection: Record<string, string>, flowId: string, stepId: string): { key: string; text: string; setBy?: Provenance }[] {
    const flow = defs.flows[flowId];
    const step = flow?.steps[stepId];
    if (!step) return [];
    const messages = layersOf(selection).messages;
    const keys = new Set<string>();
    const visit = (value: unknown): void => {
      if (typeof value === 'string') {
        if (value in messages) keys.add(value);
      } else if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') Object.values(value).forEach(visit);
    };
    visit(step);
    visit(flow.layout);
    return [...keys].map((key) => {
      const setBy = layersOf(selection).provenance(`/messages/${escapeSegment(key)}`);
      return { key, text: messages[key], ...(setBy ? { setBy } : {}) };
    });
  }

  /** The Mermaid text of a flow's diagrams for a selection (runtime/node/diagrams, as `npm run diagrams`). */
  function diagram(selection: Record<string, string>, flowId: string): { flowchart: string; status?: string } | undefined {
    const flow = defs.flows[flowId];
    if (!flow) return undefined;
    const resolved = layersOf(selection);
    return flowDiagram(flow, { messages: resolved.messages, known: { settings: resolved.settings, selection: { ...(defs.config.defaults ?? {}), ...selection } }, flows: defs.flows, parts: true });
  }

  /** The flows, selections and samples the page lists. */
  function overview() {
    const selections = servedCombinations(defs);
    // Step titles as the first served selection shows them (the page lists steps by title, the id beside it).
    const messages = layersOf(selections[0] ?? {}).messages;
    const flows = Object.keys(defs.flows).sort().map((id) => {
      const flow = defs.flows[id];
      return {
        id,
        file: defs.flowFiles[id],
        example: defs.flowFiles[id]?.startsWith('flows/_examples/') ?? false,
        description: flow.description,
        status: flow.status ? { field: flow.status.field, order: flow.status.order ?? [] } : undefined,
        roles: Object.keys(flow.roles ?? {}),
        title: flow.title ? messages[flow.title] : undefined,
        steps: Object.entries(flow.steps).map(([stepId, step]) => ({ id: stepId, title: step.title ? messages[step.title] : undefined, route: step.route ?? stepId, status: step.status, roles: step.roles ?? [] })),
        sample: samples.samples[id]?.file,
      };
    });
    return {
      version,
      lintVersion,
      reloadedAt,
      reloadMs,
      generated,
      selections,
      flows,
      findings: [...findings, ...samples.problems],
    };
  }

  reload(true);

  return {
    root,
    reload,
    tryFile,
    take,
    settle,
    /** The findings of the last lint (or the load errors until it runs). */
    get findings(): Finding[] { return findings; },
    bundle,
    provenance,
    stepTexts,
    diagram,
    overview,
    get version() { return version; },
    get defs() { return defs; },
    get samples() { return samples; },
    /** The demo seed's scenarios with their records, for these definitions (built on first use after a reload). */
    get scenarios(): ScenarioSample[] {
      if (scenarios?.version !== version) scenarios = { version, list: scenarioSamples(defs) };
      return scenarios.list;
    },
    get validators() { return validatorsModule; },
    /** The text of one definition file as last loaded. */
    file(path: string): string | undefined { return files[path]; },
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close(): void { clearTimeout(settleTimer); listeners.clear(); },
  };
}

/** A studio state. */
export type StudioState = ReturnType<typeof createStudioState>;
