import { startTransition } from 'react';

/** Whether the browser is dispatching a visitor's input right now: a click, a key, typing, a drag, a submit. */
function duringInput(): boolean {
  const event = typeof window === 'undefined' ? undefined : window.event;
  if (!event) return false;
  return (typeof UIEvent !== 'undefined' && event instanceof UIEvent) || event.type === 'input' || event.type === 'change' || event.type === 'submit';
}

/**
 * Runs `update` (React state setters of the runtime's screen: page state, loads, a chain's busy flag and
 * errors) at the priority its cause deserves. During a visitor's input it draws at once, as React draws that
 * event's own updates, so a control shows its new value without a flicker. Anything else (a step's `enter`,
 * an answer arriving, the first render after hydration) draws as a transition, which yields to the browser
 * every few milliseconds instead of blocking it for the whole screen (a phone's long task). React's scheduler
 * runs in `message` events, which are not input.
 */
export function updateScreen(update: () => void): void {
  if (duringInput()) update();
  else startTransition(update);
}
