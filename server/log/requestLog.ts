/**
 * The logger a request's resolvers write with: every line carries the request's id (`reqId`, the id
 * of its request log line). Pino's child logger costs ~5 us to make, and most requests never write a
 * line of their own, so it is made on the first line, not with every request's context.
 * @example
 * const log = new RequestLog(rootLog, () => requestState(request).id);
 * log.info({ userId }, 'login'); // {"level":"info",...,"reqId":"...","userId":"...","msg":"login"}
 */
import type { Logger } from 'pino';

/** A line's fields and message, as pino takes them. */
type Line = [fields: Record<string, unknown>, message: string];

/** What resolvers may do with a request's log. */
export class RequestLog {
  #child: Logger | undefined;

  constructor(private readonly root: Logger, private readonly requestId: () => string) {}

  /** The child logger with the request id, made on first use. */
  private get child(): Logger {
    return (this.#child ??= this.root.child({ reqId: this.requestId() }));
  }

  debug(...[fields, message]: Line): void {
    this.child.debug(fields, message);
  }

  info(...[fields, message]: Line): void {
    this.child.info(fields, message);
  }

  warn(...[fields, message]: Line): void {
    this.child.warn(fields, message);
  }

  error(...[fields, message]: Line): void {
    this.child.error(fields, message);
  }
}
