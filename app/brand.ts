/**
 * The page's brand: the server picks it from the host (the default brand for a host no brand names)
 * and writes its texts and settings into the page (`<script type="application/json" id="app-config">`,
 * server/brands/brandPage.ts); the built region bundle carries the rest. Spec 000 s7: at start-up the
 * app reads this configuration from the page and stops with 'APP CONFIG is required' when it cannot.
 */
import { PAGE_CONFIG_ID } from '../runtime/core/pageConfig';
import { parsePageConfig } from './pageData';
import type { SelectionTexts } from '../runtime/core/types';
import type { RuntimeBundle } from '../runtime/react';
import { startupMessages } from '../.generated/definitions';

/** The brand's texts and settings carried by the page; undefined when the element is missing or its JSON cannot be read. */
export function readBrand(doc: Document = document): SelectionTexts | undefined {
  return parsePageConfig(doc.getElementById(PAGE_CONFIG_ID)?.textContent);
}

/** The catalogue key of the start-up failure (a base-catalogue text built into the entry: there is no brand yet). */
export const CONFIG_REQUIRED_KEY = 'startup.configRequired';

/** Stops the app's start: the page shows only the start-up failure text (no brand, no theme: plain markup). */
export function showConfigRequired(doc: Document = document): void {
  const text = startupMessages[CONFIG_REQUIRED_KEY] ?? '';
  const main = doc.createElement('main');
  const alert = doc.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.textContent = text;
  main.append(alert);
  doc.getElementById('root')?.replaceChildren(main);
  doc.title = text;
}

/** The runtime bundle: a built region bundle with the brand's selection, texts and settings. */
export function withBrand(built: Omit<RuntimeBundle, keyof SelectionTexts>, brand: SelectionTexts): RuntimeBundle {
  return { ...built, selection: brand.selection, messages: brand.messages, settings: brand.settings };
}
