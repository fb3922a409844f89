/**
 * Adds the queued Set-Cookie headers and the security headers every response carries.
 * @example createYoga({ plugins: [..., jsonErrorBodies(bodyFor), responseHeaders({ secure: true })] }) // after any plugin that replaces the response
 */
import type { Plugin } from 'graphql-yoga';
import { requestState } from './requestState';

/** Content-Security-Policy of the app's pages: no 'unsafe-eval'; inline styles for Fluent's griffel. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy([]);

/**
 * The policy with extra connect-src origins (e.g. the object store browsers upload to) and extra frame-src
 * origins (a real e-signature provider's signing page; the sandbox's is on the portal's own origin).
 */
export function contentSecurityPolicy(connectSources: string[], frameSources: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSources].join(' '),
    // Frames: the portal's own pages only (the e-signature dialog's signing page), plus a provider's declared origin.
    ["frame-src 'self'", ...frameSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers. Every response: nosniff, request id (and HSTS when secure). Documents (HTML)
 * also get the CSP, referrer and framing policies; JSON answers skip them (a browser never renders
 * them as a page) to keep the hot path's responses small.
 */
export function responseHeaders(options: { secure: boolean; connectSources?: string[]; frameSources?: string[] }): Plugin {
  const secure = options.secure;
  const policy = options.connectSources?.length || options.frameSources?.length ? contentSecurityPolicy(options.connectSources ?? [], options.frameSources ?? []) : CONTENT_SECURITY_POLICY;
  return { onResponse: ({ request, response }) => set(request, response) };

  function set(request: Request, response: Response): void {
    const state = requestState(request);
    const h = response.headers;
    const cookies = state.cookies;
    for (let i = 0; i < cookies.length; i++) h.append('set-cookie', cookies[i]);
    h.set('x-content-type-options', 'nosniff');
    h.set('x-request-id', state.id);
    if (secure) h.set('strict-transport-security', HSTS);
    const type = h.get('content-type');
    if (type !== null && type.startsWith('text/html')) {
      if (!h.has('content-security-policy')) h.set('content-security-policy', policy);
      h.set('referrer-policy', 'same-origin');
      h.set('x-frame-options', 'SAMEORIGIN');
    }
  }
}
