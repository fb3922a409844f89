import { DialogBody, DialogContent, DialogTitle, makeStyles, mergeClasses, PortalMountNodeProvider, tokens } from '@fluentui/react-components';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';

const useStyles = makeStyles({
  // Fluent's DialogSurface look (tokens), on the native element: the browser centres it in the top layer.
  surface: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '600px',
    maxHeight: '100dvh',
    margin: 'auto',
    padding: '24px',
    border: `1px solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow64,
    // Focus lands on a control inside; the surface itself only takes focus when it has none.
    ':focus-visible': { outlineStyle: 'none' },
    '::backdrop': { backgroundColor: `var(--colorBackgroundOverlay, rgba(0, 0, 0, 0.4))` },
    '@media screen and (max-width: 480px)': { maxWidth: '100vw' },
  },
  // Full screen: the viewport less a small margin; the content (e.g. a frame) takes the height left.
  fullSurface: { width: 'calc(100vw - 16px)', maxWidth: 'none', height: 'calc(100dvh - 16px)', maxHeight: 'none', padding: '12px' },
  fullBody: { height: '100%', maxHeight: 'none', display: 'flex', flexDirection: 'column' },
  fullContent: { flexGrow: 1, display: 'flex', flexDirection: 'column', overflowY: 'auto', minHeight: 0, '& > div': { flexGrow: 1, alignItems: 'stretch' } },
});

/** What may take focus when the dialog opens (the first in document order wins; `[autofocus]` first). */
const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, summary, [tabindex]:not([tabindex="-1"])';

/** The controls of `dialog` that Tab reaches, in order (shown, not disabled, not taken out by `tabindex="-1"`). */
function tabbables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !el.closest('[inert]') && (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true })));
}

/** Whether `a` is the Tab stop of `b`: the element itself, or a radio button of the same group (one stop). */
function sameStop(a: Element | null, b: HTMLElement): boolean {
  const radio = (el: Element | null): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'radio' && el.name !== '';
  return a === b || (radio(a) && radio(b) && a.name === b.name);
}

/**
 * Tab from the last control goes to the first, Shift+Tab from the first (or the dialog) to the last: the
 * browser would otherwise let focus leave the page for its own toolbar, since everything behind is inert.
 */
function wrapTab(e: KeyboardEvent<HTMLDialogElement>): void {
  const items = tabbables(e.currentTarget);
  const active = document.activeElement;
  const first = items[0];
  const last = items[items.length - 1];
  if (!first) {
    e.preventDefault();
  } else if (e.shiftKey && (sameStop(active, first) || active === e.currentTarget)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && sameStop(active, last)) {
    e.preventDefault();
    first.focus();
  }
}

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  /** The dialog's title (its accessible name, an `h2`). */
  title: ReactNode;
  /** The content under the title. */
  children: ReactNode;
  /** Buttons under the content (Fluent `DialogActions`), if any. */
  actions?: ReactNode;
  /** An `alertdialog`: Escape and clicks on the backdrop do nothing; only its own controls close it. */
  alert?: boolean;
  /** The user dismissed it (Escape, a click on the backdrop); never called for an `alert`. */
  onDismiss?(): void;
  /** `fullscreen` fills the viewport less a small margin; default `normal` (at most 600px wide). */
  size?: 'normal' | 'fullscreen';
  /** Id of the element describing the dialog (`aria-describedby`). */
  describedBy?: string;
  /** `data-dialog` attribute (e.g. the block's id, for tests and styling). */
  name?: string;
}

/**
 * A modal dialog on the native `<dialog>` element opened with `showModal()`, shown while it is mounted
 * (render it only while open). The browser puts it in the top layer and makes the rest of the page inert
 * (nothing `aria-hidden`); Tab and Shift+Tab wrap around its controls; focus moves to its first control (`[autofocus]` first,
 * else the dialog itself) and returns to the element that had it when the dialog unmounts. Fluent popups
 * inside (drop-down lists, tooltips) are portalled into the dialog, since the page behind is inert.
 * @example
 * {open ? <ModalDialog title={t('x.title')} onDismiss={() => setOpen(false)}>...</ModalDialog> : null}
 */
export function ModalDialog({ title, children, actions, alert = false, onDismiss, size = 'normal', describedBy, name }: ModalDialogProps) {
  const styles = useStyles();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [mountNode, setMountNode] = useState<HTMLElement | undefined>(undefined);
  // The latest props for the native listeners and the unmount.
  const latest = useRef({ alert, onDismiss });
  latest.current = { alert, onDismiss };
  const closing = useRef(false);

  const dismiss = () => {
    if (!latest.current.alert) latest.current.onDismiss?.();
  };

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    closing.current = false;
    if (!dialog.open) dialog.showModal();
    setMountNode(dialog);
    const first = dialog.querySelector<HTMLElement>('[autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();
    return () => {
      closing.current = true;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.defaultPrevented) return;
    // Escape is handled here, not left to the browser's close request (which an alert could not always refuse).
    if (e.key === 'Escape') {
      e.preventDefault();
      dismiss();
    } else if (e.key === 'Tab') {
      wrapTab(e);
    }
  };
  // Other close requests (e.g. a phone's back gesture).
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    dismiss();
  };
  // Closed by the browser anyway: an alert opens again, another dialog counts as dismissed.
  const onClose = () => {
    const dialog = ref.current;
    if (closing.current || !dialog) return;
    if (latest.current.alert) dialog.showModal();
    else dismiss();
  };
  // A click on the backdrop lands on the dialog element outside its box.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target !== e.currentTarget || (e.clientX === 0 && e.clientY === 0)) return;
    const box = e.currentTarget.getBoundingClientRect();
    if (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom) dismiss();
  };

  const full = size === 'fullscreen';
  return (
    <dialog
      ref={ref}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-dialog={name}
      tabIndex={-1}
      className={mergeClasses(styles.surface, full && styles.fullSurface)}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onClick}
    >
      <PortalMountNodeProvider value={mountNode}>
        <DialogBody className={full ? styles.fullBody : undefined}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent className={full ? styles.fullContent : undefined}>{children}</DialogContent>
          {actions}
        </DialogBody>
      </PortalMountNodeProvider>
    </dialog>
  );
}
