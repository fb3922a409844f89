/** Structured JSON logs: one object per line on stdout (errors on stderr). */

/** Log levels in increasing severity. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** A structured logger; `child` adds fields to every line. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Where lines go; tests pass an array sink. */
export type LogSink = (line: string, level: LogLevel) => void;

// Lines are batched: one write every FLUSH_MS (or once FLUSH_BYTES are waiting) instead of one per request
// (stdout is often a pipe: every write is a system call). Errors go out at once, after what is waiting;
// the rest is written at exit too. A process killed outright loses at most FLUSH_MS of lines.
const FLUSH_MS = 50;
const FLUSH_BYTES = 64 * 1024;
let pending: string[] = [];
let pendingBytes = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Write the batched lines now (before printing plain text to the same stream). */
export const flushLogs = (): void => flush();
const flush = () => {
  if (timer) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (pending.length === 0) return;
  const text = pending.join('');
  pending = [];
  pendingBytes = 0;
  process.stdout.write(text);
};
process.on('exit', flush);
const stdSink: LogSink = (line, level) => {
  if (level === 'error') {
    flush();
    process.stderr.write(`${line}\n`);
    return;
  }
  pending.push(`${line}\n`);
  pendingBytes += line.length + 1;
  if (pendingBytes >= FLUSH_BYTES) flush();
  else if (!timer) {
    timer = setTimeout(flush, FLUSH_MS);
    timer.unref();
  }
};

const errorFields = (v: unknown): unknown =>
  v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v;

/** `"k":v` pairs of an object's JSON (no braces; '' when empty), errors expanded. */
function pairs(fields: Record<string, unknown> | undefined): string {
  if (!fields) return '';
  let plain = true;
  for (const k in fields) if (fields[k] instanceof Error) plain = false;
  const json = JSON.stringify(plain ? fields : Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, errorFields(v)])));
  return json.length > 2 ? json.slice(1, -1) : '';
}

// The ISO time of the current millisecond, computed once per millisecond (many lines share one).
let lastMs = 0;
let lastIso = '';
const isoNow = (): string => {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
};

/**
 * JSON-lines logger; a class so `child` (called per request) costs one small object, not closures.
 * A line is assembled from JSON pieces: the logger's own fields are serialised once, on first use.
 */
class JsonLogger implements Logger {
  private baseJson: string | undefined;
  constructor(
    private readonly level: LogLevel,
    private readonly base: Record<string, unknown>,
    private readonly sink: LogSink,
  ) {}
  private write(lvl: LogLevel, msg: string, fields?: Record<string, unknown>): void {
    if (RANK[lvl] < RANK[this.level]) return;
    this.baseJson ??= pairs(this.base);
    const own = pairs(fields);
    // Later keys win when a field repeats a base key (JSON.parse keeps the last), as with a merged object.
    this.sink(`{"time":"${isoNow()}","level":"${lvl}","msg":${JSON.stringify(msg)}${this.baseJson ? `,${this.baseJson}` : ''}${own ? `,${own}` : ''}}`, lvl);
  }
  debug(msg: string, fields?: Record<string, unknown>) {
    this.write('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>) {
    this.write('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>) {
    this.write('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>) {
    this.write('error', msg, fields);
  }
  child(fields: Record<string, unknown>): Logger {
    return new JsonLogger(this.level, { ...this.base, ...fields }, this.sink);
  }
}

/** Create a logger writing JSON lines at or above `level`. */
export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}, sink: LogSink = stdSink): Logger {
  return new JsonLogger(level, base, sink);
}
