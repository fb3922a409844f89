/**
 * Block and effect shorthands the loader writes out in full while it expands fragments, so the server,
 * lint and the browser only ever see the long form (runtime/core/README.md 'Shorthands').
 */

import type { UploadBindingDef } from '../types';
import { renameVars } from './renameVars';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A shorthand written in a way that cannot be written out: the member at fault and what is wrong. */
export interface ShorthandProblem {
  key: string;
  message: string;
  hint: string;
}

/** The conditions of an `and`, or the logic itself as the one condition. */
const conditions = (logic: unknown): unknown[] => (isObject(logic) && Array.isArray(logic.and) ? logic.and : [logic]);

/**
 * A block with its shorthands written out (the same object when it has none):
 * - a block with `widget: name` and no `type` is a widget block (`type: widget`);
 * - a range (`type: range`) is a row group of its two choices (or a column of its two-thumb slider) and its Clear button (see rangeGroup);
 * - `hiddenWhen: X` is `visibleWhen: { '!': X }`;
 * - a form's `submitNeeds: [a, b]` is `submitEnabledWhen: { and: [form.a, form.b, !formErrors.a, !formErrors.b, ...] }`
 *   (each field filled and showing no error; a `submitEnabledWhen` given too is and-ed after them);
 * - a dialog's `openWhenState: state.dialog` is `openWhen: { '==': [{ var: state.dialog }, <the dialog's id>] }`;
 * - an upload's `slot: name` is the configuration's upload binding (`record.upload`: call, variables, refusals), its
 *   `{ var: upload.slot.x }` read at `<slots>.<name>.x`; members the block gives win;
 * - a dialog's `closeLabel: key` adds a last block: a secondary button with that label raising `closeEvent`;
 * - a dialog's `body: key` (or a list of keys) is a first text block per key, and its `actions: [blocks]` a last
 *   group of variant `actions` holding them (the buttons of a message dialog).
 */
export function blockShorthands(given: unknown, upload?: UploadBindingDef): { block: unknown; problems: ShorthandProblem[] } {
  let block = given;
  if (isObject(block) && block.type === 'upload' && typeof block.slot === 'string') {
    if (!upload) return { block, problems: [{ key: 'slot', message: 'an upload slot needs the configuration\'s record.upload', hint: 'declare record.upload in fleetform.yaml, or give the block its call and variables' }] };
    block = slotUpload(block, upload);
  }
  if (isObject(block) && block.type === undefined && typeof block.widget === 'string') block = { type: 'widget', ...block };
  if (isObject(block) && block.type === 'range') block = rangeGroup(block);
  const chosen = isObject(block) ? chosenMember(block) : undefined;
  if (!isObject(block) || (!chosen && !['hiddenWhen', 'submitNeeds', 'openWhenState', 'closeLabel', 'otherwise', 'body', 'actions'].some((k) => k in block))) return { block, problems: [] };
  const problems: ShorthandProblem[] = [];
  const { hiddenWhen, submitNeeds, openWhenState, closeLabel, body, actions, ...out } = block;
  if (body !== undefined || actions !== undefined) {
    const texts = (Array.isArray(body) ? body : body === undefined ? [] : [body]).map((text) => ({ type: 'text', text }));
    const bar = Array.isArray(actions) ? [{ type: 'group', variant: 'actions', blocks: actions }] : [];
    out.blocks = [...texts, ...(Array.isArray(out.blocks) ? out.blocks : []), ...bar];
  }
  if (chosen) {
    const args = (out[chosen] as Obj).if as unknown[];
    const bad = args.findIndex((a, i) => (i % 2 === 1 || i === args.length - 1) && typeof a !== 'string');
    if (bad >= 0) {
      problems.push({ key: `${chosen}/if/${bad}`, message: `${chosen} chosen by if: each case's ${chosen} is a message key`, hint: `if: [<when>, key, <when>, key, <else key>]` });
      out[chosen] = '';
    } else if ('otherwise' in out) {
      problems.push({ key: 'otherwise', message: `a block whose ${chosen} is chosen by if has no otherwise`, hint: `give the if a last key: the ${chosen} when no case holds` });
      delete out.otherwise;
    }
  }
  if ('otherwise' in out && hiddenWhen === undefined && out.visibleWhen === undefined) {
    problems.push({ key: 'otherwise', message: 'otherwise needs the visibleWhen or hiddenWhen it is the other case of', hint: 'add visibleWhen: <when this block shows>' });
    delete out.otherwise;
  }
  if (hiddenWhen !== undefined) {
    if ('visibleWhen' in out) problems.push({ key: 'hiddenWhen', message: 'a block has either visibleWhen or hiddenWhen', hint: "fold one into the other, e.g. visibleWhen: { and: [A, { '!': B }] }" });
    else out.visibleWhen = { '!': hiddenWhen };
  }
  if (Array.isArray(submitNeeds)) {
    const needs = submitNeeds.map(String);
    out.submitEnabledWhen = {
      and: [
        ...needs.map((f) => ({ var: `form.${f}` })),
        ...needs.map((f) => ({ '!': { var: `formErrors.${f}` } })),
        ...(out.submitEnabledWhen === undefined ? [] : conditions(out.submitEnabledWhen)),
      ],
    };
  }
  if (openWhenState !== undefined) {
    if ('openWhen' in out) problems.push({ key: 'openWhenState', message: 'a dialog has either openWhen or openWhenState', hint: 'keep openWhen for any other condition' });
    else out.openWhen = { '==': [{ var: openWhenState }, out.id] };
  }
  if (closeLabel !== undefined) {
    if (typeof out.closeEvent !== 'string') problems.push({ key: 'closeLabel', message: 'closeLabel needs the closeEvent its button raises', hint: 'add closeEvent: closeDialog (an event the flow handles)' });
    else out.blocks = [...(Array.isArray(out.blocks) ? out.blocks : []), { type: 'button', label: closeLabel, event: out.closeEvent, appearance: 'secondary' }];
  }
  return { block: out, problems };
}

/**
 * A block written out as the blocks it stands for (the block alone when it is no such shorthand):
 * - a text's `text: [k1, k2]` is one text block per key, each with the block's other members (lines that show together);
 * - a group's `narrow: { variant, title, ... }` is two groups: this one on wide screens (`media: wide`) and, on
 *   narrow ones, the same blocks with those members over it (`media: narrow`), e.g. a bar that folds into an expander;
 * - a block's `otherwise: { members }` adds a copy of it with those members over it, shown when the block is not
 *   (its `visibleWhen` negated: `{ '!': X }` is X, `==` is `!=` and the reverse, else `{ '!': ... }`), e.g. Log in / Log out;
 * - a text's `text` or a button's / link's `label` written `{ if: [when, key, ..., else] }` is one copy per case,
 *   each shown while its case is the first that holds (see caseCopies), e.g. a page's message chosen by an answer;
 * - an image's `fallbackLabel: key` adds a link with that label to the image's `href` (a text when it has none),
 *   shown while `src` is empty (and the image's own `visibleWhen` holds).
 */
export function blockCopies(block: unknown): unknown[] {
  if (!isObject(block)) return [block];
  if (block.type === 'text' && Array.isArray(block.text)) return block.text.flatMap((text) => blockCopies({ ...block, text }));
  const chosen = chosenMember(block);
  if (chosen) return caseCopies(block, chosen).flatMap(blockCopies);
  if (isObject(block.otherwise)) {
    const { otherwise, ...shown } = block;
    return [shown, { ...shown, ...otherwise, visibleWhen: negation(shown.visibleWhen) }].flatMap(blockCopies);
  }
  if (block.type === 'group' && isObject(block.narrow)) {
    const { narrow, ...group } = block;
    return [{ ...group, media: 'wide' }, { ...group, ...narrow, media: 'narrow' }];
  }
  if (block.type === 'image' && typeof block.fallbackLabel === 'string') {
    const { fallbackLabel, ...image } = block;
    const noSource = { '!': image.src };
    const fallback: Obj = image.href === undefined ? { type: 'text', text: fallbackLabel } : { type: 'link', label: fallbackLabel, href: image.href };
    if (image.media !== undefined) fallback.media = image.media;
    fallback.visibleWhen = image.visibleWhen === undefined ? noSource : { and: [...conditions(image.visibleWhen), noSource] };
    return [image, fallback];
  }
  return [block];
}

/** The choice members a range gives both its ends (an end's own members win). */
const RANGE_SHARED: readonly string[] = ['appearance', 'placeholder', 'options', 'optionsFrom', 'optionValue', 'optionLabel', 'event', 'enabledWhen'];

/** The range members a slider range gives its slider (`optionLabel` as the slider's `valueLabel`). */
const SLIDER_SHARED: readonly string[] = ['appearance', 'from', 'to', 'step', 'placeholder', 'optionLabel', 'event', 'enabledWhen'];

/** A range's two-thumb slider: its shared members (`optionLabel` renamed `valueLabel`) and the ends as `min`, `max`. */
function sliderOf(shared: Obj, [min, max]: Obj[]): Obj {
  const { appearance: _slider, optionLabel, ...members } = shared;
  return { type: 'slider', ...members, ...(optionLabel === undefined ? {} : { valueLabel: optionLabel }), min, max };
}

/** Logic true while none of the state paths holds a value: `{ '!': { or: [{ var: a }, { var: b }] } }`. */
const noneSet = (paths: string[]): unknown => ({ '!': paths.length === 1 ? { var: paths[0] } : { or: paths.map((p) => ({ var: p })) } });

/**
 * A range `{ type: range, min: { bind, ... }, max: { bind, ... }, ...choice members, excludes?, clearLabel? }` written
 * out as `{ type: group, variant: row, blocks: [min choice, max choice, Clear button] }`:
 * - each end is a choice of the range's choice members (appearance, placeholder, options, optionsFrom, optionValue,
 *   optionLabel, event, enabledWhen) with the end's own members over them;
 * - `excludes: [paths]` disables both ends while any of those state paths is set (and-ed after an `enabledWhen`);
 * - `clearLabel: key` adds a subtle button with that label, shown while either end is set, that writes null to both
 *   ends and raises the range's `event`;
 * - the range's other members (id, visibleWhen, hiddenWhen, otherwise, media, description) stay on the group;
 * - `appearance: slider`: a column group of one two-thumb slider instead of the choices (`from`, `to`, `step`,
 *   `placeholder`, `event`, `enabledWhen` and `optionLabel` as its `valueLabel`; the ends, with their `default`, as
 *   its `min` and `max`), then the Clear button.
 */
function rangeGroup(range: Obj): Obj {
  const { type: _range, min, max, excludes, clearLabel, ...rest } = range;
  const slider = rest.appearance === 'slider';
  const shared: Obj = {};
  const group: Obj = { type: 'group', variant: slider ? 'column' : 'row' };
  for (const [key, value] of Object.entries(rest)) ((slider ? SLIDER_SHARED : RANGE_SHARED).includes(key) ? shared : group)[key] = value;
  const enabled = [...(shared.enabledWhen === undefined ? [] : [shared.enabledWhen]), ...(Array.isArray(excludes) ? [noneSet(excludes.map(String))] : [])];
  delete shared.enabledWhen;
  if (enabled.length) shared.enabledWhen = enabled.length === 1 ? enabled[0] : { and: enabled.flatMap(conditions) };
  const ends: Obj[] = [min, max].map((end) => (slider ? { ...(isObject(end) ? end : {}) } : { type: 'choice', ...shared, ...(isObject(end) ? end : {}) }));
  const blocks: Obj[] = slider ? [sliderOf(shared, ends)] : [...ends];
  if (clearLabel !== undefined) {
    const binds = ends.map((end) => String(end.bind));
    const clear: Obj = { type: 'button', label: clearLabel, appearance: 'subtle', set: Object.fromEntries(binds.map((b) => [b, null])) };
    if (shared.event !== undefined) clear.event = shared.event;
    clear.visibleWhen = { or: binds.map((b) => ({ var: b })) };
    blocks.push(clear);
  }
  return { ...group, blocks };
}

/** The members naming a message key that may be chosen by conditions: `text: { if: [when, key, ..., else] }`. */
const CASE_MEMBERS: readonly string[] = ['text', 'label'];

/** The member of a block written as `{ if: [...] }` where a message key goes, if any. */
const chosenMember = (block: Obj): string | undefined =>
  CASE_MEMBERS.find((k) => isObject(block[k]) && Object.keys(block[k] as Obj).length === 1 && Array.isArray((block[k] as Obj).if));

/**
 * A block whose `text` (or `label`) is `{ if: [c1, k1, c2, k2, ..., kElse] }`, as JSON-logic's `if` reads it,
 * written out as one copy per case: the copy with k1 shown while c1 holds, k2 while c1 does not and c2 does, ...,
 * kElse while none does (no kElse: nothing then); each and-ed with the block's own `visibleWhen`.
 */
function caseCopies(block: Obj, member: string): Obj[] {
  const args = (block[member] as Obj).if as unknown[];
  const own = block.visibleWhen === undefined ? [] : conditions(block.visibleWhen);
  const copies: Obj[] = [];
  const before: unknown[] = [];
  for (let i = 0; i < args.length; i += 2) {
    const last = i === args.length - 1;
    const when = [...own, ...before.map(negation), ...(last ? [] : [args[i]])];
    const copy: Obj = { ...block, [member]: last ? args[i] : args[i + 1] };
    delete copy.visibleWhen;
    if (when.length) copy.visibleWhen = when.length === 1 ? when[0] : { and: when };
    copies.push(copy);
    if (!last) before.push(args[i]);
  }
  return copies;
}

const NEGATED: Record<string, string> = { '==': '!=', '!=': '==', '===': '!==', '!==': '===' };

/** Logic true exactly when `logic` is not (truthiness), written as simply as the operation allows. */
export function negation(logic: unknown): unknown {
  if (isObject(logic) && Object.keys(logic).length === 1) {
    const [op, args] = Object.entries(logic)[0];
    if (op === '!' && !Array.isArray(args)) return args;
    if (op === '!' && (args as unknown[]).length === 1) return (args as unknown[])[0];
    if (op in NEGATED) return { [NEGATED[op]]: args };
  }
  return { '!': logic };
}

/** An effect with its shorthand written out: `{ set: { a: 1, b: 2 } }` is `[{ set: a, value: 1 }, { set: b, value: 2 }]`. */
export function effectShorthands(effect: unknown): unknown[] {
  if (!isObject(effect) || !isObject(effect.set)) return [effect];
  return Object.entries(effect.set).map(([path, value]) => ({ set: path, value }));
}

/** The sources page state may be grouped by: `state: { local: { name: default, ... }, memory: { ... }, query: { name: type } }`. */
export const STATE_GROUPS: readonly string[] = ['local', 'memory', 'query'];

/** Whether a state map's member is a group of entries (a source's name holding no `source` of its own). */
export const isStateGroup = (key: string, value: unknown): value is Obj => STATE_GROUPS.includes(key) && isObject(value) && !('source' in value);

/**
 * A state map with its groups written out, each entry with where it was written (`group/name`, or `name`):
 * `local: { picked: [] }` is `picked: { source: local, key: <keyPrefix>.picked, default: [] }`,
 * `memory: { dialog: null }` is `dialog: { source: memory }` (null: no default), `query: { page: int }` is
 * `page: { source: query, type: int }` (an entry written as a map: those members, `source: query` added);
 * other members stay as they are.
 */
export function stateGroups(state: Obj, keyPrefix: string): { name: string; def: unknown; from: string[] }[] {
  return Object.entries(state).flatMap(([key, value]) => {
    if (!isStateGroup(key, value)) return [{ name: key, def: value, from: [key] }];
    return Object.entries(value).map(([name, initial]) => {
      if (key === 'query') return { name, def: isObject(initial) ? { source: key, ...initial } : { source: key, type: initial }, from: [key, name] };
      const def: Obj = { source: key };
      if (key === 'local') def.key = `${keyPrefix}.${name}`;
      if (initial !== null) def.default = initial;
      return { name, def, from: [key, name] };
    });
  });
}

/** A list written as `{ values: [a, b], labels: prefix }`: `[{ <valueKey>: a, label: prefix.a }, ...]` (options, stepper steps). */
export function labelledList(value: Obj, valueKey: string): Obj[] {
  const values = Array.isArray(value.values) ? value.values : [];
  return values.map((v: unknown) => ({ [valueKey]: v, label: `${String(value.labels)}.${String(v)}` }));
}

/** An upload block with `slot: name` as the upload binding's call, variables and refusals under the block's own members. */
function slotUpload(block: Obj, upload: UploadBindingDef): Obj {
  const { slot, ...own } = block;
  const rewrite = (logic: unknown): unknown => renameVars(logic, 'upload.slot', `${upload.slots}.${String(slot)}`);
  return { call: upload.call, variables: rewrite(upload.variables), ...(upload.refusals === undefined ? {} : { refusals: upload.refusals }), ...rewrite(own) as Obj };
}
