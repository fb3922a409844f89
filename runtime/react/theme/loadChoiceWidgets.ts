import type { choiceWidgets } from './choiceWidgets';

/** The theme's choice widgets (theme/choiceWidgets.tsx). */
export type ChoiceWidgets = typeof choiceWidgets;

let pending: Promise<ChoiceWidgets> | undefined;
let loaded: ChoiceWidgets | undefined;

/**
 * Fetches the choice widgets' chunk (Fluent's Select, Radio, Checkbox, Textarea), once; retried after a failure.
 * Started with the form's code for a form that may draw one (blocks/FormBlockView.tsx, theme/choiceWidgetsNeeded.ts).
 */
export function loadChoiceWidgets(): Promise<ChoiceWidgets> {
  pending ??= import('./choiceWidgets').then(
    (m) => (loaded = m.choiceWidgets),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The choice widgets once their chunk is there, else undefined. */
export function loadedChoiceWidgets(): ChoiceWidgets | undefined {
  return loaded;
}
