// Entry of an inspection worker (inspectionPool.ts) run from the sources (the built server, `npm start`, runs
// dist-node/inspectWorker.js instead). A worker thread starts as plain Node, whatever loaded its parent: tsx's
// loader is registered here, from this file, so the TypeScript body loads the same under vitest, the bench scripts
// and tsx. Under tsx the worker inherits tsx's own loader as well; registering it twice is harmless.
import { register } from 'tsx/esm/api';

register();
await import('./inspectWorker.ts');
