/**
 * Session idle timeout on the real server (spec 002 s7; settings.session of messages/session.yaml): a
 * session ends after its idle time without a request (deleted, the caller anonymous); a request restarts
 * the idle clock (written when older than the touch interval, not on every request); `sessionIdle` answers
 * the clock (the browser's warning and keep-alive); the demo control gives one session seconds, and that
 * session ends by itself in real time. A user with no application lands on the no-application screen.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { idleRule, idleTouchMs, NO_APPLICATION_PATH, SESSION_TTL_MS, sha256 } from '../../../server/auth';
import { MAX_DEMO_IDLE_SECONDS } from '../../../server/auth/devSessionIdle';
import { DATABASES, definitions, startServer, useHarness } from './harness';

const IDLE = 'query { sessionIdle { idleSeconds warningSeconds remainingSeconds } }';
const SESSION = 'query { session { user { email } redirectTo } }';
type Idle = { idleSeconds: number; warningSeconds: number; remainingSeconds: number } | null;

describe.each(DATABASES)('session idle timeout on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  const rule = idleRule(definitions().layers({ region: 'au', brand: 'acme-au' }).settings);
  const hashOf = (cookie: string) => sha256(cookie.split('=')[1]);
  const lastSeen = async (cookie: string) => (await s.database.db.selectFrom('sessions').select('last_seen_at').where('id_hash', '=', hashOf(cookie)).executeTakeFirst())?.last_seen_at;
  /** Moves the session's idle clock `ms` into the past (as if no request came for that long). */
  const idleFor = (cookie: string, ms: number) =>
    s.database.db.updateTable('sessions').set({ last_seen_at: sql<Date>`now() - ${`${ms} milliseconds`}::interval` }).where('id_hash', '=', hashOf(cookie)).execute();
  const idleOf = async (cookie: string) => (await s.gql(IDLE, {}, { cookie })).body.data?.sessionIdle as Idle;

  it('takes its rule from the definitions and answers it to the signed-in session only', async () => {
    const session = (definitions().layers({ region: 'au', brand: 'acme-au' }).settings.session as { idleMinutes: number; warningSeconds: number });
    expect(rule).toEqual({ idleMs: session.idleMinutes * 60_000, warningMs: session.warningSeconds * 1000 });
    expect((await s.gql(IDLE)).body.data?.sessionIdle).toBeNull();
    const cookie = await s.login('primary.finished.au@demo.example');
    const idle = await idleOf(cookie);
    expect(idle).toMatchObject({ idleSeconds: session.idleMinutes * 60, warningSeconds: session.warningSeconds });
    expect(idle!.remainingSeconds).toBeGreaterThan(session.idleMinutes * 60 - 5);
  });

  it('ends a session idle for its idle time: deleted, the next request anonymous', async () => {
    const cookie = await s.login('primary.finished.au@demo.example');
    await idleFor(cookie, rule.idleMs - 60_000);
    expect(((await s.gql(SESSION, {}, { cookie })).body.data?.session as { user: { email: string } }).user.email).toBe('primary.finished.au@demo.example');
    await idleFor(cookie, rule.idleMs + 1_000);
    expect((await s.gql(SESSION, {}, { cookie })).body.data?.session).toBeNull();
    expect(await lastSeen(cookie)).toBeUndefined();
    expect((await s.gql('query { getVehicleApplication { applicationId } }', {}, { cookie })).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('restarts the idle clock on a request once it is older than the touch interval (one write, not one per request)', async () => {
    const cookie = await s.login('primary.finished.au@demo.example');
    const touch = idleTouchMs(rule.idleMs);
    await idleFor(cookie, touch / 2);
    const before = (await lastSeen(cookie))!.getTime();
    await s.gql(SESSION, {}, { cookie });
    expect((await lastSeen(cookie))!.getTime()).toBe(before);
    await idleFor(cookie, touch + 1_000);
    const idle = await idleOf(cookie);
    expect(Date.now() - (await lastSeen(cookie))!.getTime()).toBeLessThan(5_000);
    expect(idle!.remainingSeconds).toBeGreaterThan(rule.idleMs / 1000 - 5);
  });

  it('demo control: one session gets seconds (warning at most half), ends by itself; bad values and no session refused', async () => {
    const cookie = await s.login('primary.finished.au@demo.example');
    const other = await s.login('primary.finished.au@demo.example');
    const post = (body: unknown, withCookie = true) => s.request('/dev/session-idle', { method: 'POST', headers: { 'content-type': 'application/json', ...(withCookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    expect((await post({ idleSeconds: 2 })).status).toBe(400);
    expect((await post({ idleSeconds: 'x' })).status).toBe(400);
    expect((await post({ idleSeconds: 4 }, false)).status).toBe(404);
    expect((await post({ idleSeconds: 4 })).status).toBe(200);
    expect(await idleOf(cookie)).toMatchObject({ idleSeconds: 4, warningSeconds: 2 });
    // Other sessions keep the brand's rule.
    expect(await idleOf(other)).toMatchObject({ idleSeconds: rule.idleMs / 1000 });
    await new Promise((r) => setTimeout(r, 4_300));
    expect((await s.gql(SESSION, {}, { cookie })).body.data?.session).toBeNull();
    expect((await s.gql(SESSION, {}, { cookie: other })).body.data?.session).not.toBeNull();
  }, 20_000);

  it('demo control: bounds idleSeconds to a session\'s lifetime (400 with the bounds, never 500)', async () => {
    const cookie = await s.login('primary.finished.au@demo.example');
    const post = (body: unknown) => s.request('/dev/session-idle', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    for (const idleSeconds of [1e12, MAX_DEMO_IDLE_SECONDS + 1, 2 ** 31, -5, 4.5]) {
      const r = await post({ idleSeconds });
      expect(r.status, String(idleSeconds)).toBe(400);
      expect(((await r.json()) as { error: string }).error).toBe(`idleSeconds must be an integer from 4 to ${MAX_DEMO_IDLE_SECONDS} (a session's lifetime), or null`);
    }
    expect(MAX_DEMO_IDLE_SECONDS).toBe(SESSION_TTL_MS / 1000);
    expect((await post({ idleSeconds: MAX_DEMO_IDLE_SECONDS })).status).toBe(200);
    expect(await idleOf(cookie)).toMatchObject({ idleSeconds: MAX_DEMO_IDLE_SECONDS });
    expect((await post({ idleSeconds: null })).status).toBe(200);
  });

  it('lands a signed-in user with no application on the no-application screen', async () => {
    const r = await s.gql('mutation { login(email: "noapplication.au@demo.example", password: "Fleetform-Demo-1") { success redirectTo } }');
    expect(r.body.data?.login).toEqual({ success: true, redirectTo: NO_APPLICATION_PATH });
    expect(NO_APPLICATION_PATH).toBe(definitions().defs.flows.account.steps.noApplication.route);
  });
});
