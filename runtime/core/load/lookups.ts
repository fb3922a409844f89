/**
 * The `lookup` block: a text box whose suggestions come from a call while the person types, and whose pick fetches
 * the picked suggestion's details (an address autocomplete, a company search). Written out by the loader, after a
 * step's blocks are expanded, into what the step would otherwise spell by hand (runtime/core/README.md 'Shorthands'):
 *
 * - one memory state `<id>`: `{ text, picked, details }` (the typed text, the suggestion picked, the details' answer);
 * - a load `<id>Suggestions` of `suggest.call`, `suggest.debounceMs` after the last keystroke, while the trimmed text
 *   has `suggest.minLength` characters and nothing is picked;
 * - in the lookup's place a group of a `combobox` (invalid while a text is typed and not picked, once the suggestions
 *   are not loading) and the `searching` and `empty` texts;
 * - events `<id>Picked` (the `details` call into `state.<id>.details`) then `<id>Detailed` (the `onPick` effects);
 * - with `restore: logic`, the text and the pick from that value on enter (a value held counts as picked).
 *
 * Logic in `suggest.variables` and `details.variables` reads the lookup's own state as `lookup.text`, `lookup.picked`,
 * `lookup.details` (a preset does not know the id), written out as `state.<id>.…`.
 */

import { renameVars } from './renameVars';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Logic with every `{ var: 'lookup.x' }` read as `{ var: 'state.<id>.x' }`. */
const ownState = (logic: unknown, id: string): unknown => renameVars(logic, 'lookup', `state.${id}`);

/** What a step gains from its lookups: state, loads, events and enter effects. */
interface StepParts {
  state: Obj;
  load: Obj;
  on: Obj;
  enter: unknown[];
  /** What each added entry comes from: `state/<id>`, `load/<name>`, `on/<event>`, `enter/<i>` -> the lookup's block path. */
  owners: Record<string, string>;
  /** Block lists where one block became several (a cascade): the list's path, the block's index there, how many. */
  spread: BlockSpread[];
}

/** One block of a list (`blocks/2/blocks`, index 4) written out as `count` blocks in its place. */
export interface BlockSpread {
  list: string;
  index: number;
  count: number;
}

/** A lookup block as the group it stands for, its step parts added to `parts`. */
function writeOut(block: Obj, parts: StepParts, path: string): Obj {
  const { type: _lookup, id: rawId, suggest: rawSuggest, details: rawDetails, onPick, restore, searching, empty, visibleWhen, media, clientOnly, ...box } = block;
  const id = String(rawId);
  const suggest = isObject(rawSuggest) ? rawSuggest : {};
  const details = isObject(rawDetails) ? rawDetails : undefined;
  const at = (name: string) => ({ var: `state.${id}.${name}` });
  const data = `data.${id}Suggestions`;
  const searchable = { '>=': [{ length: { trim: at('text') } }, suggest.minLength ?? 1] };
  const notPicked = { '!': at('picked') };
  const status = (s: string) => ({ '==': [{ var: `${data}.status` }, s] });

  parts.state[id] = { source: 'memory', default: { text: '', picked: null, details: null } };
  parts.owners[`state/${id}`] = path;
  parts.owners[`load/${id}Suggestions`] = path;
  parts.owners[`on/${id}Picked`] = path;
  parts.owners[`on/${id}Detailed`] = path;
  parts.load[`${id}Suggestions`] = {
    call: suggest.call,
    ...(suggest.debounceMs === undefined ? {} : { debounceMs: suggest.debounceMs }),
    when: { and: [searchable, notPicked] },
    ...(suggest.variables === undefined ? {} : { variables: ownState(suggest.variables, id) }),
  };
  const picked = `${id}Picked`;
  const detailed = `${id}Detailed`;
  const effects = Array.isArray(onPick) ? onPick : [];
  if (details) {
    const { call, variables, ...rest } = details;
    parts.on[picked] = { effects: [{ call, ...(variables === undefined ? {} : { variables: ownState(variables, id) }), ...rest, result: `state.${id}.details` }], then: detailed };
    parts.on[detailed] = { effects };
  } else {
    parts.on[picked] = { effects };
  }
  if (restore !== undefined) {
    parts.owners[`enter/${parts.enter.length}`] = `${path}/restore`;
    parts.owners[`enter/${parts.enter.length + 1}`] = `${path}/restore`;
    parts.enter.push({ set: `state.${id}.text`, value: { or: [restore, ''] } }, { set: `state.${id}.picked`, value: { or: [restore, null] } });
  }
  const blocks: Obj[] = [
    {
      ...box,
      type: 'combobox',
      id,
      text: `state.${id}.text`,
      bind: `state.${id}.picked`,
      optionsFrom: { var: `${data}.value` },
      event: picked,
      invalidWhen: { and: [at('text'), notPicked, { '!=': [{ var: `${data}.status` }, 'loading'] }] },
    },
  ];
  if (typeof searching === 'string') blocks.push({ type: 'text', text: searching, variant: 'busy', visibleWhen: { and: [searchable, notPicked, status('loading')] } });
  if (typeof empty === 'string') {
    blocks.push({ type: 'text', text: empty, visibleWhen: { and: [searchable, notPicked, status('done'), { '!': { length: { var: `${data}.value` } } }] } });
  }
  return {
    type: 'group',
    id: `${id}Lookup`,
    ...(visibleWhen === undefined ? {} : { visibleWhen }),
    ...(media === undefined ? {} : { media }),
    ...(clientOnly === undefined ? {} : { clientOnly }),
    blocks,
  };
}

/**
 * An inline edit's `save: <record path>`: the event `<id>Saved` saving `{ var: event.value }` there (the value its tick
 * raises once it passes), and the block raising it.
 */
function inlineEditSave(block: Obj, parts: StepParts, path: string): Obj {
  const { save, ...rest } = block;
  const event = `${String(block.id)}Saved`;
  parts.on[event] = { effects: [{ save, value: { var: 'event.value' } }] };
  parts.owners[`on/${event}`] = `${path}/save`;
  return { ...rest, event };
}

/** The cascade members each level's choice takes (a level's own win). */
const CASCADE_SHARED: readonly string[] = ['appearance', 'placeholder', 'options', 'optionsFrom', 'optionValue', 'optionLabel', 'visibleWhen', 'media', 'clientOnly'];

/**
 * A cascade as its choices, one per level over the cascade's choice members: a level without `bind` binds
 * `state.<id>` (a memory state the step gains), a level after the first is enabled once the one before it is chosen
 * (and-ed before its own `enabledWhen`), and a choice raises `<id>Chosen`, which empties every level after it.
 */
function cascadeChoices(block: Obj, parts: StepParts, path: string): Obj[] {
  const shared = Object.fromEntries(Object.entries(block).filter(([k]) => CASCADE_SHARED.includes(k)));
  const levels = (Array.isArray(block.levels) ? block.levels : []).filter(isObject);
  const binds = levels.map((level) => (typeof level.bind === 'string' ? level.bind : `state.${String(level.id)}`));
  const together = (conditions: unknown[]): unknown => (conditions.length === 1 ? conditions[0] : { and: conditions });
  return levels.map((level, i) => {
    const { id, bind: _bind, enabledWhen, ...own } = level;
    const choice: Obj = { type: 'choice', id, bind: binds[i], ...shared, ...own };
    if (level.bind === undefined) {
      parts.state[String(id)] = { source: 'memory' };
      parts.owners[`state/${String(id)}`] = `${path}/levels/${i}`;
    }
    const later = binds.slice(i + 1);
    if (later.length) {
      choice.event = `${String(id)}Chosen`;
      parts.on[choice.event as string] = { effects: later.map((b) => ({ set: b, value: null })) };
      parts.owners[`on/${String(id)}Chosen`] = `${path}/levels/${i}`;
    }
    const enabled = [...(i > 0 ? [{ var: binds[i - 1] }] : []), ...(block.enabledWhen === undefined ? [] : [block.enabledWhen]), ...(enabledWhen === undefined ? [] : [enabledWhen])];
    if (enabled.length) choice.enabledWhen = together(enabled);
    return choice;
  });
}

/** The blocks with every lookup, cascade and inline edit's `save` (at any depth) written out. */
function walkBlocks(blocks: unknown[], parts: StepParts, found: string[], at: string): unknown[] {
  return blocks.flatMap((b, i) => {
    if (!isObject(b)) return [b];
    if (b.type === 'lookup') {
      found.push(String(b.id));
      return [writeOut(b, parts, `${at}/${i}`)];
    }
    if (b.type === 'cascade') {
      found.push(`cascade ${i}`);
      const choices = cascadeChoices(b, parts, `${at}/${i}`);
      parts.spread.push({ list: at, index: i, count: choices.length });
      return choices;
    }
    if (b.type === 'inlineEdit' && typeof b.save === 'string') {
      found.push(String(b.id));
      return [inlineEditSave(b, parts, `${at}/${i}`)];
    }
    return [Array.isArray(b.blocks) ? { ...b, blocks: walkBlocks(b.blocks, parts, found, `${at}/${i}/blocks`) } : b];
  });
}

/** A name the step already uses that a lookup (or an inline edit's save) would add. */
export interface LookupClash {
  /** The member of the step (`state`, `load` or `on`) and the name. */
  member: 'state' | 'load' | 'on';
  name: string;
  /** The block type that adds it (`lookup`, `cascade`, `inlineEdit`). */
  by: string;
}

/**
 * A (walked) step with its lookups written out, the names its own state, loads or events already use (the
 * lookup's are then left out), and the lookup each added entry comes from (paths under the step, `blocks/0/...`;
 * the step's own enter effects follow the added ones) and the blocks that became several (`spread`, a cascade's
 * choices). The same object when the step has no lookup.
 */
export function stepLookups(step: Obj): { step: Obj; clashes: LookupClash[]; owners: Record<string, string>; spread: BlockSpread[] } {
  if (!Array.isArray(step.blocks)) return { step, clashes: [], owners: {}, spread: [] };
  const parts: StepParts = { state: {}, load: {}, on: {}, enter: [], owners: {}, spread: [] };
  const found: string[] = [];
  const blocks = walkBlocks(step.blocks, parts, found, 'blocks');
  if (!found.length) return { step, clashes: [], owners: {}, spread: [] };
  const clashes: LookupClash[] = [];
  /** The type of the block at an owner path (`blocks/3/levels/0`: the cascade at blocks/3). */
  const blockType = (path: string | undefined): string => {
    let value: unknown = { blocks: step.blocks };
    for (const key of (path ?? '').split('/')) {
      if (key === 'levels' || key === 'save' || key === 'restore') break;
      value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
    }
    return isObject(value) && typeof value.type === 'string' ? value.type : 'lookup';
  };
  const merge = (member: 'state' | 'load' | 'on', added: Obj): Obj => {
    const own = isObject(step[member]) ? (step[member] as Obj) : {};
    for (const name of Object.keys(added)) if (name in own) clashes.push({ member, name, by: blockType(parts.owners[`${member}/${name}`]) });
    return { ...added, ...own };
  };
  const on = merge('on', parts.on);
  if (parts.enter.length) {
    const prepend = (t: unknown) => (isObject(t) ? { ...t, effects: [...parts.enter, ...(Array.isArray(t.effects) ? t.effects : [])] } : t);
    on.enter = on.enter === undefined ? { effects: parts.enter } : Array.isArray(on.enter) ? on.enter.map(prepend) : prepend(on.enter);
  }
  return { step: { ...step, blocks, state: merge('state', parts.state), load: merge('load', parts.load), on }, clashes, owners: parts.owners, spread: parts.spread };
}
