import { loadOnce } from '../loadOnce';
import type { choiceWidgets } from './choiceWidgets';

/** The theme's choice widgets (theme/choiceWidgets.tsx). */
export type ChoiceWidgets = typeof choiceWidgets;

/**
 * Fetches the choice widgets' chunk (Fluent's Select, Radio, Checkbox, Textarea), once; retried after a failure;
 * `loadChoiceWidgets.loaded()` once it is there. Started with the form's code for a form that may draw one
 * (blocks/FormBlockView.tsx, theme/choiceWidgetsNeeded.ts).
 */
export const loadChoiceWidgets = loadOnce<ChoiceWidgets>(() => import('./choiceWidgets').then((m) => m.choiceWidgets));
