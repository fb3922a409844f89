import { createContext, use, useContext, useEffect, useState, type ComponentType } from 'react';
import { RuntimeContext, type PreloadedLoads } from '../RuntimeContext';

/**
 * A component whose code is fetched on its first render (its own chunk, not in the initial JS);
 * it renders nothing until the chunk is there, then the component, without Suspense (whose reveal
 * throttling would hold the content back). Once loaded, later renders are immediate. While the runtime
 * is hydrating (a server render, the browser's first render of it) it suspends until the code is
 * there instead, so the server writes the component and the browser keeps that markup meanwhile; so it does
 * inside a `clientOnly` block ({@link SuspendForCode}), whose skeleton stays meanwhile.
 * @example const Choice = lazyComponent(() => import('./ChoiceBlockView').then((m) => m.ChoiceBlockView));
 */
/**
 * True inside a `clientOnly` block's content (blocks/BlockList.tsx): code still loading suspends there, so the
 * block's Suspense boundary keeps its skeleton until all of it is there (no piece appearing after the rest).
 */
export const SuspendForCode = createContext(false);

/** Whether code still loading suspends here: while hydrating (the server's markup stays) and inside a `clientOnly` block. */
export function useSuspendsForCode(): boolean {
  const hydrating = useContext(RuntimeContext)?.hydrating === true;
  return useContext(SuspendForCode) || hydrating;
}

/** `promise`, noted in `preloaded.waiting` unless it has settled (React's `status` on a promise `use` read; a server pass renders again once it settled). */
export function waitFor<T>(preloaded: PreloadedLoads | undefined, promise: Promise<T>): Promise<T> {
  const status = (promise as { status?: string }).status;
  if (status !== 'fulfilled' && status !== 'rejected') preloaded?.waiting?.add(promise);
  return promise;
}

/** A {@link lazyComponent}: `preload()` fetches its code ahead of its first render (idempotent). */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () => (pending ??= load().then((c) => (loaded = c)));
  function Lazy(props: P) {
    const rt = useContext(RuntimeContext);
    const suspends = useSuspendsForCode();
    const [shown, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (loaded) {
        if (!shown) setComponent(() => loaded);
        return;
      }
      let live = true;
      start().then((c) => { if (live) setComponent(() => c); }, (error: unknown) => live && setFailure({ error }));
      return () => { live = false; };
    }, []);
    if (failure) throw failure.error;
    const Component = shown ?? loaded ?? (suspends ? use(waitFor(rt?.preloaded, start())) : undefined);
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(Lazy, { preload: start });
}
