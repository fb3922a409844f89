/**
 * A 4xx answered without a body (yoga's 406 when no type the request accepts is served, a static
 * route's bare 400) gets a JSON error body, so every refusal says what was wrong.
 * @example jsonErrorBodies((status) => refusalBody(refuse('the request was refused', status)))
 */
import type { Plugin } from 'graphql-yoga';

/** The plugin: `bodyFor(status)` is the JSON text of the body. It replaces the response: register it before plugins that add headers. */
export function jsonErrorBodies(bodyFor: (status: number) => string): Plugin {
  return {
    onResponse({ response, setResponse, fetchAPI }) {
      if (response.status < 400 || response.status >= 500 || response.body !== null) return;
      const headers = new fetchAPI.Headers(response.headers);
      headers.set('content-type', 'application/json; charset=utf-8');
      setResponse(new fetchAPI.Response(bodyFor(response.status), { status: response.status, statusText: response.statusText, headers }));
    },
  };
}
