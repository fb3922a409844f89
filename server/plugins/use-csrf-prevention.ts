/**
 * CSRF prevention for the GraphQL endpoint. A POST must carry a JSON content type (not one a plain
 * HTML form or a "simple" cross-site fetch can send, so browsers preflight it and the server grants
 * no CORS), and when the browser states an Origin it must be this server's own host.
 * GET can only run queries (yoga refuses mutations over GET), which change nothing.
 */
import type { OnRequestPayload } from './use-router';

const JSON_TYPES = ['application/json', 'application/graphql-response+json'];

/** End the request with a 403 naming the reason (module level: no closure per request on the hot path). */
function refusal(hook: OnRequestPayload, reason: string): void {
  hook.endResponse(
    new hook.fetchAPI.Response(JSON.stringify({ errors: [{ message: reason, extensions: { code: 'CSRF_REFUSED' } }] }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

/** The media type of a Content-Type value, lower-cased, without parameters (`application/json` itself costs nothing). */
function mediaType(value: string | null): string {
  if (value === null) return '';
  if (value === 'application/json') return value;
  return value.split(';')[0].trim().toLowerCase();
}

/**
 * The check for one request to the GraphQL endpoint (the router runs it for that path only): refuses
 * cross-site or form-encoded writes with a 403.
 */
export function csrfCheck(hook: OnRequestPayload): void {
  const { request, url } = hook;
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  const type = mediaType(request.headers.get('content-type'));
  if (!JSON_TYPES.includes(type)) return refusal(hook, 'Requests must be sent as application/json.');
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') {
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      return refusal(hook, 'Invalid Origin header.');
    }
    const host = (request.headers.get('host') ?? url.host).toLowerCase();
    if (originHost !== host) return refusal(hook, 'Cross-origin requests are not accepted.');
  } else if (origin === 'null') {
    return refusal(hook, 'Cross-origin requests are not accepted.');
  }
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return refusal(hook, 'Cross-site requests are not accepted.');
}
