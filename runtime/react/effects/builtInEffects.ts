/**
 * The named effects the runtime provides itself (names and params: core's `BUILT_IN_EFFECTS`, which lint and
 * the meta-schema read): `download`, `wait`, `notifyParent`, `focus`. A product's own effects of the same name win.
 */
import type { BuiltInEffect } from '../../core/lint/knownNames';
import type { EffectHandler } from '../types';

/** The message a framed page posts to its parent to raise an event there (read by the `frame` block). */
export const FRAME_EVENT_MESSAGE = 'fleetform:event';

/** A message asking the framing page to raise `event`. */
export interface FrameEventMessage {
  type: typeof FRAME_EVENT_MESSAGE;
  event: string;
}

/** Whether `data` is a {@link FrameEventMessage}. */
export const isFrameEventMessage = (data: unknown): data is FrameEventMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === FRAME_EVENT_MESSAGE && typeof (data as { event?: unknown }).event === 'string';

/** Saves one same-origin file as a download, without leaving the page (an empty name keeps the server's). */
function saveAs(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  // An empty download attribute keeps the server's name (Content-Disposition).
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/**
 * `download { url, fileName? }`: saves the file at `url` as a download, without leaving the page (a same-origin link).
 * `url` may also be a list of `{ url, fileName? }` (e.g. a call's file list): each is saved in turn.
 */
const download: EffectHandler = (params) => {
  if (Array.isArray(params.url)) {
    const files = params.url.filter((f): f is { url: string; fileName?: unknown } => typeof f === 'object' && f !== null && typeof (f as { url?: unknown }).url === 'string' && (f as { url: string }).url !== '');
    if (files.length === 0) throw new Error('download: params.url lists no file');
    for (const f of files) saveAs(f.url, typeof f.fileName === 'string' ? f.fileName : '');
    return;
  }
  const url = typeof params.url === 'string' ? params.url : '';
  if (!url) throw new Error('download: params.url is empty');
  saveAs(url, typeof params.fileName === 'string' ? params.fileName : '');
};

/** `wait { ms }`: resolves after `ms` milliseconds (0 when not a non-negative number). */
const wait: EffectHandler = (params) => {
  const ms = typeof params.ms === 'number' && params.ms > 0 ? params.ms : 0;
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
};

/**
 * `notifyParent { event }`: posts a {@link FrameEventMessage} to the page framing this one (else the window that
 * opened it), to this origin only; nothing when neither exists.
 */
const notifyParent: EffectHandler = (params) => {
  const event = typeof params.event === 'string' ? params.event : '';
  if (!event) throw new Error('notifyParent: params.event is empty');
  const target = window.parent !== window ? window.parent : window.opener as Window | null;
  const message: FrameEventMessage = { type: FRAME_EVENT_MESSAGE, event };
  target?.postMessage(message, window.location.origin);
};

/** The element of block `id` that takes the focus: its input (`data-input`, `data-combobox`), else its upload's button. */
const focusTarget = (id: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`[data-input="${CSS.escape(id)}"], [data-combobox="${CSS.escape(id)}"], [data-upload="${CSS.escape(id)}"] button`);

/**
 * `focus { id }`: moves the focus to the field of block `id` once the page has drawn the transition (the next frame:
 * a field that just became invalid or visible); nothing when the block is not on the page.
 */
const focus: EffectHandler = (params) => {
  const id = typeof params.id === 'string' ? params.id : '';
  if (!id) throw new Error('focus: params.id is empty');
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      focusTarget(id)?.focus();
      resolve();
    });
  });
};

/** The built-in effects by name. */
export const builtInEffects: Record<BuiltInEffect, EffectHandler> = { download, wait, notifyParent, focus };
