/** A loader run once (its promise kept; asked again after a failure), and what it loaded once it has. */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** The loaded value, or undefined until the load has succeeded. */
  loaded(): T | undefined;
}

/**
 * `load` (a chunk's dynamic import) behind one shared promise: every caller gets the same one, a failed load is
 * forgotten so the next call tries again, and `loaded()` answers synchronously once it is there (a render that can
 * draw at once instead of waiting a tick).
 * @example export const loadFormView = loadOnce(() => import('../form/FormView').then((m) => m.default));
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  const run = () => (pending ??= load().then(
    (loaded) => (value = loaded),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  ));
  return Object.assign(run, { loaded: () => value });
}
