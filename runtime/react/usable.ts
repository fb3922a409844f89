/**
 * `promise`, marked as React's `use` marks a promise it has read once it settles (`status`, and `value` or
 * `reason`): a render that reads it after that returns at once instead of suspending for a tick.
 * @example use(usable(load()))
 */
export function usable<T>(promise: Promise<T>): Promise<T> {
  // Handlers return nothing: returning the promise itself would make the derived one adopt its rejection, unhandled.
  promise.then(
    (value) => { Object.assign(promise, { status: 'fulfilled', value }); },
    (reason: unknown) => { Object.assign(promise, { status: 'rejected', reason }); },
  );
  return promise;
}
