/** Submit-type mutations answer a replay with their first answer (server/enforce/idempotent.ts). */
import { describe, expect, it } from 'vitest';
import { idempotent } from '../../../server/enforce';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, useHarness } from './harness';

describe.each(DATABASES)('idempotent submits on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));

  it('runs once per key, replays the stored answer, and lets a failed run be retried', async () => {
    let runs = 0;
    const submit = () => idempotent(h.database.db, 'test-submit', FIXTURE.apps.shared, FIXTURE.users.primary.id, async () => ({ run: ++runs }));
    // Concurrently too: the key is claimed before the work, so the work runs once and everyone gets its answer.
    const [a, b, c] = await Promise.all([submit(), submit(), submit()]);
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    expect(await submit()).toEqual(a);
    expect(runs).toBe(1);
    await expect(idempotent(h.database.db, 'test-submit', 'failing', null, async () => Promise.reject(new Error('bureau down')))).rejects.toThrow('bureau down');
    expect(await idempotent(h.database.db, 'test-submit', 'failing', null, async () => 'second try')).toBe('second try');
    // A request waiting on a run that fails claims the key itself and runs. The failing run holds the key before the
    // other asks (its work has begun) and fails after: started side by side, either could claim first.
    let began = (): void => undefined;
    let fail = (_error: Error): void => undefined;
    const holding = new Promise<void>((resolve) => { began = resolve; });
    const failing = idempotent(h.database.db, 'test-submit', 'waited', null, () => new Promise<string>((_resolve, reject) => { fail = reject; began(); }));
    await holding;
    const waiting = idempotent(h.database.db, 'test-submit', 'waited', null, async () => 'after the failure');
    fail(new Error('bureau down'));
    const [first, second] = await Promise.allSettled([failing, waiting]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: 'after the failure' });
  });
});
