/**
 * Inspections run on worker threads, never on the event loop: decoding a JPEG or parsing a PDF can take
 * seconds, during which the server would answer nobody. A small pool of workers is started with the server
 * (or on first use) and reused: at most {@link INSPECTION_POOL_SIZE}; files wait in line for a free one.
 * Owners take turns: one owner's files run on at most half the workers (rounded up) while other files
 * wait, and a free worker takes the waiting file of the owner served least recently. So with two or more
 * workers one user's heaviest files never hold up another's, and with one a file waits for at most the
 * inspection running. Each inspection has a time budget ({@link INSPECTION_TIME_BUDGET_MS}, counted from
 * when a worker takes the file): a worker still busy then is terminated and the file refused
 * (INVALID_FILE), as is a file whose inspection needs more than the worker's heap ({@link WORKER_HEAP_MB});
 * a new worker replaces it.
 *
 * The worker's entry: in the built server (`npm start`, scripts/buildServer.ts) the built body beside the bundle,
 * `dist-node/inspectWorker.js`; from the sources (tests, scripts) `inspectWorker.mjs`, plain JavaScript that
 * registers tsx's loader and imports the TypeScript body (`inspectWorker.ts`): a worker never inherits the
 * parent's loaders reliably (vitest's do not reach it), so it brings its own.
 * @example
 * const { refusal, threadId } = await sharedInspectionPool().inspect(bytes, 'image/png');
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { refusal, type InspectionRefusal } from './inspection';
import type { InspectionJob, WorkerMessage } from './inspectWorker';

/** Time one inspection may take on its worker (a 24-megapixel JPEG decodes in about 12 s on a busy 2-core server). */
export const INSPECTION_TIME_BUDGET_MS = 30_000;
/**
 * Workers of the shared pool: one per core but one (for the event loop), at least 2 (so that one owner's
 * heavy file leaves a worker for everybody else's; on 2 cores the event loop then shares), at most 4.
 */
export const INSPECTION_POOL_SIZE = Math.max(2, Math.min(4, availableParallelism() - 1));
/** Old-generation heap of one worker (MB). */
export const WORKER_HEAP_MB = 512;

const WORKER_ENTRY = new URL(import.meta.url.endsWith('.ts') ? './inspectWorker.mjs' : './inspectWorker.js', import.meta.url);

/** An inspection's outcome and the thread that ran it. */
export interface Inspection {
  refusal: InspectionRefusal | null;
  threadId: number;
}

/** Workers inspecting files. */
export interface InspectionPool {
  /**
   * Inspect `bytes` as `mimeType` on a worker, for `owner` (whose files take turns with other owners'); rejects
   * only when no worker can start, or an inspector fails.
   */
  inspect(bytes: Uint8Array, mimeType: string, owner?: string): Promise<Inspection>;
  /** Start every worker now rather than on the first upload (loading the decoders takes a second or more). */
  warm(): void;
  /** Stop every worker; waiting inspections reject. */
  close(): Promise<void>;
}

interface Job {
  message: InspectionJob;
  owner: string;
  resolve(inspection: Inspection): void;
  reject(error: Error): void;
}

interface Member {
  worker: Worker;
  /** The worker's thread id (the Worker object's reads -1 once it has exited). */
  threadId: number;
  ready: boolean;
  job: Job | null;
  timer?: NodeJS.Timeout;
  /** Why it is being stopped while inspecting (the budget ran out). */
  stopping?: string;
  error?: Error;
}

/** A pool of at most `size` workers giving each inspection `timeBudgetMs`. */
export function createInspectionPool(options: { size?: number; timeBudgetMs?: number } = {}): InspectionPool {
  const size = options.size ?? INSPECTION_POOL_SIZE;
  const budget = options.timeBudgetMs ?? INSPECTION_TIME_BUDGET_MS;
  const members = new Set<Member>();
  const queue: Job[] = [];
  let closed = false;
  /** When each owner was last served (a counter), for taking turns. */
  const served = new Map<string, number>();
  let turn = 0;

  /** Workers one owner may hold at once. */
  const share = Math.ceil(size / 2);
  const runningOf = (owner: string) => [...members].filter((m) => m.job?.owner === owner).length;

  /**
   * The waiting job to run next: of the owners under their share of workers, the one served least recently
   * (never served: first), their earliest job; null when every waiting owner holds their share.
   */
  const next = (): Job | null => {
    let at = -1;
    for (let i = 0; i < queue.length; i++) {
      if (runningOf(queue[i].owner) >= share) continue;
      if (at === -1 || (served.get(queue[i].owner) ?? -1) < (served.get(queue[at].owner) ?? -1)) at = i;
    }
    if (at === -1) return null;
    const [job] = queue.splice(at, 1);
    served.set(job.owner, ++turn);
    return job;
  };

  const finish = (member: Member): Job | null => {
    const job = member.job;
    clearTimeout(member.timer);
    member.job = null;
    // An idle worker does not keep the process alive (scripts and tests end without closing the pool).
    member.worker.unref();
    return job;
  };

  function assign(member: Member, job: Job): void {
    member.job = job;
    member.worker.ref();
    member.timer = setTimeout(() => {
      member.stopping = `inspection took longer than ${budget} ms`;
      void member.worker.terminate();
    }, budget);
    member.worker.postMessage(job.message, [job.message.bytes.buffer as ArrayBuffer]);
  }

  function spawn(): void {
    const worker = new Worker(WORKER_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const member: Member = { worker, threadId: worker.threadId, ready: false, job: null };
    members.add(member);
    worker.on('message', (m: WorkerMessage) => {
      if ('ready' in m) {
        member.ready = true;
        worker.unref();
        pump();
        return;
      }
      const job = finish(member);
      if (!job) return;
      if ('error' in m) job.reject(new Error(`inspection failed: ${m.error}`));
      else job.resolve({ refusal: m.refusal, threadId: m.threadId });
      pump();
    });
    worker.on('error', (e) => (member.error = e));
    worker.on('exit', () => {
      members.delete(member);
      const job = finish(member);
      if (job) {
        const why = member.stopping ?? (member.error && (member.error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? `inspection needed more than ${WORKER_HEAP_MB} MB` : `inspection stopped (${member.error?.message ?? 'worker exited'})`);
        job.resolve({ refusal: refusal('INVALID_FILE', why), threadId: member.threadId });
      } else if (!member.ready && ![...members].some((m) => m.ready)) {
        // No worker could start (a broken install): the waiting files fail now rather than wait forever.
        for (const waiting of queue.splice(0)) waiting.reject(new Error(`no inspection worker could start: ${member.error?.stack ?? 'exited'}`));
      }
      pump();
    });
  }

  function pump(): void {
    if (closed) return;
    for (const m of members) {
      if (!m.ready || m.job || !queue.length) continue;
      const job = next();
      if (!job) break;
      assign(m, job);
    }
    // Nobody waiting and nothing running: turns start afresh (the map holds only owners seen since).
    if (!queue.length && ![...members].some((m) => m.job)) served.clear();
    const starting = [...members].filter((m) => !m.ready).length;
    for (let more = Math.min(size - members.size, queue.length - starting); more > 0; more--) spawn();
  }

  return {
    inspect(bytes, mimeType, owner = '') {
      if (closed) return Promise.reject(new Error('the inspection pool is closed'));
      // The worker gets its own copy (transferred, so it is copied once): the caller keeps its bytes to store them.
      // (new Uint8Array copies a Buffer too, where Buffer's own slice would share its memory.)
      const message: InspectionJob = { bytes: new Uint8Array(bytes), mimeType };
      return new Promise<Inspection>((resolve, reject) => {
        queue.push({ message, owner, resolve, reject });
        pump();
      });
    },
    warm() {
      if (!closed) for (let more = size - members.size; more > 0; more--) spawn();
    },
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(new Error('the inspection pool is closed'));
      await Promise.all([...members].map((m) => m.worker.terminate()));
    },
  };
}

let shared: InspectionPool | undefined;

/** The process's pool (started on first use), which every server instance of the process shares. */
export function sharedInspectionPool(): InspectionPool {
  return (shared ??= createInspectionPool());
}

/**
 * Null when `bytes` are wholly a file of the declared type; else why not: `inspectHere` (inspectFile.ts) on a worker
 * of the shared pool, within its time budget (a refusal when it runs out).
 */
export async function inspectFile(bytes: Uint8Array, declaredType: string): Promise<InspectionRefusal | null> {
  return (await sharedInspectionPool().inspect(bytes, declaredType)).refusal;
}
