/** Server-side sessions: a random id in an httpOnly SameSite=Lax cookie, its SHA-256 in `sessions`. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { SessionUser } from './types';

/** Cookie name (with the `__Host-` prefix when cookies are Secure). */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-ff_session' : 'ff_session');
/** Session lifetime; extended (sliding) when more than half has passed. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** hex SHA-256 of a token. */
export const sha256 = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The Set-Cookie header value for a session id (or for clearing it when `id` is null). */
export function sessionCookie(id: string | null, secure: boolean): string {
  const parts = [`${sessionCookieName(secure)}=${id ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  parts.push(id ? `Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}` : 'Max-Age=0');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Read one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Create a session for a user; returns the raw id to put in the cookie. */
export async function createSession(db: Kysely<Database>, userId: string, brandId: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ id_hash: sha256(id), user_id: userId, brand_id: brandId, expires_at: new Date(Date.now() + SESSION_TTL_MS) })
    .execute();
  return id;
}

/** SHA-256 of a well-formed session id from a cookie, or null for anything else (never queried). */
export const sessionIdHash = (id: string): string | null => (/^[A-Za-z0-9_-]{20,100}$/.test(id) ? sha256(id) : null);

/** A session row as read: the user's columns and the expiry. */
export interface SessionRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  brand_id: string;
  region: string;
  expires_at: Date;
}

/**
 * Apply the lifetime rules to a session row just read: an expired session is deleted (null); one past
 * half its lifetime is extended (sliding). Answers the signed-in user.
 */
export async function settleSession(db: Kysely<Database>, idHash: string, row: SessionRow): Promise<SessionUser | null> {
  const now = Date.now();
  const expires = new Date(row.expires_at).getTime();
  if (expires <= now) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  if (expires - now < SESSION_TTL_MS / 2) {
    await db.updateTable('sessions').set({ expires_at: new Date(now + SESSION_TTL_MS), last_seen_at: new Date(now) }).where('id_hash', '=', idHash).execute();
  }
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, brandId: row.brand_id, region: row.region };
}

/** Invalidate one session on the server; true when there was one. */
export async function destroySession(db: Kysely<Database>, idHash: string): Promise<boolean> {
  const ended = await db.deleteFrom('sessions').where('id_hash', '=', idHash).returning('id_hash').execute();
  return ended.length > 0;
}

/** Invalidate every session of a user (after a password change). */
export async function destroyUserSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
