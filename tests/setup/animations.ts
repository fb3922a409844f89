/**
 * happy-dom's `Animation.cancel()` rejects the animation's `finished` promise unhandled, so a Fluent
 * dialog or expander unmounted mid-animation fails the run with "AbortError: The animation was
 * canceled" in whichever test happens to be running. The Web Animations spec marks that rejection as
 * handled (cancel(): "set the current finished promise's [[PromiseIsHandled]] to true"), as browsers
 * do; this does the same. Node-environment test files have no `Animation` and are left as they are.
 */
const animation = (globalThis as { Animation?: { prototype: Animation } }).Animation;
if (animation) {
  const cancel = animation.prototype.cancel;
  animation.prototype.cancel = function cancelHandled(this: Animation) {
    this.finished.catch(() => undefined);
    cancel.call(this);
  };
}
