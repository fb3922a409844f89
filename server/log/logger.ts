/** Structured JSON logs: one object per line on stdout (errors on stderr). */

/** Log levels in increasing severity. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** A structured logger; `child` adds fields to every line (read when the child first writes: pass a fresh object). */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Where lines go; tests pass an array sink. */
export type LogSink = (line: string, level: LogLevel) => void;

/**
 * The fields of one request's log line (`msg` "request"), in this order on the line. Plain values the
 * caller never changes afterwards: the line may be formatted later, when the batch is written.
 */
export interface RequestLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The GraphQL operation name as the client sent it (omitted when falsy). */
  operation?: unknown;
}

// Lines are batched: one write every FLUSH_MS (or once FLUSH_BYTES are waiting) instead of one per request
// (stdout is often a pipe: every write is a system call). Errors go out at once, after what is waiting;
// the rest is written at exit too. A process killed outright loses at most FLUSH_MS of lines.
// Request lines are queued unformatted (see logRequest) and formatted when the batch is written: the
// request path only pushes its record.
const FLUSH_MS = 50;
const FLUSH_BYTES = 64 * 1024;
/** Bytes a queued request line is counted as before it is formatted (a typical line is 150-200). */
const REQUEST_LINE_BYTES = 192;

/** A queued request line: its logger, level, time and fields. */
interface QueuedRequest {
  logger: JsonLogger;
  lvl: LogLevel;
  time: number;
  line: RequestLine;
}
let pending: (string | QueuedRequest)[] = [];
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
  const batch = pending;
  pending = [];
  pendingBytes = 0;
  let text = '';
  for (const entry of batch) text += typeof entry === 'string' ? entry : `${entry.logger.formatRequest(entry.lvl, entry.time, entry.line)}\n`;
  process.stdout.write(text);
};
process.on('exit', flush);
const queued = (bytes: number) => {
  pendingBytes += bytes;
  if (pendingBytes >= FLUSH_BYTES) flush();
  else if (!timer) {
    timer = setTimeout(flush, FLUSH_MS);
    timer.unref();
  }
};
const stdSink: LogSink = (line, level) => {
  if (level === 'error') {
    flush();
    process.stderr.write(`${line}\n`);
    return;
  }
  pending.push(`${line}\n`);
  queued(line.length + 1);
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

// The ISO time of a millisecond, computed once per millisecond (many lines share one).
let lastMs = 0;
let lastIso = '';
const isoAt = (ms: number): string => {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
};

/** JSON text of a request method: the usual ones are constants. */
const METHOD_JSON: Record<string, string> = { GET: '"GET"', POST: '"POST"', HEAD: '"HEAD"', PUT: '"PUT"', OPTIONS: '"OPTIONS"', DELETE: '"DELETE"', PATCH: '"PATCH"' };

/**
 * JSON-lines logger; a class so `child` (called per request) costs one small object, not closures.
 * A line is assembled from JSON pieces: the logger's own fields are serialised once, on first use, and
 * a child merges its parent's fields only then (most request loggers never write a line).
 */
class JsonLogger implements Logger {
  private baseJson: string | undefined;
  private base: Record<string, unknown>;
  constructor(
    private readonly level: LogLevel,
    base: Record<string, unknown>,
    private readonly sink: LogSink,
    /** The parent's fields, merged under `base` on first use (child loggers). */
    private parent?: JsonLogger,
  ) {
    this.base = base;
  }
  /** The merged fields: the parent's, then this logger's own (a repeated key keeps the parent's position, as a spread does). */
  private fields(): Record<string, unknown> {
    if (this.parent) {
      this.base = { ...this.parent.fields(), ...this.base };
      this.parent = undefined;
    }
    return this.base;
  }
  private prefix(lvl: LogLevel, time: number, msgJson: string): string {
    this.baseJson ??= pairs(this.fields());
    return `{"time":"${isoAt(time)}","level":"${lvl}","msg":${msgJson}${this.baseJson ? `,${this.baseJson}` : ''}`;
  }
  private write(lvl: LogLevel, msg: string, fields?: Record<string, unknown>): void {
    if (RANK[lvl] < RANK[this.level]) return;
    const own = pairs(fields);
    // Later keys win when a field repeats a base key (JSON.parse keeps the last), as with a merged object.
    this.sink(`${this.prefix(lvl, Date.now(), JSON.stringify(msg))}${own ? `,${own}` : ''}}`, lvl);
  }
  /** Whether a line of `lvl` is written. */
  enabled(lvl: LogLevel): boolean {
    return RANK[lvl] >= RANK[this.level];
  }
  /** Queue (standard sink) or write (other sinks) a request line; see `logRequest`. */
  request(lvl: LogLevel, line: RequestLine): void {
    if (this.sink !== stdSink) return this.sink(this.formatRequest(lvl, Date.now(), line), lvl);
    pending.push({ logger: this, lvl, time: Date.now(), line });
    queued(REQUEST_LINE_BYTES);
  }
  /**
   * The text of a request line: the same as `info('request', line)` writes (the same keys in the same
   * order, `operation` only when truthy), without serialising an object.
   */
  formatRequest(lvl: LogLevel, time: number, line: RequestLine): string {
    const op = line.operation ? `,"operation":${JSON.stringify(line.operation)}` : '';
    const method = METHOD_JSON[line.method] ?? JSON.stringify(line.method);
    return `${this.prefix(lvl, time, '"request"')},"reqId":${JSON.stringify(line.reqId)},"method":${method},"path":${JSON.stringify(line.path)},"status":${JSON.stringify(line.status)},"ms":${JSON.stringify(line.ms)}${op}}`;
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
    return new JsonLogger(this.level, fields, this.sink, this);
  }
}

/**
 * Log one request's line (`msg` "request") at `lvl`. On the standard sink the line is only queued here
 * and formatted with the batch it is written in (every FLUSH_MS), off the request path; its text is
 * what `log[lvl]('request', line)` writes.
 */
export function logRequest(log: Logger, lvl: 'debug' | 'info', line: RequestLine): void {
  if (!(log instanceof JsonLogger)) {
    const fields: Record<string, unknown> = { reqId: line.reqId, method: line.method, path: line.path, status: line.status, ms: line.ms };
    if (line.operation) fields.operation = line.operation;
    log[lvl]('request', fields);
  } else if (log.enabled(lvl)) log.request(lvl, line);
}

/** Create a logger writing JSON lines at or above `level`. */
export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}, sink: LogSink = stdSink): Logger {
  return new JsonLogger(level, base, sink);
}
