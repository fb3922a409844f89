/**
 * The token a server-rendered page's posting forms carry (`settings.serverRender.posts`): the host and the time it
 * was issued, signed with the server's secret. Pages are shared between visitors (the server keeps rendered pages
 * for a minute), so it is not a visitor's secret: it proves the form came from this server's page for this host
 * within its lifetime, beside the Origin check (server/http/formPosts.ts), which is what keeps other sites out.
 * @example
 * const token = issueFormToken(secret, 'au.localhost');
 * formTokenValid(secret, 'au.localhost', token); // true for FORM_TOKEN_LIFETIME_MS
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a page's form token is accepted: a person may leave a page open a while before sending it. */
export const FORM_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

const signature = (secret: string, host: string, issued: string): Buffer =>
  createHmac('sha256', secret).update(`form-token\n${host.toLowerCase()}\n${issued}`).digest();

/** A token for forms of `host`'s pages, issued `now`. */
export function issueFormToken(secret: string, host: string, now = Date.now()): string {
  const issued = String(Math.floor(now / 1000));
  return `${issued}.${signature(secret, host, issued).toString('base64url')}`;
}

/** Whether `token` was issued by this server for `host` and is still within its lifetime. */
export function formTokenValid(secret: string, host: string, token: string | null | undefined, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const age = now - Number(match[1]) * 1000;
  if (age < -60_000 || age > FORM_TOKEN_LIFETIME_MS) return false;
  return timingSafeEqual(Buffer.from(match[2], 'base64url'), signature(secret, host, match[1]));
}
