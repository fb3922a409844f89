import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useRuntime } from '../RuntimeContext';

/**
 * For a text control of a server-rendered page (a block's or a widget's own input): what a person typed into it, or
 * the browser filled, before the app took the page over is given to `take` (as if typed: the control's own change
 * path) once the step has mounted and raised its `enter`. Read as the app takes the page over, before a render sets the control to the
 * state; left alone when the control holds what was rendered (its `defaultValue`).
 * @example usePageValue(inputRef, (text) => write(path, { query: text }));
 */
export function usePageValue(ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, take: (value: string) => void): void {
  const { hydrating } = useRuntime();
  const fromServer = useRef(hydrating);
  const found = useRef<string>(undefined);
  useLayoutEffect(() => {
    if (!fromServer.current) return;
    fromServer.current = false;
    const control = ref.current;
    if (control && control.value !== control.defaultValue) found.current = control.value;
  });
  const takeRef = useRef(take);
  takeRef.current = take;
  useEffect(() => {
    const value = found.current;
    found.current = undefined;
    // After the step's `enter` (raised by the screen's own effect, which runs after this one), which may reset state.
    if (value !== undefined) queueMicrotask(() => takeRef.current(value));
  });
}
