/**
 * Structured JSON logs with pino: one object per line on stdout, `{"level":"info","time":"<ISO>",...fields,"msg":"..."}`,
 * written by pino's asynchronous destination (lines waiting while a write is in flight go out together; flushed at exit). Secrets are redacted
 * wherever they appear in a line's fields (see {@link REDACTED_KEYS}).
 * @example
 * const log = createLogger('info');
 * log.info({ userId }, 'login');
 * log.child({ reqId }).error({ error }, 'unexpected error');
 */
import { pino, stdSerializers, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** The levels the configuration may set (LOG_LEVEL). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Where lines go instead of stdout (tests): each line's JSON text, without the newline. */
export type LogSink = (line: string) => void;

/** Field names whose values never reach a log line, at any of the depths {@link REDACTED_PATHS} covers. */
export const REDACTED_KEYS = [
  'password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'idToken', 'resetToken',
  'secret', 'apiKey', 'cookie', 'set-cookie', 'authorization', 'proxy-authorization', 'x-api-key',
] as const;

/** The redacted paths: each key at the top of the fields, one and two levels down, and in yoga's logged `args`. */
export const REDACTED_PATHS: string[] = REDACTED_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = k.startsWith('[') ? '' : '.';
  return [k, `*${dot}${k}`, `*.*${dot}${k}`, `args[*]${dot}${k}`, `args[*].*${dot}${k}`];
});

/** The text redacted values are replaced by. */
export const CENSOR = '[redacted]';

let stdout: ReturnType<typeof pino.destination> | undefined;

/** Write what the standard destination holds now (before printing plain text to the same stream). */
export function flushLogs(): void {
  stdout?.flushSync();
}

/** A logger writing JSON lines at or above `level`, with `base` fields on every line, to stdout or `sink`. */
export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}, sink?: LogSink): Logger {
  const destination: DestinationStream = sink ? { write: (line: string) => sink(line.endsWith('\n') ? line.slice(0, -1) : line) } : (stdout ??= pino.destination({ dest: 1, sync: false }));
  return pino(
    {
      level,
      base,
      messageKey: 'msg',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // `error` (the name the call sites use) and pino's own `err`: name, message, stack and cause.
      serializers: { error: stdSerializers.err, err: stdSerializers.err },
      redact: { paths: REDACTED_PATHS, censor: CENSOR },
    },
    destination,
  );
}
