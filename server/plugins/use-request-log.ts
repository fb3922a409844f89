/** One structured log line per request: method, path, status, duration, request id. */
import { logRequest, type Logger } from '../log';
import { requestState } from './requestState';

/** The path of an absolute URL without building a URL object (hot path). */
const pathOf = (url: string): string => {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
};

/**
 * The request's line, at the end of the request (health probes at debug). The line is queued and
 * formatted with its batch (see logRequest), so the request pays for one small record.
 */
export function logRequestLine(log: Logger, request: Request, response: Response): void {
  const state = requestState(request);
  const path = pathOf(request.url);
  logRequest(log, path === '/healthz' || path === '/readyz' ? 'debug' : 'info', {
    reqId: state.id, method: request.method, path, status: response.status, ms: Math.round((performance.now() - state.start) * 10) / 10, operation: state.operation,
  });
}

/** Longest operation name a log line repeats. */
const MAX_OPERATION_CHARS = 100;

/** Note the operation name for the request's line (as the client sent it, when a string; cut to 100 characters). */
export function noteOperation(request: Request, params: { operationName?: unknown }): void {
  const name = params.operationName;
  if (typeof name === 'string' && name) requestState(request).operation = name.length > MAX_OPERATION_CHARS ? name.slice(0, MAX_OPERATION_CHARS) : name;
}
