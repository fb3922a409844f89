/**
 * The studio's HTTP server (development only): the studio API under `/studio/api/`, the brands' images,
 * and the two pages (studio/page/: the list and the preview) through Vite's dev server in middleware
 * mode. A watcher reloads the definitions on every save of a YAML or JSON file (studioState.ts) and
 * tells the pages over server-sent events.
 */
import { existsSync, readFileSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { parse } from 'yaml';
import { resolveLayers } from '../../runtime/core';
import { readDefinitions } from '../../runtime/node';
import { startApiServer, type ApiServer } from './apiServer';
import { applyEdit, editTargets, writeRefusal, type EditKind, type EditRequest } from './edit';
import { ANONYMOUS, previewSetup } from './samples';
import { createStudioState, type StudioState } from './studioState';

/** The studio's code folder (studio/). */
const STUDIO_DIR = resolve(import.meta.dirname, '..');
/** The repository holding the studio's code (node_modules, app/, runtime/). */
const CODE_ROOT = resolve(STUDIO_DIR, '..');

/** Options of {@link startStudio}. */
export interface StudioOptions {
  /** Definitions folder (default: the working directory). */
  root?: string;
  port?: number;
  host?: string;
  /** Serve the pages through Vite (default true; the API alone when false: tests). */
  pages?: boolean;
  /** Watch the definitions folder and reload on save (default true). */
  watch?: boolean;
  /** Where `.generated/` is written (default `<root>/.generated`; false: never). */
  generatedDir?: string | false;
  /** Start the real server behind the preview (apiServer.ts; default: when the pages are served; STUDIO_API=0 turns it off). */
  api?: boolean;
  /**
   * The link that opens a file at a line in the analyst's editor: `{path}` (absolute), `{file}` (relative to the
   * root), `{line}`, `{column}` (default {@link EDITOR_LINK}, VS Code; STUDIO_EDITOR sets it from `npm run studio`).
   */
  editor?: string;
}

/** VS Code's link to a file at a line and column. */
export const EDITOR_LINK = 'vscode://file/{path}:{line}:{column}';

/** A running studio. */
export interface Studio {
  state: StudioState;
  server: Server;
  url: string;
  close(): Promise<void>;
}

const IMAGE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** A request's body as text (at most 256 kB). */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 256 * 1024) {
        fail(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

/** The selection a request names (`region`, `brand`, ... query parameters). */
function selectionOf(url: URL, state: StudioState): Record<string, string> {
  const names = new Set(state.defs.config.layers.flatMap((l) => [...l.file.matchAll(/\{(\w+)\}/g)].map((m) => m[1])));
  const selection: Record<string, string> = {};
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value) selection[name] = value;
  }
  return selection;
}

/** Folders and root files the watcher follows: those the definitions are read from, and samples/. */
function watchedEntries(root: string): { dirs: string[]; rootFiles: Set<string> } {
  const top = new Set(Object.keys(readDefinitions(root)).map((p) => p.split('/')));
  const dirs = new Set<string>(['samples']);
  const rootFiles = new Set<string>();
  for (const parts of top) {
    if (parts.length === 1) rootFiles.add(parts[0]);
    else dirs.add(parts[0]);
  }
  return { dirs: [...dirs].filter((d) => existsSync(join(root, d))), rootFiles };
}

/** Starts the studio; resolves once it listens. */
export async function startStudio(options: StudioOptions = {}): Promise<Studio> {
  if (process.env.NODE_ENV === 'production') throw new Error('the studio is a development tool: it does not run with NODE_ENV=production');
  const root = resolve(options.root ?? process.cwd());
  const state = createStudioState({ root, generatedDir: options.generatedDir });
  state.settle();
  const texts = parse(readFileSync(join(STUDIO_DIR, 'messages.yaml'), 'utf8')) as { messages: Record<string, string> };

  // Server-sent events: every page hears each reload (and when lint has run again).
  const clients = new Set<ServerResponse>();
  const broadcast = (event: string, data: unknown) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of clients) res.write(frame);
  };
  state.on(broadcast);
  const apiServer: ApiServer | undefined = options.api ?? options.pages !== false ? startApiServer(root, (status) => broadcast('api', status)) : undefined;
  /** The host the server serves a selection's brand on (its first named domain). */
  const hostOf = (selection: Record<string, string>) => {
    const domains = resolveLayers(state.defs, selection).settings.domains;
    return (Array.isArray(domains) ? domains.find((d): d is string => typeof d === 'string' && d !== '*') : undefined) ?? 'localhost';
  };

  const api = (req: IncomingMessage, res: ServerResponse, url: URL): boolean => {
    const path = url.pathname;
    if (!path.startsWith('/studio/api/')) return false;
    const name = path.slice('/studio/api/'.length);
    const selection = () => selectionOf(url, state);
    switch (name) {
      case 'overview':
        json(res, 200, { ...state.overview(), texts: texts.messages, anonymous: ANONYMOUS, editor: { link: options.editor ?? EDITOR_LINK, root }, api: apiServer?.status() ?? { state: 'off' } });
        return true;
      case 'bundle':
        json(res, 200, { version: state.version, bundle: state.bundle(selection()) });
        return true;
      case 'validators.js':
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        res.end(state.validators);
        return true;
      case 'preview': {
        const setup = previewSetup(state.defs, state.samples, state.scenarios, {
          flow: url.searchParams.get('flow') ?? '',
          step: url.searchParams.get('step') ?? undefined,
          status: url.searchParams.get('status') ?? undefined,
          role: url.searchParams.get('role') ?? undefined,
          record: url.searchParams.get('record') ?? undefined,
          region: url.searchParams.get('region') ?? undefined,
        });
        if (!setup) json(res, 404, { error: `no flow '${url.searchParams.get('flow')}'` });
        else json(res, 200, { version: state.version, ...setup, api: apiServer?.status().state === 'ready' });
        return true;
      }
      case 'provenance': {
        const kind = url.searchParams.get('kind') === 'settings' ? 'settings' : 'messages';
        json(res, 200, state.provenance(selection(), kind, url.searchParams.get('key') ?? ''));
        return true;
      }
      case 'texts':
        json(res, 200, state.stepTexts(selection(), url.searchParams.get('flow') ?? '', url.searchParams.get('step') ?? ''));
        return true;
      case 'diagram': {
        const diagram = state.diagram(selection(), url.searchParams.get('flow') ?? '');
        if (!diagram) json(res, 404, { error: 'no such flow' });
        else json(res, 200, diagram);
        return true;
      }
      case 'definition': {
        // One definition file's text as the studio last loaded it.
        const text = state.file(url.searchParams.get('file') ?? '');
        if (text === undefined) json(res, 404, { error: 'not a loaded definition file' });
        else json(res, 200, { version: state.version, text });
        return true;
      }
      case 'targets': {
        // The layers that may hold a message or setting for the selection (the edit's choices), the winner marked.
        const kind: EditKind = url.searchParams.get('kind') === 'settings' ? 'settings' : 'messages';
        json(res, 200, editTargets(state.defs, selection(), kind, url.searchParams.get('key') ?? ''));
        return true;
      }
      case 'reload': {
        const refused = writeRefusal(req, portOf());
        if (refused) json(res, 403, { error: refused });
        else json(res, 200, state.reload());
        return true;
      }
      case 'edit': {
        const refused = writeRefusal(req, portOf());
        if (refused) {
          json(res, 403, { error: refused });
          return true;
        }
        readBody(req).then((body) => {
          const result = applyEdit(state, JSON.parse(body) as EditRequest);
          json(res, result.ok ? 200 : result.status, result);
        }).catch((e: unknown) => json(res, 400, { error: e instanceof Error ? e.message : String(e) }));
        return true;
      }
      case 'events':
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        res.write(`event: hello\ndata: ${JSON.stringify({ version: state.version })}\n\n`);
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      default:
        json(res, 404, { error: `no studio API '${name}'` });
        return true;
    }
  };

  const portOf = () => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };

  // The brands' images (settings.profile) and the catalogue's vehicle pictures, as the server serves them.
  const assets = (res: ServerResponse, url: URL): boolean => {
    const mounts: [string, string][] = [['/brand-assets/', join(root, 'brands/assets')], ['/vehicles/', join(CODE_ROOT, 'app/public/vehicles')]];
    for (const [prefix, dir] of mounts) {
      if (!url.pathname.startsWith(prefix)) continue;
      const file = normalize(join(dir, decodeURIComponent(url.pathname.slice(prefix.length))));
      const type = IMAGE_TYPES[extname(file).toLowerCase()];
      if (!file.startsWith(dir) || !type || !existsSync(file) || !statSync(file).isFile()) return false;
      res.writeHead(200, { 'content-type': type });
      res.end(readFileSync(file));
      return true;
    }
    return false;
  };

  // A reload (lint, validators) holds the event loop for seconds on a busy machine: a keep-alive socket must not time
  // out in that pause while its client reuses it (the client got ECONNRESET with Node's default 5 s).
  const server = createServer({ keepAliveTimeout: 60_000 });
  let vite: { middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void; close(): Promise<void> } | undefined;
  if (options.pages !== false) {
    const [{ createServer: createVite }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
    vite = await createVite({
      configFile: false,
      root: join(STUDIO_DIR, 'page'),
      cacheDir: join(CODE_ROOT, '.studio/vite'),
      appType: 'mpa',
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias: { 'markdown-to-jsx/react': join(CODE_ROOT, 'app/markdownStub.tsx') } },
      server: { middlewareMode: true, hmr: { server }, fs: { allow: [CODE_ROOT, realpathSync(join(CODE_ROOT, 'node_modules'))] } },
      optimizeDeps: { entries: [join(STUDIO_DIR, 'page/*.html')] },
    });
  }
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://studio');
    try {
      if (api(req, res, url) || assets(res, url)) return;
    } catch (e) {
      json(res, 500, { error: e instanceof Error ? e.message : String(e) });
      return;
    }
    if (url.pathname === '/graphql') {
      // It acts as demo logins: the write endpoints' guard (loopback, the studio's own Host and Origin, JSON).
      const refused = writeRefusal(req, portOf());
      if (refused) {
        json(res, 403, { errors: [{ message: refused, extensions: { code: 'STUDIO_REFUSED' } }] });
        return;
      }
      if (apiServer) {
        // The real server answers, as the scenario's demo login (`as`) on the chosen brand's host.
        apiServer.proxy(req, res, url.searchParams.get('as') || undefined, hostOf(selectionOf(url, state)))
          .catch((e: unknown) => json(res, 502, { errors: [{ message: String(e), extensions: { code: 'STUDIO_API' } }] }));
        return;
      }
      // No API behind the preview (STUDIO_API=0): its calls answer one GraphQL error the runtime shows in its dialog.
      json(res, 200, { errors: [{ message: texts.messages['studio.preview.noApi'] ?? '', extensions: { code: 'STUDIO_PREVIEW' } }] });
      return;
    }
    if (!vite) return json(res, 404, { error: 'the studio pages are off' });
    vite.middlewares(req, res, () => json(res, 404, { error: 'not found' }));
  });

  // Reload on save: fs.watch per definitions folder (recursive) and the root's own files.
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  const schedule = (file: string | null) => {
    if (file && !/\.(ya?ml|json)$/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      try { state.reload(); } catch (e) { process.stderr.write(`studio: reload failed: ${String(e)}\n`); }
    }, 20);
  };
  if (options.watch !== false) {
    const { dirs, rootFiles } = watchedEntries(root);
    for (const dir of dirs) watchers.push(watch(join(root, dir), { recursive: true }, (_e, file) => schedule(file ? String(file) : null)));
    watchers.push(watch(root, (_e, file) => { if (file && rootFiles.has(String(file))) schedule(String(file)); }));
  }

  await new Promise<void>((done) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    state,
    server,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    async close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const res of clients) res.end();
      state.close();
      await Promise.all([vite?.close(), apiServer?.close()]);
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
