/**
 * The app's built server-render entry (dist-server/server.js, `npm run build`), loaded at run time by a
 * dynamic import of the built file: the server never imports the app's or runtime/react's sources
 * (an eslint rule keeps it so). While the file is missing the server serves the client-only page, without
 * the theme's style sheet (`pageStyle`), and says so once; a later build is picked up on the next request.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { ServerRenderEntry } from '../../runtime/core/serverRender';

/** The app's built server-render entry (`vite build --ssr`, in `npm run build`), relative to the project's root. */
export const SERVER_ENTRY = 'dist-server/server.js';

/** A loader of the entry at `file`: the module once loaded, undefined while it is missing or failed to load. */
export function serverEntry(file: string, log: Pick<Logger, 'warn' | 'error'>): () => Promise<ServerRenderEntry | undefined> {
  let loading: Promise<ServerRenderEntry | undefined> | undefined;
  let told = false;
  return () => {
    if (loading) return loading;
    if (!existsSync(file)) {
      if (!told) log.warn({ file }, 'the server-render entry is not built (npm run build): pages are rendered in the browser only, without the theme');
      told = true;
      return Promise.resolve(undefined);
    }
    loading = import(pathToFileURL(file).href).then(
      (m: Partial<ServerRenderEntry>) => {
        if (typeof m.render === 'function' && typeof m.renders === 'function' && typeof m.pageStyle === 'function') return m as ServerRenderEntry;
        log.error({ file }, 'the server-render entry exports no render/renders/pageStyle: pages are rendered in the browser only, without the theme');
        return undefined;
      },
      (error: unknown) => {
        log.error({ file, error }, 'the server-render entry failed to load: pages are rendered in the browser only');
        return undefined;
      },
    );
    return loading;
  };
}
