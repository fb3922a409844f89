import { useEffect, useState } from 'react';
import type { PageStateStore } from './pageStateStore';
import { updateScreen } from './updateScreen';

/**
 * The page state's version, for a screen that draws from it: each write draws at its cause's priority
 * (updateScreen: at once during input, else as a transition). useSyncExternalStore would draw every write
 * in one blocking render.
 */
export function usePageStateVersion(store: PageStateStore): number {
  const [version, setVersion] = useState(store.version);
  useEffect(() => {
    const update = () => {
      const next = store.version;
      updateScreen(() => setVersion(next));
    };
    const unsubscribe = store.subscribe(update);
    // A write between the render and this subscription.
    if (store.version !== version) update();
    return unsubscribe;
    // Subscribed once per store: `version` above is the first render's, to catch a write before subscribing.
  }, [store]);
  return version;
}
