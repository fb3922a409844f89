/** Submit-type mutations answer a replay with their first answer (server/enforce/idempotent.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotent } from '../../../server/enforce';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, type Harness } from './harness';

describe.each(DATABASES)('idempotent submits on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  }, 120_000);
  afterAll(async () => h?.close());

  it('runs once per key, replays the stored answer, and lets a failed run be retried', async () => {
    let runs = 0;
    const submit = () => idempotent(h.database.db, 'test-submit', FIXTURE.apps.shared, FIXTURE.users.primary.id, async () => ({ run: ++runs }));
    const [a, b] = await Promise.all([submit(), submit()]);
    expect(a).toEqual(b);
    expect(await submit()).toEqual(a);
    await expect(idempotent(h.database.db, 'test-submit', 'failing', null, async () => Promise.reject(new Error('bureau down')))).rejects.toThrow('bureau down');
    expect(await idempotent(h.database.db, 'test-submit', 'failing', null, async () => 'second try')).toBe('second try');
  });
});
