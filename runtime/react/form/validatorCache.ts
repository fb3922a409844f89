import type { ValidatorModule } from '../types';
import { usable } from '../usable';

/** Loads the validators named (a module holding at least those; one holding every validator will do). */
export type ValidatorLoader = (names: string[]) => Promise<ValidatorModule>;
const loaded = new WeakMap<ValidatorLoader, Map<string, Promise<ValidatorModule>>>();

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
    promise = usable(load([name]));
    promise.catch(() => byName.delete(name));
    byName.set(name, promise);
  }
  return promise;
}
