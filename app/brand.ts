/**
 * The page's brand: the server picks it from the host (the default brand for a host no brand names)
 * and answers its texts and settings at `/brand.json`; the built region bundle carries the rest.
 */
import type { SelectionTexts } from '../runtime/core/types';
import type { RuntimeBundle } from '../runtime/react';

/** Fetch the brand's texts and settings (revalidated by ETag: a repeat visit gets 304). */
export async function loadBrand(uri = '/brand.json'): Promise<SelectionTexts> {
  const res = await fetch(uri, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${uri} answered ${res.status}`);
  return (await res.json()) as SelectionTexts;
}

/** The runtime bundle: a built region bundle with the brand's selection, texts and settings. */
export function withBrand(built: Omit<RuntimeBundle, keyof SelectionTexts>, brand: SelectionTexts): RuntimeBundle {
  return { ...built, selection: brand.selection, messages: brand.messages, settings: brand.settings };
}
