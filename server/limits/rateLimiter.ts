/**
 * Rate limits counted in the database, so every instance on one PostgreSQL sees the same counts.
 * Each rule keeps a sliding-window estimate over two fixed windows (the current window's hits plus
 * the previous window's, weighted by how much of it the sliding window still covers): one upsert a hit.
 * Keys are hashed: no e-mail or client address is stored in clear. `hit` counts every request, refused or not;
 * `take` counts an attempt before the work it limits and can give it back (sign-in failures, invitations).
 * @example
 * const verdict = await limiter.hit(rules.publicLead, { client: '203.0.113.7', email: 'a@b.example' });
 * if (!verdict.allowed) throw rateLimited(verdict);
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import type { LimitRule, LimitScope } from './limitSettings';

/** Who is counted: the client address and, for rules per e-mail, the target e-mail address. */
export interface LimitSubject {
  client: string;
  email?: string | null;
  /** The user's account id, for rules `per: user`. */
  user?: string | null;
}

/** The answer of a check: allowed, or refused by the first rule over its limit. */
export type LimitVerdict = { allowed: true } | { allowed: false; rule: LimitRule; retryAfterSeconds: number };

/** The answer of {@link RateLimiter.take}: the verdict and, when allowed, a way to give the counted hit back. */
export type LimitTicket = LimitVerdict & {
  /** Take the hit back (once; nothing after the first call, nothing for a refused ticket), e.g. an attempt that turned out not to count. */
  release(): Promise<void>;
};

/** Counts hits per rule and subject. `name` separates the counters of different actions. */
export interface RateLimiter {
  /** Count one hit on every rule; refused when any rule is now over its limit. */
  hit(name: string, rules: LimitRule[], subject: LimitSubject): Promise<LimitVerdict>;
  /**
   * Count one hit on every rule before the action it stands for, as one atomic increment per rule, so parallel
   * requests each see the others' hits (N at once count N): allowed while every rule is within its limit; a
   * refused hit is taken back at once (a refused attempt counts nothing, as a {@link check} would have it). The
   * caller releases an allowed hit when the action turns out not to count (a sign-in that succeeded, an
   * invitation that sent nothing).
   */
  take(name: string, rules: LimitRule[], subject: LimitSubject): Promise<LimitTicket>;
  /** Whether one more hit would go over any rule's limit, without counting. */
  check(name: string, rules: LimitRule[], subject: LimitSubject): Promise<LimitVerdict>;
  /** Forget the counters of the rules counted `per` this scope (e.g. a client's failures for one e-mail after it signs in). */
  clear(name: string, rules: LimitRule[], subject: LimitSubject, per: LimitScope): Promise<void>;
}

/** Hits between two sweeps of expired rows (per instance). */
const SWEEP_EVERY = 500;

interface Counter {
  window_start: string | number;
  hits: number;
  prev_hits: number;
}

/** The subject a rule counts, or null when the rule needs an e-mail (or a user) the request does not name. */
function subjectOf(rule: LimitRule, subject: LimitSubject): string | null {
  const email = subject.email?.trim().toLowerCase() || null;
  if (rule.per === 'client') return `c:${subject.client}`;
  if (rule.per === 'user') return subject.user ? `u:${subject.user}` : null;
  if (!email) return null;
  return rule.per === 'email' ? `e:${email}` : `c:${subject.client}|e:${email}`;
}

const keyOf = (name: string, index: number, rule: LimitRule, who: string) =>
  createHash('sha256').update(`${name}|${index}|${rule.per}|${rule.windowSeconds}|${who}`).digest('hex');

/**
 * The sliding-window estimate of a counter at `now` for windows of `windowMs`, rounded up: part of a hit counts
 * as one, so a subject at its limit as a window ends stays refused (30 hits x 0.999 would be under a limit of 30).
 */
function estimate(counter: Counter | undefined, now: number, windowMs: number): number {
  if (!counter) return 0;
  const current = Math.floor(now / windowMs) * windowMs;
  const start = Number(counter.window_start);
  const overlap = 1 - (now - current) / windowMs;
  if (start === current) return counter.hits + Math.ceil(counter.prev_hits * overlap);
  if (start === current - windowMs) return Math.ceil(counter.hits * overlap);
  return 0;
}

/** Seconds until a rule's window moves on (a conservative wait for a refused subject). */
const retryAfter = (now: number, windowMs: number) => Math.max(1, Math.ceil((Math.floor(now / windowMs) * windowMs + windowMs - now) / 1000));

/** The limiter over the `rate_limits` table. `now` is for tests. */
export function createRateLimiter(db: Kysely<Database>, now: () => number = Date.now): RateLimiter {
  let hitsSinceSweep = 0;

  async function sweep(at: number): Promise<void> {
    hitsSinceSweep = 0;
    await db.deleteFrom('rate_limits').where('expires_at', '<', at).execute();
  }

  async function count(key: string, at: number, windowMs: number): Promise<Counter> {
    const start = Math.floor(at / windowMs) * windowMs;
    const { rows } = await sql<Counter>`insert into rate_limits as r (key_hash, window_start, hits, prev_hits, expires_at)
      values (${key}, ${start}, 1, 0, ${start + 2 * windowMs})
      on conflict (key_hash) do update set
        prev_hits = case when r.window_start = excluded.window_start then r.prev_hits
                         when r.window_start = excluded.window_start - ${windowMs} then r.hits
                         else 0 end,
        hits = case when r.window_start = excluded.window_start then r.hits + 1 else 1 end,
        window_start = excluded.window_start,
        expires_at = excluded.expires_at
      returning window_start, hits, prev_hits`.execute(db);
    return rows[0];
  }

  /** Take back one hit counted at `at`: from the window it was counted in, wherever that window now is. */
  async function uncount(key: string, at: number, windowMs: number): Promise<void> {
    const start = Math.floor(at / windowMs) * windowMs;
    await sql`update rate_limits set
        hits = case when window_start = ${start} then greatest(hits - 1, 0) else hits end,
        prev_hits = case when window_start = ${start + windowMs} then greatest(prev_hits - 1, 0) else prev_hits end
      where key_hash = ${key}`.execute(db);
  }

  function each(name: string, rules: LimitRule[], subject: LimitSubject): { rule: LimitRule; key: string; windowMs: number }[] {
    const out: { rule: LimitRule; key: string; windowMs: number }[] = [];
    rules.forEach((rule, i) => {
      const who = subjectOf(rule, subject);
      if (who !== null) out.push({ rule, key: keyOf(name, i, rule, who), windowMs: rule.windowSeconds * 1000 });
    });
    return out;
  }

  /** Refused when a rule is over its limit (`counted`: this hit included) or, before counting, at it. */
  function verdict(results: { rule: LimitRule; windowMs: number; counter: Counter | undefined }[], at: number, counted: boolean): LimitVerdict {
    for (const { rule, windowMs, counter } of results) {
      const n = estimate(counter, at, windowMs);
      if (counted ? n > rule.limit : n >= rule.limit) return { allowed: false, rule, retryAfterSeconds: retryAfter(at, windowMs) };
    }
    return { allowed: true };
  }

  return {
    async hit(name, rules, subject) {
      const at = now();
      const results = [];
      for (const k of each(name, rules, subject)) results.push({ ...k, counter: await count(k.key, at, k.windowMs) });
      if (++hitsSinceSweep >= SWEEP_EVERY) await sweep(at);
      return verdict(results, at, true);
    },
    async take(name, rules, subject) {
      const at = now();
      const keys = each(name, rules, subject);
      const results = [];
      for (const k of keys) results.push({ ...k, counter: await count(k.key, at, k.windowMs) });
      if (++hitsSinceSweep >= SWEEP_EVERY) await sweep(at);
      let counted = true;
      const release = async () => {
        if (!counted) return;
        counted = false;
        for (const k of keys) await uncount(k.key, at, k.windowMs);
      };
      const answer = verdict(results, at, true);
      if (!answer.allowed) await release();
      return { ...answer, release };
    },
    async check(name, rules, subject) {
      const at = now();
      const keys = each(name, rules, subject);
      if (!keys.length) return { allowed: true };
      const rows = await db.selectFrom('rate_limits').select(['key_hash', 'window_start', 'hits', 'prev_hits']).where('key_hash', 'in', keys.map((k) => k.key)).execute();
      const byKey = new Map(rows.map((r) => [r.key_hash, r as Counter]));
      return verdict(keys.map((k) => ({ ...k, counter: byKey.get(k.key) })), at, false);
    },
    async clear(name, rules, subject, per) {
      const keys = each(name, rules, subject).filter((k) => k.rule.per === per).map((k) => k.key);
      if (keys.length) await db.deleteFrom('rate_limits').where('key_hash', 'in', keys).execute();
    },
  };
}
