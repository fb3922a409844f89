/**
 * Screen building blocks of a step, as the runtime reads them (after fragments are expanded).
 * Kept equal to `schemas/meta/blocks.json` by tests/unit/core/blockTypes.test.ts.
 */
import type { Logic } from './types';

/** Screen building blocks. */
export type BlockDef =
  | FormBlock
  | TextBlock
  | ButtonBlock
  | ProgressBlock
  | DialogBlock
  | WidgetBlock
  | GroupBlock
  | ChoiceBlock
  | ListBlock
  | LinkBlock
  | ImageBlock
  | HtmlBlock
  | StepperBlock
  | RangeBlock
  | CascadeBlock
  | SliderBlock
  | FrameBlock
  | InputBlock
  | UploadBlock
  | ComboboxBlock
  | LookupBlock
  | InlineEditBlock;

/** Fields every block shares. */
export interface BlockBase {
  /** Unique within the step. */
  id?: string;
  /** Logic; the block renders only when truthy. */
  visibleWhen?: Logic;
  /** Shorthand for `visibleWhen: { '!': ... }`, written out by the loader (the runtime never sees it). */
  hiddenWhen?: Logic;
  /**
   * Shorthand: a copy of this block with these members over it, shown when this block is not (its `visibleWhen`
   * negated), written out by the loader (the runtime never sees it).
   */
  otherwise?: Record<string, unknown>;
  /** Show only on narrow (phone) or wide screens (a CSS media query: no script decides). */
  media?: 'narrow' | 'wide';
  /**
   * Content only the browser can show (it reads the browser's storage): a server render and the browser's
   * hydrating render draw a skeleton of this size in its place (whatever `visibleWhen` says: lint refuses both on one
   * block), and the block itself once the app runs and the code and `loads` it shows are there (the skeleton stays
   * meanwhile), so the page is served with its shell and nothing shifts.
   */
  clientOnly?: ClientOnly;
  /** A note for authors; the runtime ignores it. */
  description?: string;
}

/** The skeleton a `clientOnly` block shows until the app runs in the browser. */
export interface ClientOnly {
  /** Its height, a CSS length (`24rem`, `320px`); it takes the column's width. */
  height: string;
  /**
   * Loads of the step (`load:` names) the content shows: once hydrated the skeleton stays until each has answered
   * (done or failed) or does not apply (its `when` does not hold), so the content appears once, complete.
   */
  loads?: string[];
}

/** A form rendered with rjsf from a JSON Schema under `schemas/`. */
export interface FormBlock extends BlockBase {
  type: 'form';
  /** Schema id (file name under `schemas/` without extension). */
  schema: string;
  /** Path in the record the form reads and writes (optional). */
  bind?: string;
  /** Initial field values: field -> logic over the step context (e.g. a query-string value), over `bind`'s. */
  initial?: Record<string, Logic>;
  /** Event raised on submit. */
  submit?: string;
  /** Message key of the submit button label. */
  submitLabel?: string;
  /** Logic; the submit button is enabled only when truthy. */
  submitEnabledWhen?: Logic;
  /** Shorthand: fields filled and showing no error, and-ed into `submitEnabledWhen` by the loader. */
  submitNeeds?: string[];
  /**
   * Cross-field or context rules: when `when` holds, `field` shows `message`. `shownOnBlurOf`: leaving one of these
   * fields also shows `field`'s error (a value checked against another, e.g. on blur of the field it depends on).
   */
  rules?: { field: string; when: Logic; message: string; shownOnBlurOf?: string[] }[];
  /** Message overrides: field -> keyword -> message key. */
  messages?: Record<string, Record<string, string>>;
  /** Overrides shown instead, after a submit, on a field never focused: field (or `*`) -> keyword -> message key. */
  untouchedMessages?: Record<string, Record<string, string>>;
  /** State path (`state.x`) every change writes the form's values to, so blocks outside the form (buttons) can read them. */
  values?: string;
}

/** A paragraph or heading; `text` is a message key, `{var}` placeholders read the context. */
export interface TextBlock extends BlockBase {
  type: 'text';
  text: string;
  /** `notice`: a status message box; `alert`: an error message box announced at once; `bullets`: one list item per line of the text. */
  /**
   * `html`: the text is HTML, shown after `sanitizeHtml` (runtime/react) keeps only its allow-listed tags and attributes;
   * `busy`: the text beside a spinner (a page that waits for something).
   */
  variant?: 'heading' | 'subheading' | 'body' | 'caption' | 'notice' | 'alert' | 'bullets' | 'html' | 'busy' | 'badge';
  /** Extra placeholder values (logic), e.g. formatted numbers. */
  vars?: Record<string, Logic>;
}

/** A button that raises an event. */
export interface ButtonBlock extends BlockBase {
  type: 'button';
  label: string;
  /** Event raised on a click (after the `set` writes, if any); a button with `set` may have none. */
  event?: string;
  /** Page state written on a click, before `event` is raised: `state.x.y` -> logic (read at the click), e.g. null to empty it. */
  set?: Record<string, Logic>;
  enabledWhen?: Logic;
  appearance?: 'primary' | 'secondary' | 'subtle';
  /** Event payload (logic, evaluated as a template). */
  payload?: Record<string, Logic>;
  /** Extra placeholder values of the label (logic). */
  vars?: Record<string, Logic>;
}

/** A progress tracker defined in the flow's `progress`. */
export interface ProgressBlock extends BlockBase {
  type: 'progress';
  tracker: string;
  /** The flow whose tracker (and status) to show (default: the step's own flow), e.g. a screen flow showing its journey's steps. */
  flow?: string;
  /** Row ids of the tracker to show, in this order (default: every row). */
  rows?: string[];
  /** `list` (default): label and Completed / In Progress / Pending per row; `steps`: numbered steps, those not pending active. */
  variant?: 'list' | 'steps';
}

/** A dialog opened when `openWhen` holds (or by an `openDialog` effect). */
export interface DialogBlock extends BlockBase {
  type: 'dialog';
  id: string;
  title: string;
  /** Its blocks (a dialog written with `body` / `actions` only has them once the loader writes those out). */
  blocks?: BlockDef[];
  openWhen?: Logic;
  /** Shorthand for `openWhen: { '==': [{ var: <this> }, <id>] }`, written out by the loader. */
  openWhenState?: string;
  /** Whether the user may dismiss it. */
  dismissable?: boolean;
  /** Event raised when the user dismisses it (e.g. to clear the state that opened it). */
  closeEvent?: string;
  /** Shorthand: the loader adds a last block, a secondary button with this label raising `closeEvent`. */
  closeLabel?: string;
  /** Shorthand: a first text block per message key, written out by the loader. */
  body?: string | string[];
  /** Shorthand: a last group of variant `actions` holding these blocks, written out by the loader. */
  actions?: BlockDef[];
  /** `fullscreen`: the dialog fills the viewport (e.g. around a frame); default `normal`. */
  size?: 'normal' | 'fullscreen';
}

/**
 * A page of the same origin embedded in an iframe (`src` logic; nothing shows while empty). The framed page
 * raises one of `events` in this step by posting `{ type: 'fleetform:event', event }` to its parent (the
 * `notifyParent` effect); messages from another origin or window, and events not listed, are ignored.
 */
export interface FrameBlock extends BlockBase {
  type: 'frame';
  src: Logic;
  /** Message key of the frame's accessible name. */
  title: string;
  /** Events the framed page may raise in this step. */
  events?: string[];
}

/**
 * One value shown as a label and its text, with a pencil that turns it into a box (or radios, with `options`) and a
 * tick and a cross: the tick checks the value by the property `field` of the form schema `schema` (its rules and
 * messages, normalised as a form normalises it), then raises `event` with `{ value }`, the normalised value, and closes
 * once it ran; when the event fails (the server refuses the save) the box stays open with what was typed and shows the
 * refusal, and the global error dialog does not open. The cross puts the stored value back. Without `schema` it is a read-only row (a label and its value). `save: <record path>` (or `edits.x`) is a shorthand the loader writes out: the event
 * `<id>Saved` saving `{ var: event.value }` there (runtime/core/load/inlineEdits.ts).
 */
export interface InlineEditBlock extends BlockBase {
  type: 'inlineEdit';
  /** Unique within the step (names the `<id>Saved` event of `save`). */
  id: string;
  /** Message key of the label. */
  label: string;
  /** Form schema (file name under `schemas/`) whose property `field` checks an edited value; without it, a read-only row. */
  schema?: string;
  /** The property of `schema` the value is (with `schema`). */
  field?: string;
  /** Logic: the stored value (what the box starts from). */
  value: Logic;
  /** Logic: the text shown while not editing (default: the chosen option's label, else the value as text). */
  display?: Logic;
  /** Logic; the pencil shows only while truthy (default: always, with `schema`). */
  editableWhen?: Logic;
  /** Choices instead of a box (radios): each value and its label's message key. */
  options?: { value: string; label: string }[];
  /** Event the tick raises with `{ value }` once the value passes (written out from `save`). */
  event?: string;
  /** Shorthand: the record path the tick saves (the loader writes the event and its save). */
  save?: string;
  /** Message overrides of the check: keyword -> message key (as a form's field overrides). */
  messages?: Record<string, string>;
  /** Message keys of the pencil, tick and cross (their accessible names; with `schema`). */
  editLabel?: string;
  saveLabel?: string;
  cancelLabel?: string;
}

/**
 * A one-line text box bound to page state: each keystroke writes `bind`, then raises `event` with `{ value }`
 * (e.g. a search box whose text a step's debounced `load` reads). The text shows what `bind` holds whenever
 * the box does not have the focus (an effect that empties the state empties the box).
 */
export interface InputBlock extends BlockBase {
  type: 'input';
  /** Message key of the label. */
  label: string;
  /** State path (`state.x`) the box reads and writes. */
  bind: string;
  /** Message key of the placeholder. */
  placeholder?: string;
  /** Message key of a hint under the box. */
  hint?: string;
  enabledWhen?: Logic;
  /** Event raised after each change, with payload `{ value }`. */
  event?: string;
  /** The HTML `autocomplete` token (default `off`). */
  autoComplete?: string;
}

/** Message keys of an upload block's client-side refusals (each may use `{fileName}`, `{maxFiles}`, `{maxSize}`). */
export interface UploadMessages {
  /** A file larger than `maxSize`. */
  tooBig?: string;
  /** A file whose type or name ending `accept` does not list. */
  wrongType?: string;
  /** More files than `maxFiles`. */
  tooMany?: string;
  /** An upload that failed without a refusal text of the server's (network, an unknown code). */
  failed?: string;
}

/**
 * Files chosen with a keyboard-accessible picker, each checked here (type by `accept`, `maxSize`, `maxFiles`), then
 * uploaded: `call` (a binding answering `{ uuid, signedUrl, fileName, mimeType }`, variables a template over the
 * context and `item`, the file: `{ name, type, size }`) gives an upload URL, the bytes are PUT there with the file's type,
 * and the list of `{ uuid, fileName, mimeType }` at `bind` gains the file (a remove button per file takes it off).
 * A refusal shows its text: a GraphQL error's message, or for an upload answer `{ error: code }` the catalogue's
 * `<refusals>.<CODE>`.
 */
export interface UploadBlock extends BlockBase {
  type: 'upload';
  /** Message key of the label (the picker button's group). */
  label: string;
  /** Message key of the picker button's text. */
  buttonLabel: string;
  /** Message key of a hint under the label. */
  hint?: string;
  /** State path (`state.x`) of the list of uploaded files, each `{ uuid, fileName, mimeType }`. */
  bind: string;
  /** Logic giving the accepted MIME types and name endings (`.pdf`); a file matching none is refused here. */
  accept?: Logic;
  /** Most files the list may hold (logic; default no limit). */
  maxFiles?: Logic;
  /** Largest file in bytes (logic; default no limit). */
  maxSize?: Logic;
  /** Binding (GraphQL operation) answering the upload URL of one file. */
  /** Shorthand: the upload slot; the loader writes `call`, `variables` and `refusals` from the configuration's `record.upload`. */
  slot?: string;
  /** The operation asking for the upload URL (written from `slot` by the loader when not given). */
  call?: string;
  /** The call's variables: a template over the context and `item`, the file (`name`, `type`, `size`). */
  variables?: Record<string, Logic>;
  /** Message key prefix of the upload answer's refusal codes (`<prefix>.<CODE>`), e.g. the server's catalogue. */
  refusals?: string;
  messages?: UploadMessages;
  /** Message key of each file's remove button (`{fileName}`). */
  removeLabel: string;
  enabledWhen?: Logic;
  /** Event raised after the list changed, with payload `{ value }` (the list). */
  event?: string;
}

/**
 * A text box with a list of options to pick from (the ARIA combobox pattern): each keystroke writes the text to
 * `text` (e.g. what a step's debounced `load` reads) and empties `bind`; the options are `optionsFrom` (e.g. that
 * load's answer). Arrow keys move through the options, Enter or a click picks one, Escape closes the list. A pick
 * writes the option's label to `text` and its value to `bind`, then raises `event` with `{ value, label }`, so
 * `bind` holds a value only while the text is a picked option. With `autoPickAfterMs`, a pasted text of several
 * words picks the first option that long after the paste, once options for it have arrived.
 */
export interface ComboboxBlock extends BlockBase {
  type: 'combobox';
  /** Message key of the label. */
  label: string;
  /** State path (`state.x`) the typed text is written to (each keystroke) and read from. */
  text: string;
  /** State path (`state.x`) the picked option's value is written to; emptied when the text changes. */
  bind: string;
  /** Options (logic giving a list); each item is mapped by `optionValue` / `optionLabel`. */
  optionsFrom: Logic;
  /** Logic giving an option's value from `item` and the context (default: the item). */
  optionValue?: Logic;
  /** Logic giving an option's text from `item` and the context (default: the value). */
  optionLabel?: Logic;
  /** Event raised after a pick, with payload `{ value, label }`. */
  event?: string;
  /** Logic giving the milliseconds after a paste of several words before the first option is picked (none: never). */
  autoPickAfterMs?: Logic;
  /** Message key of the placeholder. */
  placeholder?: string;
  /** Message key of a hint under the box. */
  hint?: string;
  /** Logic; while it holds the box shows `invalidMessage` as its error (e.g. a text that was not picked). */
  invalidWhen?: Logic;
  /** Message key of the error shown while `invalidWhen` holds. */
  invalidMessage?: string;
  enabledWhen?: Logic;
  /** The HTML `autocomplete` token (default `off`). */
  autoComplete?: string;
  /** Marks the field as required (the asterisk and `aria-required`); what counts as answered is the flow's logic. */
  required?: boolean;
}

/**
 * A combobox whose suggestions a call answers while the person types, with a details call on a pick: written out
 * by the loader into a group of a combobox and its searching / empty texts, plus the step's state `<id>`, load
 * `<id>Suggestions` and events `<id>Picked` / `<id>Detailed` (runtime/core/load/lookups.ts); the runtime never sees it.
 */
export interface LookupBlock extends BlockBase {
  type: 'lookup';
  id: string;
  label: string;
  /** The suggestions' load; its variables read the lookup's own state as `lookup.text`. */
  suggest: { call: string; variables?: Record<string, Logic>; minLength?: Logic; debounceMs?: number };
  /** The call made on a pick (variables read `event.value`); its answer goes to `state.<id>.details`. */
  details?: { call: string; variables?: Record<string, Logic>; onError?: unknown };
  /** Effects run after a pick (after the details call). */
  onPick?: unknown[];
  /** On enter, the text and the pick from this value. */
  restore?: Logic;
  /** Message keys: while suggestions load, and when none came back. */
  searching?: string;
  empty?: string;
  optionValue?: Logic;
  optionLabel?: Logic;
  autoPickAfterMs?: Logic;
  placeholder?: string;
  hint?: string;
  invalidMessage?: string;
  enabledWhen?: Logic;
  autoComplete?: string;
  required?: boolean;
}

/** A registered custom widget, referenced by name. */
export interface WidgetBlock extends BlockBase {
  type: 'widget';
  widget: string;
  props?: Record<string, unknown>;
}

/** A container: lays out its blocks (and can collapse them). */
export interface GroupBlock extends BlockBase {
  type: 'group';
  blocks: BlockDef[];
  /**
   * `column` (default), `row` (side by side, wrapping), `bar` (first block left, the others right), `panel` (boxed), `expander` (collapsible
   * under `title`), `sidebar` (first block beside the rest on wide screens, stacked on narrow ones),
   * `actions` (a row of buttons, right-aligned), `columns` (two columns side by side, one under the other on phones).
   */
  variant?: 'column' | 'row' | 'bar' | 'panel' | 'expander' | 'sidebar' | 'actions' | 'columns';
  /** Message key of the heading (panel) or toggle label (expander). */
  title?: string;
  /** Extra placeholder values of the title (logic). */
  vars?: Record<string, Logic>;
  /** Expander: open at first. */
  open?: boolean;
  /** Expander: logic; it opens whenever this becomes true and closes whenever it becomes false (the user may toggle it in between). */
  openWhen?: Logic;
  /** Expander: logic; while false it is closed, its toggle disabled (a section locked until an earlier one is done). */
  enabledWhen?: Logic;
  /** Expander: logic; while true its toggle shows a tick and says it is completed (`runtime.progress.completed`). */
  doneWhen?: Logic;
  /**
   * Shorthand: on narrow screens the same blocks with these members over the group (e.g. a bar that folds into an
   * expander); the loader writes out two groups, `media: wide` and `media: narrow`.
   */
  narrow?: {
    variant?: 'column' | 'row' | 'bar' | 'panel' | 'expander' | 'sidebar' | 'actions' | 'columns';
    title?: string;
    open?: boolean;
  };
}

/** One option of a choice. */
export interface ChoiceOption {
  value: unknown;
  /** Message key. */
  label: string;
}

/** Pick one or several values: toggle buttons, check boxes, radio buttons or a drop-down. */
export interface ChoiceBlock extends BlockBase {
  type: 'choice';
  /** Message key of the group label. */
  label?: string;
  /** Fixed options (labels are message keys). */
  options?: ChoiceOption[];
  /** Options computed from the context (logic giving a list); each item is mapped by `optionValue` / `optionLabel`. */
  optionsFrom?: Logic;
  /** Logic giving an option's value from `item` (one item of `optionsFrom`) and the context (default: the item). */
  optionValue?: Logic;
  /** Logic giving an option's label text from `item` and the context (default: the value). */
  optionLabel?: Logic;
  /** State path (`state.x`) the choice reads and writes. */
  bind?: string;
  /** Logic giving the current value (default: the `bind` path). */
  value?: Logic;
  /** Several values (a list) instead of one. */
  multiple?: boolean;
  appearance?: 'buttons' | 'checkboxes' | 'radio' | 'dropdown';
  /** Message key of a toggle choosing every option (multiple only). */
  selectAll?: string;
  /** Columns of check boxes on wide screens. */
  columns?: number;
  /** Columns of check boxes on narrow screens (phones; default 2). */
  narrowColumns?: number;
  enabledWhen?: Logic;
  /** Event raised after a change, with payload `{ value }`. */
  event?: string;
  /** Message key shown for no value (drop-down). */
  placeholder?: string;
}

/** Repeats its blocks for every item of a list; inside, logic reads the item as `item` (or the `as` name). */
export interface ListBlock extends BlockBase {
  type: 'list';
  items: Logic;
  blocks: BlockDef[];
  as?: string;
  /** `column` (default), `row` or `grid` (cards). */
  variant?: 'column' | 'row' | 'grid';
  /** Message key shown when the list is empty. */
  empty?: string;
}

/** A link to an address (`href`, logic) or raising an event. */
export interface LinkBlock extends BlockBase {
  type: 'link';
  label: string;
  href?: Logic;
  event?: string;
  vars?: Record<string, Logic>;
  /** Open in a new tab (external addresses). */
  external?: boolean;
}

/** An image (`src` logic); shown only when the source is non-empty. */
export interface ImageBlock extends BlockBase {
  type: 'image';
  src: Logic;
  /** Message key of the alternative text. */
  alt: string;
  /** Maximum height in pixels (the image keeps its aspect ratio); with `fit`, the height reserved. */
  height?: number;
  /** With `height`, reserve it before the picture arrives: `contain` the whole picture inside the box (a logo); `cover` the column's width at that height, edges cropped. */
  fit?: 'contain' | 'cover';
  /**
   * With `fit: contain` and `height`, the width reserved too (the pictures' width at that height); without it, the
   * width `settings.imageSizes` gives for the address (the server's brand images), else none.
   */
  width?: number;
  /** Makes the image a link (logic). */
  href?: Logic;
  /** Shorthand: the loader adds a link with this label (message key) to `href` (a text without one), shown while `src` is empty. */
  fallbackLabel?: string;
}

/**
 * HTML from data (`html` logic, e.g. an organisation's footer text), shown sanitised to an allow-list
 * (`sanitizeHtml` of runtime/core/html); nothing when it is empty.
 */
export interface HtmlBlock extends BlockBase {
  type: 'html';
  html: Logic;
  /** Body text (default) or the smaller caption size. */
  variant?: 'body' | 'caption';
}

/** A horizontal stepper: numbered steps, the current step highlighted. */
export interface StepperBlock extends BlockBase {
  type: 'stepper';
  /**
   * Steps in order: flow step ids and message keys. Shorthand: `{ values: [a, b], labels: prefix }`, written
   * out by the loader as `[{ step: a, label: prefix.a }, ...]` (as a choice's `options`).
   */
  steps: { step: string; label: string }[];
}

/** One end of a range: a choice's own members (the range's choice members apply to both ends). */
export interface RangeEnd {
  id?: string;
  label?: string;
  /** State path the end reads and writes. */
  bind: string;
  options?: { value: unknown; label: string }[];
  optionsFrom?: Logic;
  optionValue?: Logic;
  optionLabel?: Logic;
  placeholder?: string;
  /** `appearance: slider`: the value the thumb shows while `bind` is empty (logic). */
  default?: Logic;
}

/**
 * Shorthand: a lower and an upper bound chosen side by side, written out by the loader as a row group of two
 * choices (`min`, `max`, each over the range's choice members) or, with `appearance: slider`, a column of one
 * two-thumb slider (`from`, `to`, `step`, `optionLabel` as its `valueLabel`); with `clearLabel`, a button that
 * empties both (runtime/core/load/shorthands.ts); the runtime never sees it.
 */
export interface RangeBlock extends BlockBase {
  type: 'range';
  min: RangeEnd;
  max: RangeEnd;
  appearance?: 'buttons' | 'radio' | 'dropdown' | 'slider';
  /** `appearance: slider`: the scale's lowest value (logic). */
  from?: Logic;
  /** `appearance: slider`: the scale's highest value (logic). */
  to?: Logic;
  /** `appearance: slider`: the distance between two values (logic; default 1). */
  step?: Logic;
  placeholder?: string;
  options?: { value: unknown; label: string }[];
  optionsFrom?: Logic;
  optionValue?: Logic;
  optionLabel?: Logic;
  /** Event raised after either end changes, and after Clear. */
  event?: string;
  enabledWhen?: Logic;
  /** State paths of values this range excludes: both ends are disabled while any of them is set. */
  excludes?: string[];
  /** Message key of a button shown while either end is set, emptying both. */
  clearLabel?: string;
}

/** One level of a cascade: a choice's own members, over the cascade's. */
export interface CascadeLevel {
  id: string;
  label?: string;
  /** State path the choice reads and writes (default `state.<id>`, a memory state the step gains). */
  bind?: string;
  options?: { value: unknown; label: string }[];
  optionsFrom?: Logic;
  optionValue?: Logic;
  optionLabel?: Logic;
  placeholder?: string;
  /** And-ed after the level before it being chosen. */
  enabledWhen?: Logic;
}

/**
 * Choices where each narrows the next (an industry, its sub divisions, their sub groups): written out by the loader
 * as one choice per level over the members given here, each level after the first enabled once the one before it is
 * chosen, a choice clearing every level after it (the step's events `<id>Chosen`); the runtime never sees it.
 */
export interface CascadeBlock extends BlockBase {
  type: 'cascade';
  levels: CascadeLevel[];
  appearance?: 'buttons' | 'radio' | 'dropdown';
  placeholder?: string;
  options?: { value: unknown; label: string }[];
  optionsFrom?: Logic;
  optionValue?: Logic;
  optionLabel?: Logic;
  enabledWhen?: Logic;
}

/** One thumb of a two-thumb slider. */
export interface SliderEnd {
  id?: string;
  /** Message key of the thumb's label. */
  label?: string;
  /** State path the thumb reads and writes. */
  bind: string;
  /** Logic giving the value the thumb shows while `bind` is empty (default: the scale's end on its side). */
  default?: Logic;
}

/**
 * A slider on a scale `from`..`to` in `step`s: one thumb (`bind`) or two (`min` and `max`, a range whose thumbs
 * never cross). Each thumb is a native range input (focusable, `role=slider`, arrows, Page Up / Page Down,
 * Home / End, touch); `valueLabel` gives the text of a value (`item`), shown and read out.
 */
export interface SliderBlock extends BlockBase {
  type: 'slider';
  /** Message key of the label: the thumb's (one thumb) or a heading above both. */
  label?: string;
  /** The scale's lowest value (logic). */
  from: Logic;
  /** The scale's highest value (logic). */
  to: Logic;
  /** The distance between two values (logic; default 1). */
  step?: Logic;
  /** One thumb: the state path it reads and writes. */
  bind?: string;
  /** One thumb: logic giving the value shown while `bind` is empty (default `from`). */
  default?: Logic;
  /** Two thumbs: the lower one. */
  min?: SliderEnd;
  /** Two thumbs: the upper one. */
  max?: SliderEnd;
  /** Logic giving the text of a value from `item` (default: the number). */
  valueLabel?: Logic;
  /** Message key of the text of a thumb whose path is empty (default: its shown value's text). */
  placeholder?: string;
  enabledWhen?: Logic;
  /** Event raised after a change, with payload `{ value }` (one thumb) or `{ min, max }` (two). */
  event?: string;
}
