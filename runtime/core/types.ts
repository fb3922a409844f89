/**
 * The definition formats the runtime reads, as TypeScript types. The meta-schemas under
 * `schemas/meta/` are the authority for what a file may contain; these types mirror them.
 *
 * Vocabulary:
 * - a *definition set* is every file the loader reads (flows, schemas, messages, layers);
 * - a *layer* is one overlay file (e.g. base, then overlays selected by name); the
 *   configuration names the layers and their order, the runtime knows nothing else about them;
 * - a *flow* is one journey: steps (screens), events, transitions, the status field it drives;
 * - *logic* is a JSON-logic expression evaluated over a {@link LogicContext}.
 */
import type { BlockDef } from './blocks';
import type { FlowLayoutDef, LoadDef, StateDef, StepLayoutDef } from './page';

export type * from './blocks';
export type * from './page';
export type * from './definitionSet';
export type * from './versions/types';

/** A JSON-logic expression (json-logic-js plus the documented added operations). */
export type Logic = unknown;

/** Where a value came from: file, 1-based line and column, and the JSON pointer inside the file. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  pointer: string;
}

/** One problem found while loading or linting definitions. */
export interface DefinitionError extends SourceLocation {
  /** What is wrong, e.g. "unknown step 'aprovals'". */
  message: string;
  /** How to fix it, e.g. "did you mean 'approvals'?". */
  hint?: string;
}

/** The context every logic expression and binding reads. */
export interface LogicContext {
  /** The record the flow drives (e.g. an application), as stored. */
  record?: Record<string, unknown>;
  /** The signed-in user, if any. */
  user?: Record<string, unknown> | null;
  /** Role names the user holds for this record (derived by the flow's `roles`). */
  roles?: string[];
  /** Values of the form being edited. */
  form?: Record<string, unknown>;
  /** Settings of the active layers (merged), e.g. `settings.currency`. */
  settings?: Record<string, unknown>;
  /** ISO timestamp; tests pin it. */
  now?: string;
  [key: string]: unknown;
}

/** A status machine's status order, used for progress trackers. */
export interface StatusDef {
  /** Dotted path of the field the flow drives inside the record, e.g. `scoreboard.status`. */
  field: string;
  /** The statuses in order. */
  order: string[];
  /** Status assumed when the field is empty (optional). */
  initial?: string;
}

/** One flow (journey) file under `flows/`. */
export interface FlowDef {
  /** Unique id; the file name without extension by convention. */
  id: string;
  /** Message key of the flow's title. */
  title?: string;
  /** What the flow is for, for analysts and generated docs (diagrams); never shown to applicants. */
  description?: string;
  /** Base path the flow's step routes are under, e.g. `/applications/:applicationId`. */
  basePath?: string;
  /** The status machine this flow drives, if any. */
  status?: StatusDef;
  /** Role derivation: role name -> logic over the context that holds when the user has the role. */
  roles?: Record<string, Logic>;
  /** Step the flow starts in. */
  initial: string;
  steps: Record<string, StepDef>;
  /** Progress trackers derived from the status order. */
  progress?: Record<string, ProgressDef>;
  /**
   * Page state shared by every step of the flow (`state.<name>`). Shorthand: `local: { name: default }` /
   * `memory: { ... }` group a source's state, written out by the loader (`StateGroups`).
   */
  state?: Record<string, StateDef>;
  /** Header and footer blocks; each step's `layout` says which show. */
  layout?: FlowLayoutDef;
  /** Events every step handles (a step's own `on` entry for the same event wins). */
  on?: Record<string, TransitionDef | TransitionDef[]>;
}

/** One screen of a flow. */
export interface StepDef {
  /** Route path relative to the flow's basePath (or absolute when it starts with '/'). */
  route?: string;
  /**
   * The screen showing this step (a status step without blocks): `flow.step` or a step of this flow. Going to
   * the step (a `@status` target, a status request, `navigate: { step }`) goes to that screen's route.
   */
  screen?: string;
  /** Message key of the step's page title. */
  title?: string;
  /** The status value(s) the record is in while this step is the active one. */
  status?: string | string[];
  /** Roles that may see this step; absent means any role. */
  roles?: string[];
  /**
   * Logic over the route's context (`record`, `user`, `settings`, `params`, and `roles` derived by this flow):
   * when steps of several flows share a route, the first whose `when` holds and whose `roles` the user has is shown.
   */
  when?: Logic;
  /** Screen contents, in order. */
  blocks?: BlockDef[];
  /** Per role, the dotted record paths this role may write while in this step (`*` suffix = subtree). */
  writable?: Record<string, WritableDef[]>;
  /** Event name -> transition(s); the first whose guard holds wins. An `enter` event is raised when the step opens. */
  on?: Record<string, TransitionDef | TransitionDef[]>;
  /** Further absolute paths that open this step (e.g. an old address). */
  aliases?: string[];
  /** This step's own page state (`state.<name>`); `query` state is read from and written to the URL; groups as the flow's. */
  state?: Record<string, StateDef>;
  /** Data loaded on entry and whenever the evaluated variables change (`data.<name>`). */
  load?: Record<string, LoadDef>;
  /** Which of the flow's header and footer the step shows. */
  layout?: StepLayoutDef;
  /** Completion flags: a write of a flag's value asks the server to complete the step (server only). */
  completion?: CompletionDef[];
}

/**
 * A path a role may write in a step: a dotted path any write call may write, or `{ path, via?, lockedWhen? }`:
 * `via` = written only by the named operations (e.g. a file reference that only the attaching call, which checks
 * the file, writes); `lockedWhen` = logic over the application (`record`, `user`, `settings`): while it holds the
 * entry grants nothing (a write that leaves the stored value as it is is still accepted, as unchanged), and a
 * refusal then says `message` (a message key; default `api.error.locked`); `schema` = a form schema whose property of
 * the path's last name the value must also pass (a screen's own rules for a record field, e.g. a review's inline edit).
 */
export type WritableDef = string | { path: string; via?: string[]; lockedWhen?: Logic; message?: string; schema?: string };

/**
 * A completion flag of a step. The client writes the flag itself; the server treats a write that
 * leaves `flag` = `value` as a request and accepts it only when every section is present, has its
 * required members and passes the record schema, and no rule's `when` holds.
 */
export interface CompletionDef {
  description?: string;
  /** Dotted record path of the flag, e.g. `a.details.completed`. */
  flag: string;
  /** The value that means complete, e.g. `yes`. */
  value: string | number | boolean;
  /** What the step needs, checked in order; the first failing one is named in the refusal. */
  sections: CompletionSectionDef[];
  /** Cross-field rules, checked after the sections. */
  rules?: CompletionRuleDef[];
}

/** A section a completion needs: the value at `path` is present (not empty) and valid. */
export interface CompletionSectionDef {
  description?: string;
  /** Dotted record path of the section. */
  path: string;
  /** Members (dotted, relative to the section) that must be present too. */
  required?: string[];
  /** Message key naming the section, shown when it is missing or invalid. */
  message: string;
}

/** A cross-field rule of a completion: when `when` holds (logic over `record`, `user`), the step is refused. */
export interface CompletionRuleDef {
  description?: string;
  when: Logic;
  /** Dotted record path of the section the rule is about (named in the refusal's details). */
  section: string;
  /** Message key shown when the rule refuses. */
  message: string;
}

/** What an event does in a step. */
export interface TransitionDef {
  /** Step to go to; absent means stay; `@status` means the step active in the (new) status. */
  target?: string;
  /** JSON-logic guard; the transition is taken only when it is truthy. */
  guard?: Logic;
  /** Roles that may take this transition; absent means any role that may see the step. */
  roles?: string[];
  /** New value of the flow's status field, if the transition moves the status. */
  status?: string;
  /** Effects run in order when the transition is taken. */
  effects?: EffectDef[];
  /** Who may request the status change: the client (default) or only the server (provider outcomes). */
  by?: 'client' | 'server';
  /** Query-string state of the target step (its `query` state names), logic evaluated as a template. */
  query?: Record<string, Logic>;
  /** Event raised next in the same step once the effects ran (its guards read what they wrote, e.g. a call's result); no cycles (lint). */
  then?: string;
}

/**
 * What a failed call or registered effect does: `retry` (default) stops the event and shows the
 * global error dialog, whose Try Again re-runs the event; `dialog` shows it without re-running
 * (Try Again only clears it); `log` only reports it on the console and the event goes on.
 */
export type OnError = 'retry' | 'dialog' | 'log';

/** An effect: a named GraphQL binding, a field write, or a named registered effect. */
export type EffectDef = (
  /** `updatesRecord`: the call changes the record (e.g. an officer selection): the page's copy is read again after it. */
  | { call: string; variables?: Record<string, Logic>; result?: string; onError?: OnError; updatesRecord?: boolean }
  | { set: string; value: Logic }
  | { effect: string; params?: Record<string, Logic>; onError?: OnError }
  /** A path (logic), or a named route: `{ step: 'flow.step' | 'step', params?: { name: logic } }` (no URL built in YAML). */
  | { navigate: Logic | NamedRoute; replace?: boolean }
  | SaveEffectDef
  | { request: string; onError?: OnError }
) & {
  /** Logic; the effect runs only when it holds (read after the effects before it). */
  when?: Logic;
};

/**
 * A declared save: the value (default: the form's values) with `with`'s members over it, saved at a record path
 * through the definition set's record API (`record.save` in the configuration); the page's copy of the record is
 * then read again from the server. `result`: where the save's answer goes.
 */
export interface SaveEffectDef {
  /** Record path saved (below `record.`), e.g. `scoreboard.businessDetails.annualRevenue`. */
  save: string;
  value?: Logic;
  with?: Record<string, Logic>;
  result?: string;
  onError?: OnError;
}

/** A route named by its step: `flow.step` (another flow's) or `step` (this flow's); `params` fill its `:name` segments (default: the page's). */
export interface NamedRoute {
  step: Logic;
  params?: Record<string, Logic>;
}

/**
 * How a definition set's runtime saves its record and asks for status transitions (fleetform.yaml `record`):
 * two bindings whose variables read `save.path`, `save.segments`, `save.value` (a save) or `request.event`.
 */
export interface RecordApiDef {
  save?: { call: string; variables: Record<string, Logic> };
  request?: { call: string; variables: Record<string, Logic> };
  /** How an upload block with `slot: <name>` asks for its upload URLs (variables read `upload.slot`, the slot's settings). */
  upload?: UploadBindingDef;
}

/**
 * The upload binding: an upload block's `slot: name` is the block with this `call` and `variables` (and `refusals`
 * unless it gives its own), `{ var: upload.slot.x }` written out as `{ var: <slots>.<name>.x }`.
 */
export interface UploadBindingDef {
  call: string;
  variables: Record<string, Logic>;
  /** Where the slots' settings are (e.g. `settings.uploads.slots`). */
  slots: string;
  /** Message-key prefix of the server's refusal texts. */
  refusals?: string;
}

/** A progress tracker: rows mapped to statuses of the flow's status order. */
export interface ProgressDef {
  rows: ProgressRowDef[];
}

/** One row of a progress tracker. */
export interface ProgressRowDef {
  id: string;
  /** Message key of the label. */
  label: string;
  /** The status of the flow's order the row stands for; absent: a row that is always completed (e.g. a first step done before the status machine starts). */
  status?: string;
  /** An info button beside the label: its accessible name (message key) and the event it raises (e.g. one opening a dialog). */
  info?: { label: string; event: string };
}

/** Row state in a progress tracker (spec: completed / progress / pending). */
export type ProgressState = 'completed' | 'progress' | 'pending';

/** A layer file (base or an overlay): settings, messages, formats, schema patches. */
export interface LayerDef {
  id: string;
  /** Free-form settings read by logic (`settings.*`) and widgets. */
  settings?: Record<string, unknown>;
  /** Message key -> text. */
  messages?: Record<string, string>;
  /** Schema id -> partial schema merged over it. */
  schemas?: Record<string, Record<string, unknown>>;
  /** Named formats: format name -> pattern and message key (used by `format:` in schemas). */
  formats?: Record<string, FormatDef>;
  /** Nested layers, e.g. an overlay's overrides per other selection: name -> layer body. */
  layers?: Record<string, Omit<LayerDef, 'id' | 'layers'>>;
}

/** Named formats: a regex pattern and the message key shown when it fails. */
export interface FormatDef {
  pattern: string;
  /** Compile the pattern case-insensitively. */
  ignoreCase?: boolean;
  message: string;
  /** Suffix tried first on length message keys for fields of this format, e.g. `digits`; its lengths count those units, so a value outside the format gets the format's message first. */
  variant?: string;
  /** A regular-expression character class of characters dropped before checking and storing (spaces, thousands separators), e.g. `[ ,]`. */
  ignore?: string;
}

/** The result of the flow machine. */
export interface FlowState {
  step: string;
  /** The flow's status value, when it has one. */
  status?: string;
}

/** An event raised by the UI or the server. */
export interface FlowEvent {
  type: string;
  payload?: Record<string, unknown>;
}
