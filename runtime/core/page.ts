/** Page-level definitions of a step or flow: state, loads, layout (see `schemas/meta/flow.json`). */
import type { BlockDef } from './blocks';
import type { Logic } from './types';

/** How a query-string value is read and written (`runtime/core/query`). */
export type QueryCodec =
  /** The raw text. */
  | 'text'
  /**
   * An integer: the text's leading integer, as `parseInt` reads it (`60000abc` -> 60000); a text
   * without one is dropped (the default applies). `minimum` and `snap` constrain it.
   */
  | 'int'
  /** A list split on `separator` (default `,`); `items: int` converts each item. */
  | 'list'
  /**
   * Groups: `K1:a,b|K2` <-> `{ keys: ['K1', 'K2'], values: ['K1:a', 'K1:b'] }` (`separator` between
   * groups, default `|`; `keySeparator` default `:`; `itemSeparator` default `,`). Values are
   * qualified by their key, so dropping a key drops its values.
   */
  | 'groups';

/** One named piece of page state (logic reads it as `state.<name>`). */
export interface StateDef {
  /**
   * Where the value lives: `query` (the URL's query string: shareable, survives reload),
   * `local` (browser local storage: survives reload), `memory` (this app session only).
   */
  source: 'query' | 'local' | 'memory';
  /** Query parameter / storage key; default: the state name. */
  key?: string;
  /** Query codec (query state only; default `text`). */
  type?: QueryCodec;
  /** List / groups separator (query state only). */
  separator?: string;
  keySeparator?: string;
  itemSeparator?: string;
  /** List items' type (query lists). */
  items?: 'text' | 'int';
  /** Text items of a query list or groups value are read in this case (e.g. upper-cased codes match their options whatever the URL's case). */
  case?: 'upper' | 'lower';
  /** Query int: a smaller value reads as this. */
  minimum?: number;
  /** Query int: the allowed values; any other value reads as the nearest of them (ties: the smaller). */
  snap?: number[];
  /** Value when nothing is stored. */
  default?: unknown;
}

/**
 * Page state as written in a definition, grouped by source (the loader writes each entry out as a `StateDef`):
 * `{ local: { picked: [] }, memory: { dialog: null } }` is `picked: { source: 'local', key:
 * 'fleetform.<flow>[.<step>].picked', default: [] }, dialog: { source: 'memory' }` (null: no default);
 * other members are `StateDef`s as they are.
 */
export type StateGroups = Record<string, StateDef | Record<string, unknown>>;

/** Data a step loads on entry and again whenever its evaluated variables change (`data.<name>`). */
export interface LoadDef {
  /** GraphQL operation name. */
  call: string;
  /** Variables; logic, evaluated as a template (nested objects and lists are evaluated too). */
  variables?: Record<string, Logic>;
  /** Load only while this holds (otherwise `data.<name>` is idle). */
  when?: Logic;
  /** Wait this long after the variables last changed before calling (e.g. typing). */
  debounceMs?: number;
  /**
   * Event raised each time the load answers (done or error); its guards read `data.<name>`. Query
   * state it writes replaces the current history entry (a correction, not a step the user took).
   */
  then?: string;
}

/** The state of one load as logic reads it (`data.<name>`), a discriminated union by `status`. */
export type LoadState =
  | { status: 'idle' }
  | { status: 'loading'; value?: unknown }
  | { status: 'done'; value: unknown }
  | { status: 'error'; error: string };

/** The chrome of a flow's pages: header and footer blocks, shown by each step's `layout`. */
export interface FlowLayoutDef {
  header?: BlockDef[];
  footer?: BlockDef[];
  /** Logic giving the footer's background colour (a CSS colour, e.g. from settings); empty or absent: the theme's. */
  footerBackground?: Logic;
  /** Logic giving the footer's text (and link) colour; empty or absent: the theme's. */
  footerColour?: Logic;
  /** Logic giving the header's background colour; empty or absent: the theme's. */
  headerBackground?: Logic;
  /** Logic giving the header's text (and link) colour; empty or absent: the theme's. */
  headerColour?: Logic;
}

/** Which chrome a step shows. */
export interface StepLayoutDef {
  /** Logic; the flow's header shows when it holds (default: no header). */
  header?: Logic;
  /** The flow's footer: not shown, in the page flow, or stuck to the bottom of the viewport (default `static`). */
  footer?: 'hidden' | 'static' | 'sticky';
  /** Content width: `narrow` (forms, default) or `wide` (lists with a side panel). */
  width?: 'narrow' | 'wide';
}
