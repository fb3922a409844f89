import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code is fetched on its first render (its own chunk, not in the initial JS);
 * it renders nothing until the chunk is there, then the component, without Suspense (whose reveal
 * throttling would hold the content back). Once loaded, later renders are immediate.
 * @example const Choice = lazyComponent(() => import('./ChoiceBlockView').then((m) => m.ChoiceBlockView));
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (loaded) return;
      let live = true;
      pending ??= load();
      pending.then((c) => { loaded = c; if (live) setComponent(() => c); }, (error: unknown) => live && setFailure({ error }));
      return () => { live = false; };
    }, []);
    if (failure) throw failure.error;
    return Component ? <Component {...props} /> : null;
  }
  return Lazy;
}
