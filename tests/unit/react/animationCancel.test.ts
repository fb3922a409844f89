// @vitest-environment happy-dom
/**
 * tests/setup/animations.ts: an animation cancelled mid-way (a Fluent dialog unmounted while it opens)
 * rejects its `finished` promise as handled, as the Web Animations spec says. Without the setup, vitest
 * reports this file's cancel as an unhandled AbortError and the run fails.
 */
import { expect, it } from 'vitest';

it('a cancelled animation rejects finished with AbortError, handled', async () => {
  const element = document.createElement('div');
  document.body.append(element);
  const animation = element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 1000 });
  animation.cancel();
  // a turn of the event loop: an unhandled rejection would be reported by now
  await new Promise((done) => setTimeout(done, 50));
  await expect(animation.finished).rejects.toThrow('The animation was canceled.');
});
