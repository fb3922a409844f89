/** yoga's logger as the server's structured log: each yoga message one line, its arguments as the line's `args`. */
import type { YogaServerOptions } from 'graphql-yoga';
import type { Logger, LogLevel } from './logger';

/** yoga's `logging` option over `log`; yoga calls debug several times per request: a no-op unless debug logging is on. */
export function yogaLogging(log: Logger, level: LogLevel): NonNullable<YogaServerOptions<object, object>['logging']> {
  return {
    debug: level === 'debug' ? (...a: unknown[]) => log.debug({ args: a.slice(1) }, String(a[0])) : () => undefined,
    info: (...a: unknown[]) => log.info({ args: a.slice(1) }, String(a[0])),
    warn: (...a: unknown[]) => log.warn({ args: a.slice(1) }, String(a[0])),
    error: (...a: unknown[]) => log.error({ args: a.slice(1) }, String(a[0])),
  };
}
