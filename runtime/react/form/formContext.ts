import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { FieldView, FormStore } from './formStore';

/** What the rjsf theme reads from `registry.formContext`. */
export interface RuntimeFormContext {
  store: FormStore;
  /** Dotted path prefix of this (section) form inside the whole form, e.g. `contact.`; empty at the root. */
  prefix: string;
}

/** Subscribes a field to its own view: re-renders only when its error, visibility or enablement changes. */
export function useFieldView(store: FormStore, path: string): FieldView {
  const subscribe = useCallback((listener: () => void) => store.subscribeField(path, listener), [store, path]);
  const read = () => store.view(path);
  return useSyncExternalStore(subscribe, read, read);
}

/** Subscribes to the submit-enabled flag. */
export function useSubmitEnabled(store: FormStore): boolean {
  return useSyncExternalStore(store.subscribe, store.isSubmitEnabled, store.isSubmitEnabled);
}

/** The dotted path of an rjsf field path list inside the whole form. */
export function fieldPath(prefix: string, path: readonly (string | number)[]): string {
  return prefix + path.join('.');
}

/** The view of the field a widget renders in, provided by the theme's FieldTemplate. */
export const FieldViewContext = createContext<FieldView>({ hidden: false, disabled: false });

/** For widgets (built-in and extensions): the current field's error / disabled state. */
export function useFieldState(): FieldView {
  return useContext(FieldViewContext);
}
