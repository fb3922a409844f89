/**
 * The portal's browser entry: a few hundred bytes that load the app (app/start.tsx, with its chunks preloaded
 * together). On a page the server rendered (its hydration data is in the page) the app is asked for once the
 * server's screen has been painted: the visitor already sees it, and on a slow connection its text and
 * images come before the code that makes it interactive (a phone's first visit: largest contentful paint).
 * A page the browser draws itself, and a server's page whose content waits for the app (a `clientOnly` block's
 * skeleton: content from the browser's storage), load the app at once.
 */
import { HYDRATION_ID } from '../runtime/core/serverRender';

/**
 * Once the browser reports the page's first contentful paint (the server's screen is on the glass: its paint
 * timing entry comes after the frame is shown, where a timer after the next animation frame can run before it).
 * A tab in the background paints nothing, and a browser without paint timing gives no entry: at once, and at
 * most 500 ms after the call.
 */
const afterFirstPaint = () => new Promise<void>((resolve) => {
  if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    resolve();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length) done();
  });
  const done = () => {
    observer.disconnect();
    resolve();
  };
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(done, 500);
});

if (document.getElementById(HYDRATION_ID) && !document.querySelector('[data-skeleton]')) await afterFirstPaint();
await import('./start');
