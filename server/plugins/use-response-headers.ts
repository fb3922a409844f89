/** Adds queued Set-Cookie headers and the security headers every response carries. */
import type { Plugin } from 'graphql-yoga';
import { requestState } from './requestState';

/** Content-Security-Policy of the app's pages: no 'unsafe-eval'; inline styles for Fluent's griffel. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Security headers. Every response: nosniff, request id (and HSTS when secure). Documents (HTML)
 * also get the CSP, referrer and framing policies; JSON answers skip them (a browser never renders
 * them as a page) to keep the hot path's responses small.
 */
export function useResponseHeaders(options: { secure: boolean }): Plugin {
  return {
    onResponse({ request, response }) {
      const state = requestState(request);
      const h = response.headers;
      for (const cookie of state.cookies) h.append('set-cookie', cookie);
      h.set('x-content-type-options', 'nosniff');
      h.set('x-request-id', state.id);
      if (options.secure) h.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
      if ((h.get('content-type') ?? '').startsWith('text/html')) {
        if (!h.has('content-security-policy')) h.set('content-security-policy', CONTENT_SECURITY_POLICY);
        h.set('referrer-policy', 'same-origin');
        h.set('x-frame-options', 'SAMEORIGIN');
      }
    },
  };
}
