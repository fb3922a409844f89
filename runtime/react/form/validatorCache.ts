import type { ValidatorModule } from '../types';

/** Loads the validators named (a module holding at least those; one holding every validator will do). */
export type ValidatorLoader = (names: string[]) => Promise<ValidatorModule>;
/** A promise React's `use` reads without suspending once it has settled (its `status` convention). */
type Tracked = Promise<ValidatorModule> & { status?: 'fulfilled' | 'rejected'; value?: ValidatorModule; reason?: unknown };
const loaded = new WeakMap<ValidatorLoader, Map<string, Tracked>>();

/**
 * The validator `name` of a loader (a module holding it), loaded once (started early, in parallel with the form
 * chunk; the app fetches each form's own). The promise records its outcome so `use()` returns at once after it
 * settled instead of suspending; a failed load is asked again next time.
 */
export function validatorsOf(load: ValidatorLoader, name: string): Promise<ValidatorModule> {
  let byName = loaded.get(load);
  if (!byName) loaded.set(load, (byName = new Map()));
  let promise = byName.get(name);
  if (!promise) {
    const tracked: Tracked = load([name]);
    tracked.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(tracked, { status: 'rejected', reason });
        byName.delete(name);
      },
    );
    byName.set(name, (promise = tracked));
  }
  return promise;
}
