import type { ValidatorModule } from '../types';

type Loader = () => Promise<ValidatorModule>;
/** A promise React's `use` reads without suspending once it has settled (its `status` convention). */
type Tracked = Promise<ValidatorModule> & { status?: 'fulfilled' | 'rejected'; value?: ValidatorModule; reason?: unknown };
const modules = new WeakMap<Loader, Tracked>();

/**
 * The validators module of a loader, loaded once (started early, in parallel with the form chunk).
 * The promise records its outcome so `use()` returns at once after it settled instead of suspending.
 */
export function validatorsOf(load: Loader): Promise<ValidatorModule> {
  let promise = modules.get(load);
  if (!promise) {
    const tracked: Tracked = load();
    tracked.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
    );
    modules.set(load, (promise = tracked));
  }
  return promise;
}
