/**
 * The portal's browser entry: a few hundred bytes that load the app (app/start.tsx, with its chunks preloaded
 * together). On a page the server rendered (its hydration data is in the page) the app is asked for once the
 * server's screen has been painted: the visitor already sees it, and on a slow connection its text and
 * images come before the code that makes it interactive (a phone's first visit: largest contentful paint).
 * A page the browser draws itself, and a server's page whose content waits for the app (a `clientOnly` block's
 * skeleton: content from the browser's storage), load the app at once.
 */
import { HYDRATION_ID } from '../runtime/core/serverRender';

/** After the next paint (a frame, then a task after it); a tab in the background paints no frame: at most 100 ms. */
const afterPaint = () => new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
});

if (document.getElementById(HYDRATION_ID) && !document.querySelector('[data-skeleton]')) await afterPaint();
await import('./start');
