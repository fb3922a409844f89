/**
 * `npm run studio`: the analyst's studio (development only) over the definitions of the working
 * directory: every flow x region x brand, a live preview of any step at any status and role, lint
 * findings, provenance and diagrams; saving a definition reloads it (docs/analysts-guide.md 'Studio').
 * STUDIO_PORT (default 8090) and STUDIO_HOST (default 127.0.0.1) choose where it listens; STUDIO_EDITOR the link every
 * file:line opens (`{path}`, `{file}`, `{line}`, `{column}`; default VS Code's `vscode://file/{path}:{line}:{column}`);
 * STUDIO_API=0 leaves out the real server behind the preview (studio/server/apiServer.ts).
 */
import { startStudio } from './server/studioServer';

const port = Number(process.env.STUDIO_PORT ?? 8090);
const host = process.env.STUDIO_HOST ?? '127.0.0.1';
startStudio({ port, host, editor: process.env.STUDIO_EDITOR || undefined, api: process.env.STUDIO_API !== '0' }).then((studio) => {
  const o = studio.state.overview();
  process.stdout.write(`Fleetform studio at ${studio.url}/ (${o.flows.length} flows, ${o.selections.length} region x brand selections, ${o.findings.length} lint finding(s))\n`);
  const stop = () => void studio.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}, (e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
