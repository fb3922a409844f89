/** One structured log line per request: method, path, status, duration, request id. */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../log';
import { requestState } from './requestState';

/** The path of an absolute URL without building a URL object (hot path). */
const pathOf = (url: string): string => {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
};

/** Log every request except health probes (logged at debug). */
export function useRequestLog(log: Logger): Plugin {
  return {
    onRequest({ request }) {
      requestState(request).start = performance.now();
    },
    onResponse({ request, response }) {
      const state = requestState(request);
      const path = pathOf(request.url);
      // A plain literal (no conditional spread): it stays a fast object for JSON.stringify.
      const fields: Record<string, unknown> = { reqId: state.id, method: request.method, path, status: response.status, ms: Math.round((performance.now() - state.start) * 10) / 10 };
      if (state.operation) fields.operation = state.operation;
      if (path === '/healthz' || path === '/readyz') log.debug('request', fields);
      else log.info('request', fields);
    },
    // onParams (not onExecute: an execute hook makes envelop wrap every execution).
    onParams({ params, request }) {
      if (params.operationName) requestState(request).operation = params.operationName;
    },
  };
}
