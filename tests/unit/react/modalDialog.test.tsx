// @vitest-environment happy-dom
/**
 * The runtime's modal dialog (runtime/react/dialog): a native <dialog> shown with showModal() while
 * mounted, focus moved into it and back to the opener when it unmounts; Escape and a backdrop click
 * dismiss it; an alert (alertdialog) refuses both; the browser closing an alert opens it again.
 */
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { ModalDialog } from '../../../runtime/react/dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Texts of the test page (not product texts). */
const TEXT = { open: 'Open', body: 'Body', first: 'First', last: 'Last' };

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** A page with an opener button and the dialog shown while `open`; `onDismiss` spied. */
function mount(alert: boolean) {
  const onDismiss = vi.fn();
  let setOpen: (open: boolean) => void = () => undefined;
  function Page() {
    const [open, set] = useState(false);
    setOpen = set;
    return (
      <>
        <button type="button" id="opener">{TEXT.open}</button>
        {open ? (
          <ModalDialog title="Title" alert={alert} onDismiss={() => { onDismiss(); set(false); }} name="test">
            <p>{TEXT.body}</p>
            <button type="button" id="first">{TEXT.first}</button>
            <button type="button" id="last">{TEXT.last}</button>
          </ModalDialog>
        ) : null}
      </>
    );
  }
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<Page />));
  cleanup = () => { act(() => root.unmount()); host.remove(); };
  const dialog = () => document.querySelector<HTMLDialogElement>('dialog[data-dialog="test"]');
  const open = () => {
    document.getElementById('opener')!.focus();
    act(() => setOpen(true));
  };
  const key = (k: string) => act(() => { document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })); });
  return { dialog, open, close: () => act(() => setOpen(false)), key, onDismiss };
}

it('opens modal with focus on its first control, named by its title; Escape dismisses and focus returns to the opener', () => {
  const page = mount(false);
  expect(page.dialog()).toBeNull();
  page.open();
  const dialog = page.dialog()!;
  expect(dialog.open).toBe(true);
  expect(dialog.getAttribute('role')).toBeNull();
  expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Title');
  expect(document.activeElement?.id).toBe('first');
  page.key('Escape');
  expect(page.onDismiss).toHaveBeenCalledTimes(1);
  expect(page.dialog()).toBeNull();
  expect(document.activeElement?.id).toBe('opener');
});

it('Tab from the last control goes to the first, Shift+Tab from the first (or the dialog) to the last', () => {
  const page = mount(false);
  page.open();
  const shiftTab = (target: Element) => act(() => { target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true })); });
  act(() => document.getElementById('last')!.focus());
  page.key('Tab');
  expect(document.activeElement?.id).toBe('first');
  shiftTab(document.activeElement!);
  expect(document.activeElement?.id).toBe('last');
  act(() => page.dialog()!.focus());
  shiftTab(page.dialog()!);
  expect(document.activeElement?.id).toBe('last');
});

it('a click on the backdrop (outside the dialog box) dismisses; a click inside does not', () => {
  const page = mount(false);
  page.open();
  const dialog = page.dialog()!;
  dialog.getBoundingClientRect = () => ({ left: 100, right: 300, top: 100, bottom: 300, width: 200, height: 200, x: 100, y: 100, toJSON: () => ({}) });
  act(() => { dialog.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 150, clientY: 150 })); });
  expect(page.onDismiss).not.toHaveBeenCalled();
  act(() => { dialog.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 20, clientY: 20 })); });
  expect(page.onDismiss).toHaveBeenCalledTimes(1);
  expect(page.dialog()).toBeNull();
});

it('an alert ignores Escape, cancel and backdrop clicks, opens again when the browser closes it, and returns focus when closed', () => {
  const page = mount(true);
  page.open();
  const dialog = page.dialog()!;
  expect(dialog.getAttribute('role')).toBe('alertdialog');
  page.key('Escape');
  act(() => { dialog.dispatchEvent(new Event('cancel', { cancelable: true })); });
  act(() => { dialog.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 1, clientY: 1 })); });
  expect(page.onDismiss).not.toHaveBeenCalled();
  act(() => dialog.close());
  expect(page.dialog()?.open).toBe(true);
  page.close();
  expect(page.dialog()).toBeNull();
  expect(document.activeElement?.id).toBe('opener');
});
