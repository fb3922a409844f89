import type { ErrorObject } from 'ajv';
import { withPageValues } from './pageValues';

/** A compiled (ajv standalone) validation function. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** What one field shows: its visible error (after blur or submit), and whether rules hide or disable it. */
export interface FieldView {
  error?: string;
  hidden: boolean;
  disabled: boolean;
}

/** Dotted field paths rules hide (`ui:visibleWhen` false) and disable (`ui:enabledWhen` false). */
export interface FieldStates {
  hidden: Set<string>;
  disabled: Set<string>;
}

/** Computes per-field messages, visibility and enablement for the current values. */
export interface FormLogic {
  /** Dotted field path -> the one message to show (first failing rule). */
  errors(values: Record<string, unknown>): Record<string, string>;
  /** Dotted field paths whose `ui:visibleWhen` is false / `ui:enabledWhen` is false; `changed` limits re-evaluation. */
  states(values: Record<string, unknown>, changed?: string): FieldStates;
  /**
   * The step's context changed at `keys` (its top-level names: `state`, `record`, `url` ...): the field states
   * again when a rule reads there, and whether the error rules and the submit condition read there.
   */
  contextChanged(values: Record<string, unknown>, keys: string[]): { states?: FieldStates; errors: boolean; submit: boolean };
  /** Whether the submit button is enabled; `shown` = the errors the form shows now (path -> message). */
  submitEnabled(values: Record<string, unknown>, shown: Record<string, string>): boolean;
  /** The values as the definitions keep them (what a format ignores dropped); the values themselves when nothing changes. */
  normalize?(values: Record<string, unknown>): Record<string, unknown>;
  /** The messages a field never focused shows after a submit (the block's `untouchedMessages`), when it has any. */
  untouchedErrors?(values: Record<string, unknown>): Record<string, string>;
  /** The other fields whose errors show once `path` is left (rules' `shownOnBlurOf`). */
  shownOnBlurOf?(path: string): string[];
}

const EMPTY: FieldView = { hidden: false, disabled: false };

/**
 * The state of one form block outside React: values, errors, blur tracking. Fields subscribe to
 * their own {@link FieldView} (useSyncExternalStore), so a keystroke re-renders only what changed.
 * Errors are computed when they can show (a field was blurred, or on submit) or are asked for:
 * mounting a form, and typing before any blur, validate nothing.
 */
export class FormStore {
  values: Record<string, unknown>;
  /** Errors of the current values; undefined until needed after a change. */
  private errors: Record<string, string> | undefined;
  /** The same for fields never focused (`untouchedErrors`), computed only after a submit. */
  private untouched: Record<string, string> | undefined;
  private hidden = new Set<string>();
  private disabled = new Set<string>();
  private blurred = new Set<string>();
  private submitted = false;
  private enabled = false;
  private views = new Map<string, FieldView>();
  private listeners = new Set<() => void>();
  private adoptListeners = new Set<() => void>();
  private fieldListeners = new Map<string, Set<() => void>>();

  constructor(private logic: FormLogic, initial: Record<string, unknown> = {}) {
    this.values = initial;
    this.recompute();
  }

  /** The values as submitted and copied out: what was typed, normalised by the form's formats (`02 9876 5432` -> `0298765432`). */
  get output(): Record<string, unknown> {
    return this.logic.normalize?.(this.values) ?? this.values;
  }

  /** Subscribes to any change (e.g. the submit button); returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Subscribes to one field's view: called only when that view changed, so a keystroke wakes the
   * fields it changes, not every mounted field. Returns the unsubscribe function.
   */
  subscribeField(path: string, listener: () => void): () => void {
    let set = this.fieldListeners.get(path);
    if (!set) this.fieldListeners.set(path, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.fieldListeners.get(path) === set) this.fieldListeners.delete(path);
    };
  }

  /** The stable view of one field (same object while nothing about it changed). */
  view(path: string): FieldView {
    return this.views.get(path) ?? EMPTY;
  }

  /** Whether the submit button is enabled. */
  isSubmitEnabled = (): boolean => this.enabled;

  /** All current errors, shown or not (for tests and submit). */
  allErrors(): Record<string, string> {
    return (this.errors ??= this.logic.errors(this.values));
  }

  /** Replaces the values after an edit of `changed` (a dotted path, when known). */
  setValues(values: Record<string, unknown>, changed?: string): void {
    this.values = values;
    this.recompute(changed);
  }

  /**
   * Takes over what the page holds (a server-rendered form a person typed into, or the browser filled, before the
   * app took it over: `readPageValues`, pageValues.ts), by dotted path over the current values; the views that draw the
   * values from their own state (rjsf) are told to read them again ({@link subscribeAdopt}). Nothing is blurred.
   */
  adopt(page: Record<string, unknown>): void {
    if (Object.keys(page).length === 0) return;
    this.setValues(withPageValues(this.values, page));
    for (const listener of this.adoptListeners) listener();
  }

  /** Subscribes to {@link adopt}: the values were replaced from outside the views; returns the unsubscribe function. */
  subscribeAdopt = (listener: () => void): (() => void) => {
    this.adoptListeners.add(listener);
    return () => this.adoptListeners.delete(listener);
  };

  /**
   * The step's context changed at `keys` (page state, the record, the address ...): what reads it there is
   * evaluated again (a submit condition on page state another block writes, a field shown by the record).
   */
  contextChanged(keys: string[]): void {
    if (keys.length === 0) return;
    const { states, errors, submit } = this.logic.contextChanged(this.values, keys);
    if (!states && !errors && !submit) return;
    if (errors) {
      this.errors = undefined;
      this.untouched = undefined;
    }
    if (states) {
      this.hidden = states.hidden;
      this.disabled = states.disabled;
    }
    this.publish();
  }

  /** Marks a field as blurred once: from now on its error shows (and those of the fields shown on its blur). */
  blur(path: string): void {
    const also = this.logic.shownOnBlurOf?.(path) ?? [];
    if (this.blurred.has(path) && also.every((p) => this.blurred.has(p))) return;
    this.blurred.add(path);
    for (const p of also) this.blurred.add(p);
    this.publish();
  }

  /** Marks the form submitted (every error shows); returns the visible errors. */
  submit(): Record<string, string> {
    this.submitted = true;
    this.publish();
    return Object.fromEntries(Object.entries(this.allErrors()).filter(([path]) => !this.isHidden(path)));
  }

  private isHidden(path: string): boolean {
    for (const hidden of this.hidden) if (path === hidden || path.startsWith(hidden + '.')) return true;
    return false;
  }

  private recompute(changed?: string): void {
    this.errors = undefined;
    this.untouched = undefined;
    const states = this.logic.states(this.values, changed);
    this.hidden = states.hidden;
    this.disabled = states.disabled;
    this.publish();
  }

  private publish(): void {
    const errors = this.submitted || this.blurred.size > 0 ? this.allErrors() : {};
    // After a submit, a field never focused shows its untouched message where the block gives one.
    const untouched = this.submitted && this.logic.untouchedErrors ? (this.untouched ??= this.logic.untouchedErrors(this.values)) : {};
    const paths = new Set([...this.views.keys(), ...Object.keys(errors), ...this.hidden, ...this.disabled]);
    const changed: string[] = [];
    const shown: Record<string, string> = {};
    for (const path of paths) {
      const shows = this.submitted || this.blurred.has(path);
      const next: FieldView = {
        error: shows ? (!this.blurred.has(path) && errors[path] !== undefined ? untouched[path] ?? errors[path] : errors[path]) : undefined,
        hidden: this.hidden.has(path),
        disabled: this.disabled.has(path),
      };
      if (next.error !== undefined && !this.isHidden(path)) shown[path] = next.error;
      const prev = this.views.get(path) ?? EMPTY;
      if (prev.error !== next.error || prev.hidden !== next.hidden || prev.disabled !== next.disabled) {
        this.views.set(path, next);
        changed.push(path);
      }
    }
    // Submit may depend on the shown errors (`formErrors`), so it follows every blur, edit and submit.
    this.enabled = this.logic.submitEnabled(this.values, shown);
    for (const path of changed) for (const listener of this.fieldListeners.get(path) ?? []) listener();
    for (const listener of this.listeners) listener();
  }
}
