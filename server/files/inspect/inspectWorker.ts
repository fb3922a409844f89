/**
 * Body of an inspection worker (inspectionPool.ts): answers `ready` once its modules are loaded, then runs
 * {@link inspectHere} on each file it is sent, one at a time, answering the refusal (or null) and its thread id.
 */
import { parentPort, threadId } from 'node:worker_threads';
import { inspectHere } from './inspectFile';

/** A file to inspect. */
export interface InspectionJob {
  bytes: Uint8Array;
  mimeType: string;
}

/** What a worker posts: its readiness, an inspection's outcome, or an inspector's own failure (a bug, not the file's). */
export type WorkerMessage = { ready: true } | { refusal: Awaited<ReturnType<typeof inspectHere>>; threadId: number } | { error: string };

const port = parentPort;
if (!port) throw new Error('inspectWorker runs as a worker thread (inspectionPool.ts)');
port.on('message', (job: InspectionJob) => {
  inspectHere(job.bytes, job.mimeType).then(
    (refusal) => port.postMessage({ refusal, threadId } satisfies WorkerMessage),
    (e: unknown) => port.postMessage({ error: String((e as Error)?.stack ?? e) } satisfies WorkerMessage),
  );
});
port.postMessage({ ready: true } satisfies WorkerMessage);
