/**
 * One structured log line per request (method, path, status, duration, request id, operation name),
 * written when the response is ready; health probes at debug level.
 * @example createYoga({ plugins: [requestLog(log), ...] }) // first: the duration covers every other plugin
 */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../log';
import { HEALTH_PATHS } from './healthChecks';
import { requestState } from './requestState';
import { pathOf } from './route';

/** Longest operation name a log line repeats. */
const MAX_OPERATION_CHARS = 100;

/** The plugin. */
export function requestLog(log: Logger): Plugin {
  return {
    // The arrival time (and the request id, requestState.ts).
    onRequest({ request }) {
      requestState(request).start = performance.now();
    },
    // The operation name as the client sent it (when a string; cut to 100 characters), before any check may refuse it.
    onParams({ request, params }) {
      const name = params.operationName;
      if (typeof name === 'string' && name) requestState(request).operation = name.length > MAX_OPERATION_CHARS ? name.slice(0, MAX_OPERATION_CHARS) : name;
    },
    onResponse({ request, response }) {
      const state = requestState(request);
      const path = pathOf(request.url);
      const fields: Record<string, unknown> = { reqId: state.id, method: request.method, path, status: response.status, ms: Math.round((performance.now() - state.start) * 10) / 10 };
      if (state.operation) fields.operation = state.operation;
      if (HEALTH_PATHS.includes(path)) log.debug(fields, 'request');
      else log.info(fields, 'request');
    },
  };
}
