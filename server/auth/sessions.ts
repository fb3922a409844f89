/** Server-side sessions: a random id in an httpOnly SameSite=Lax cookie, its SHA-256 in `sessions`. */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { idleTouchMs, warningFor, type IdleRule, type SessionIdleState } from './sessionIdle';
import type { SessionUser } from './types';

/** Cookie name (with the `__Host-` prefix when cookies are Secure). */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-ff_session' : 'ff_session');
/** Session lifetime (however active); extended (sliding) when more than half has passed. Idle sessions end sooner (sessionIdle.ts). */
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
  /** When a request last started the idle clock. */
  last_seen_at: Date;
  /** The session's own idle time in seconds (set by the demo control only); null: the brand's rule. */
  idle_seconds: number | null;
}

/** A live session as settled: its user and its idle clock. */
export interface SettledSession {
  user: SessionUser;
  idle: SessionIdleState;
}

/**
 * Apply the lifetime rules to a session row just read: a session past its lifetime, or idle for its
 * idle time (`rule`, or the session's own `idle_seconds`), is deleted (null); one past half its lifetime
 * is extended (sliding); the idle clock restarts when its last start is older than {@link idleTouchMs}.
 */
export async function settleSession(db: Kysely<Database>, idHash: string, row: SessionRow, rule: IdleRule): Promise<SettledSession | null> {
  const now = Date.now();
  const expires = new Date(row.expires_at).getTime();
  const idleMs = row.idle_seconds !== null && row.idle_seconds > 0 ? row.idle_seconds * 1000 : rule.idleMs;
  let lastSeenAt = new Date(row.last_seen_at).getTime();
  if (expires <= now || now - lastSeenAt >= idleMs) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    return null;
  }
  const extend = expires - now < SESSION_TTL_MS / 2;
  if (extend || now - lastSeenAt >= idleTouchMs(idleMs)) {
    lastSeenAt = now;
    await db.updateTable('sessions').set({ last_seen_at: new Date(now), ...(extend ? { expires_at: new Date(now + SESSION_TTL_MS) } : {}) }).where('id_hash', '=', idHash).execute();
  }
  return {
    user: { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, brandId: row.brand_id, region: row.region },
    idle: { idleMs, warningMs: warningFor(rule, idleMs), lastSeenAt },
  };
}

/** Demo control: give one session its own idle time in seconds (null: the brand's rule again); true when there was one. */
export async function setSessionIdleSeconds(db: Kysely<Database>, idHash: string, seconds: number | null): Promise<boolean> {
  const set = await db.updateTable('sessions').set({ idle_seconds: seconds, last_seen_at: new Date() }).where('id_hash', '=', idHash).returning('id_hash').execute();
  return set.length > 0;
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
