import type { ValidateFunction } from 'ajv';
import type { DefinitionError, SourceMaps } from '../types';
import { didYouMean, errorAt, escapeSegment, positionOf, toPointer } from '../source';
import { MappingUseError, mappingEffects, mappingFields, mappingTemplate, type MappingDef } from './mappings';
import type { SourcePosition } from '../definitionSet';
import type { UploadBindingDef } from '../types';
import { stepLookups, type BlockSpread } from './lookups';
import { renameVars } from './renameVars';
import { blockCopies, blockShorthands, effectShorthands, isStateGroup, labelledList, stateGroups } from './shorthands';

/**
 * What a fragment holds, named by its one kind key: a roles map, a block list, a list of record paths, a
 * mapping, a block preset, a flow's page layout (header, footer, their colours), a logic expression, a step
 * (the members several flows' steps share) or events (a step's `on` entries several steps share).
 */
export type FragmentKind = 'roles' | 'blocks' | 'paths' | 'mapping' | 'preset' | 'layout' | 'logic' | 'step' | 'events';
/** The kind keys a fragment may have (exactly one of them). */
export const FRAGMENT_KINDS: readonly FragmentKind[] = ['roles', 'blocks', 'paths', 'mapping', 'preset', 'layout', 'logic', 'step', 'events'];

/** The maps a `use` merges fragments into, each entry named once (the fragments' first, then the map's own), and what an entry is called. */
const MERGED_MAPS: Partial<Record<FragmentKind, string>> = { roles: 'role', events: 'event' };
/** The key that names fragments where a flow uses them. */
export const USE = 'use';

/** One named fragment as read from a `fragments/*.yaml` file. */
export interface Fragment {
  name: string;
  kind: FragmentKind;
  value: unknown;
  file: string;
  /** Pointer of the fragment's kind key in its file (e.g. `/applicant/roles`). */
  pointer: string;
}

/** Fragment name -> fragment. */
export type Fragments = Record<string, Fragment>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Gather the fragments of the fragment files; duplicate names and fragments without exactly one kind are errors. */
export function collectFragments(files: Record<string, unknown>, sources: SourceMaps): { fragments: Fragments; errors: DefinitionError[] } {
  const fragments: Fragments = {};
  const errors: DefinitionError[] = [];
  for (const [file, value] of Object.entries(files)) {
    if (!isObject(value)) continue;
    for (const [name, body] of Object.entries(value)) {
      const at = toPointer([name]);
      if (!isObject(body)) continue; // the meta-schema reports the shape
      const kinds = FRAGMENT_KINDS.filter((k) => k in body);
      if (kinds.length !== 1) {
        errors.push(errorAt(sources, file, at, `fragment '${name}' must have exactly one of ${FRAGMENT_KINDS.map((k) => `'${k}'`).join(', ')}`, kinds.length ? `split it into ${kinds.length} fragments` : "e.g. roles: { ... } or blocks: [ ... ]"));
        continue;
      }
      const other = fragments[name];
      if (other) {
        errors.push(errorAt(sources, file, at, `fragment '${name}' is already defined in ${other.file}`, 'give each fragment a unique name'));
        continue;
      }
      fragments[name] = { name, kind: kinds[0], value: body[kinds[0]], file, pointer: toPointer([name, kinds[0]]) };
    }
  }
  return { fragments, errors };
}

/** Where the walk is: the file and pointer it reads from, and the flow position expanded values are credited to. */
interface Cursor {
  file: string;
  pointer: string;
  /** Set inside a fragment: the position of the flow's `use` that brought it in. */
  origin?: SourcePosition;
  /** Fragments being expanded, outermost first (cycle detection). */
  stack: string[];
}

/** Marks a step whose `sections` were written into its `enter` (so the walk does it once). */
const SECTIONS_DONE = Symbol('sections');

/**
 * A step's `sections` (mappings from its page state to the record): on enter its state comes from the record
 * through each mapping read in reverse, before the step's own `enter` effects (every alternative of them).
 */
function withSections(step: Record<string, unknown>): Record<string, unknown> {
  const restore = (step.sections as unknown[]).map((name) => ({ [USE]: name, reverse: true }));
  const on = isObject(step.on) ? step.on : {};
  const prepend = (t: unknown) => (isObject(t) ? { ...t, effects: [...restore, ...(Array.isArray(t.effects) ? t.effects : [])] } : t);
  const enter = on.enter === undefined ? { effects: restore } : Array.isArray(on.enter) ? on.enter.map(prepend) : prepend(on.enter);
  return { ...step, on: { ...on, enter }, [SECTIONS_DONE]: true };
}

/**
 * A (walked) step's `edits: <record path>`: in its logic `{ var: edits.x }` reads `record.<path>.x`, and its saves
 * `save: edits.x` save `<path>.x` (the record part a screen edits, written once). Done after the step's fragments are
 * expanded, so logic and blocks a fragment brings in read `edits.` the same way (`edits` stays on the step).
 */
function withEdits(step: unknown): unknown {
  if (!isObject(step) || typeof step.edits !== 'string') return step;
  const { edits, ...rest } = step;
  return { edits, ...(renameVars(rest, 'edits', `record.${edits}`, { save: edits }) as Record<string, unknown>) };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the output path is a flow's or a step's state map. */
const isStateMap = (path: string[]): boolean => (path.length === 1 && path[0] === 'state') || (path.length === 3 && path[0] === 'steps' && path[2] === 'state');

/**
 * What kind of fragment a value at this output path may name: roles, blocks, paths, an effects list
 * (mapping items) or, anywhere else, a value (`{ use: mapping }`).
 */
function contextOf(path: string[]): FragmentKind | 'effects' | undefined {
  const n = path.length;
  if (n >= 1 && (path[n - 1] === 'effects' || (path[n - 1] === 'onPick' && path[n - 3] === 'blocks'))) return 'effects';
  if (n === 1 && path[0] === 'roles') return 'roles';
  if (n === 3 && path[0] === 'steps' && path[2] === 'on') return 'events';
  if (n === 3 && path[0] === 'steps' && path[2] === 'aside') return 'blocks';
  if (n >= 1 && (path[n - 1] === 'blocks' || (path[n - 1] === 'actions' && path[n - 3] === 'blocks'))) return 'blocks';
  if (n === 2 && path[0] === 'layout' && (path[1] === 'header' || path[1] === 'footer')) return 'blocks';
  if (n === 4 && path[0] === 'steps' && path[2] === 'writable') return 'paths';
  return undefined;
}

/**
 * Replace every fragment reference in a flow by the fragment's content: `roles: { use: name }` merges a
 * roles fragment (local roles may follow), an item `{ use: name }` of a block list or a `writable` path
 * list is replaced by the fragment's items. Returns the expanded flow and its positions (values from a
 * fragment are credited to the `use` that brought them in), so later errors point into the flow file.
 */
export function expandFragments(flow: unknown, file: string, fragments: Fragments, sources: SourceMaps, validateBlock?: ValidateFunction, upload?: UploadBindingDef): { value: unknown; positions: Record<string, SourcePosition>; errors: DefinitionError[] } {
  const errors: DefinitionError[] = [];
  const positions: Record<string, SourcePosition> = {};
  const flowId = isObject(flow) && typeof flow.id === 'string' ? flow.id : file;
  /** Where a value is written: in the flow, or (a fragment's content) in the fragment's file, where a mistake in it is fixed. */
  const here = (c: Cursor): SourcePosition => {
    const [line, column] = positionOf(sources[c.file], c.pointer);
    return c.file === file ? [line, column] : [line, column, c.file, c.origin?.[0] ?? 1];
  };

  /** The fragments a `use` names, checked: known, of the wanted kind, not already being expanded. */
  const resolve = (names: unknown, kind: FragmentKind, c: Cursor): Fragment[] => {
    const list = Array.isArray(names) ? names : [names];
    const found: Fragment[] = [];
    list.forEach((name, i) => {
      const at = Array.isArray(names) ? `${c.pointer}/${i}` : c.pointer;
      if (typeof name !== 'string') return; // the meta-schema reports it
      const fragment = fragments[name];
      if (!fragment) {
        errors.push(errorAt(sources, c.file, at, `unknown fragment '${name}'`, didYouMean(name, Object.keys(fragments))));
      } else if (fragment.kind !== kind) {
        const fitting = Object.values(fragments).filter((f) => f.kind === kind).map((f) => f.name);
        errors.push(errorAt(sources, c.file, at, `fragment '${name}' is a ${fragment.kind} fragment; here a ${kind} fragment is needed`, fitting.length ? didYouMean(name, fitting) : `define one with '${kind}:' in fragments/`));
      } else if (c.stack.includes(name)) {
        errors.push(errorAt(sources, c.file, at, `fragment cycle: ${[...c.stack, name].join(' -> ')}`, `'${name}' must not use itself, directly or through another fragment`));
      } else {
        found.push(fragment);
      }
    });
    return found;
  };
  const enter = (fragment: Fragment, c: Cursor, at: string): Cursor => ({
    file: fragment.file,
    pointer: fragment.pointer,
    origin: c.origin ?? positionOf(sources[c.file], at),
    stack: [...c.stack, fragment.name],
  });

  /** Walk a list's items into `result`; in a block or path list, `{ use }` items are replaced by the fragments' items. */
  const splice = (list: unknown[], c: Cursor, out: string[], kind: FragmentKind | 'effects' | undefined, result: unknown[]): void => {
    list.forEach((item, i) => {
      const ic: Cursor = { ...c, pointer: `${c.pointer}/${i}` };
      if (kind === 'effects' && isObject(item) && USE in item) {
        const useCursor = { ...ic, pointer: `${ic.pointer}/${USE}` };
        for (const fragment of resolve(item[USE], 'mapping', useCursor)) {
          const effects = build(() => mappingEffects(fragment.name, fragment.value as MappingDef, item.reverse === true), useCursor) ?? [];
          for (const effect of effects) result.push(walk(effect, enter(fragment, c, useCursor.pointer), [...out, String(result.length)]));
        }
        return;
      }
      if (kind === 'effects' && isObject(item) && isObject(item.set)) {
        for (const effect of effectShorthands(item)) result.push(walk(effect, { ...ic, pointer: `${ic.pointer}/set` }, [...out, String(result.length)]));
        return;
      }
      if (kind === 'blocks' && isObject(item) && USE in item && Object.keys(item).length > 1) {
        shorthands(preset(item, ic, [...out, String(result.length)]), ic, out, result);
        return;
      }
      if ((kind === 'blocks' || kind === 'paths') && isObject(item) && USE in item) {
        for (const fragment of resolve(item[USE], kind, { ...ic, pointer: `${ic.pointer}/${USE}` })) {
          if (Array.isArray(fragment.value)) splice(fragment.value, enter(fragment, c, ic.pointer), out, kind, result);
        }
        return;
      }
      const walked = walk(item, ic, [...out, String(result.length)]);
      if (kind === 'blocks') shorthands(walked, ic, out, result);
      else result.push(walked);
    });
  };
  /**
   * A block with its shorthands written out (./shorthands), pushed onto the block list `result` at `out`: one
   * block, or the blocks it stands for; what they add is credited to the block's position.
   */
  const shorthands = (block: unknown, c: Cursor, out: string[], result: unknown[]): void => {
    const written = blockShorthands(block, upload);
    for (const p of written.problems) errors.push(errorAt(sources, c.file, `${c.pointer}/${p.key}`, p.message, p.hint));
    if (isObject(block) && (block.body !== undefined || Array.isArray(block.actions))) moveDialogPositions(block, [...out, String(result.length)]);
    const copies = blockCopies(written.block);
    copies.forEach((copy, i) => {
      const at = [...out, String(result.length)];
      if (i > 0) positions[toPointer(at)] = here(c);
      if (copy !== block) credit(copy, at, here(c));
      result.push(copy);
    });
  };
  /**
   * A dialog's `body` texts go first and its `actions` into a last group of its `blocks`: the positions of what was
   * written under `blocks` and `actions` move with them (a body text keeps the position of its key).
   */
  const moveDialogPositions = (dialog: Record<string, unknown>, at: string[]): void => {
    const base = toPointer(at);
    const body = Array.isArray(dialog.body) ? dialog.body : dialog.body === undefined ? [] : [dialog.body];
    const own = Array.isArray(dialog.blocks) ? dialog.blocks.length : 0;
    const moved: [string, SourcePosition][] = [];
    for (const [key, position] of Object.entries(positions)) {
      const blocks = key.match(new RegExp(`^${escapeRegExp(base)}/blocks/(\\d+)(.*)$`));
      const actions = key.startsWith(`${base}/actions`) ? key.slice(`${base}/actions`.length) : undefined;
      const text = key.startsWith(`${base}/body`) ? key.slice(`${base}/body`.length) : undefined;
      if (blocks) moved.push([`${base}/blocks/${Number(blocks[1]) + body.length}${blocks[2]}`, position]);
      else if (actions !== undefined) moved.push([`${base}/blocks/${body.length + own}${actions === '' ? '' : `/blocks${actions}`}`, position]);
      else if (text !== undefined) {
        const i = Array.isArray(dialog.body) ? Number(text.split('/')[1] ?? 0) : 0;
        moved.push([`${base}/blocks/${i}`, position], [`${base}/blocks/${i}/text`, position]);
      } else continue;
      delete positions[key];
    }
    for (const [key, position] of moved) positions[key] = position;
  };
  /** Give every position under `out` that has none the position `at`. */
  const credit = (value: unknown, out: string[], at: SourcePosition): void => {
    positions[toPointer(out)] ??= at;
    if (Array.isArray(value)) value.forEach((v, i) => credit(v, [...out, String(i)], at));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) credit(v, [...out, k], at);
  };
  const walk = (value: unknown, c: Cursor, out: string[]): unknown => {
    positions[toPointer(out)] = here(c);
    const kind = contextOf(out);
    if (Array.isArray(value)) {
      const result: unknown[] = [];
      splice(value, c, out, kind, result);
      return result;
    }
    if (!isObject(value)) return value;
    if (out[out.length - 1] === 'options' && 'values' in value) return optionList(value, c, out, 'value');
    if (out.length > 1 && out[out.length - 1] === 'steps' && 'values' in value) return optionList(value, c, out, 'step');
    if (isStateMap(out) && Object.entries(value).some(([k, v]) => isStateGroup(k, v))) return stateMap(value, c, out);
    if (out.length === 2 && out[0] === 'steps' && USE in value) return withEdits(withLookups(withAside(stepPreset(value, c, out), out), c, out));
    if (out.length === 2 && out[0] === 'steps' && Array.isArray(value.sections) && !(value as Record<PropertyKey, unknown>)[SECTIONS_DONE]) return walk(withSections(value), c, out);
    const entry = kind === undefined || kind === 'effects' ? undefined : MERGED_MAPS[kind];
    if (!entry && USE in value) return useValue(value, c, out);
    const result: Record<string, unknown> = {};
    if (entry && USE in value) {
      const useCursor: Cursor = { ...c, pointer: `${c.pointer}/${USE}` };
      for (const fragment of resolve(value[USE], kind as FragmentKind, useCursor)) {
        const inner = enter(fragment, c, useCursor.pointer);
        const expanded = walk(fragment.value, inner, out);
        if (!isObject(expanded)) continue;
        for (const [name, member] of Object.entries(expanded)) {
          if (name in result) errors.push(errorAt(sources, c.file, useCursor.pointer, `${entry} '${name}' is defined by more than one fragment used here`, `keep '${name}' in one of them`));
          else result[name] = member;
        }
      }
    }
    for (const [key, child] of Object.entries(value)) {
      if (entry && key === USE) continue;
      const kc: Cursor = { ...c, pointer: `${c.pointer}/${escapeSegment(key)}` };
      if (entry && key in result) {
        errors.push(errorAt(sources, c.file, kc.pointer, `${entry} '${key}' is already defined by a fragment this ${kind === 'roles' ? 'roles map' : 'step\'s on'} uses`, `rename it or drop it from the fragment`));
        continue;
      }
      result[key] = walk(child, kc, [...out, key]);
    }
    positions[toPointer(out)] = here(c);
    return out.length === 2 && out[0] === 'steps' ? withEdits(withLookups(withAside(result, out), c, out)) : result;
  };
  /**
   * A walked step's `aside: [blocks]`: its blocks become `[{ group sidebar: [...aside, { group: blocks }] }]` (the
   * aside beside the main column on wide screens); the positions move with the blocks.
   */
  const withAside = (step: unknown, out: string[]): unknown => {
    if (!isObject(step) || !Array.isArray(step.aside)) return step;
    const { aside, blocks, ...rest } = step as { aside: unknown[]; blocks?: unknown[] } & Record<string, unknown>;
    const asideAt = toPointer([...out, 'aside']);
    const blocksAt = toPointer([...out, 'blocks']);
    const moved: [string, SourcePosition][] = [];
    for (const [key, at] of Object.entries(positions)) {
      if (key.startsWith(`${asideAt}/`)) moved.push([`${blocksAt}/0/blocks${key.slice(asideAt.length)}`, at]);
      else if (key.startsWith(`${blocksAt}/`)) moved.push([`${blocksAt}/0/blocks/${aside.length}/blocks${key.slice(blocksAt.length)}`, at]);
      else continue;
      delete positions[key];
    }
    for (const [key, at] of moved) positions[key] = at;
    const at = positions[blocksAt] ?? positions[asideAt];
    for (const key of [`${blocksAt}/0`, `${blocksAt}/0/blocks`, `${blocksAt}/0/blocks/${aside.length}`, `${blocksAt}/0/blocks/${aside.length}/blocks`]) positions[key] ??= at;
    const main = { type: 'group', blocks: blocks ?? [] };
    return { ...rest, blocks: [{ type: 'group', variant: 'sidebar', blocks: [...aside, main] }] };
  };
  /**
   * A walked step with its `lookup` blocks written out (./lookups); what they add is credited to the nearest position
   * above it (a lookup's group to the lookup), and a name the step already uses is reported at the step.
   */
  const withLookups = (step: unknown, c: Cursor, out: string[]): unknown => {
    if (!isObject(step)) return step;
    const written = stepLookups(step);
    for (const clash of written.clashes) {
      errors.push(errorAt(sources, c.file, c.pointer, `a ${clash.by} adds ${clash.member} '${clash.name}', which this step already has`, `rename the ${clash.by}'s id (it names what it adds) or the step's own`));
    }
    const stepAt = toPointer(out);
    spreadPositions(written.spread, stepAt);
    const added = Object.keys(written.owners).filter((k) => k.startsWith('enter/')).length;
    if (added) {
      // The step's own enter effects now follow the lookups': their positions move with them.
      const moved: [string, SourcePosition][] = [];
      for (const [key, position] of Object.entries(positions)) {
        const m = key.match(new RegExp(`^${escapeRegExp(stepAt)}/on/enter((?:/\\d+)?)/effects/(\\d+)(.*)$`));
        if (!m) continue;
        moved.push([`${stepAt}/on/enter${m[1]}/effects/${Number(m[2]) + added}${m[3]}`, position]);
        delete positions[key];
      }
      for (const [key, position] of moved) positions[key] = position;
    }
    for (const [entry, owner] of Object.entries(written.owners)) {
      const [member, name] = entry.split('/');
      const from = positions[`${stepAt}/${owner}/var`] ?? positions[`${stepAt}/${owner}`];
      if (!from) continue;
      const own = (value: unknown, at: string): void => {
        positions[at] = from;
        if (Array.isArray(value)) value.forEach((v, i) => own(v, `${at}/${i}`));
        else if (isObject(value)) for (const [k, v] of Object.entries(value)) own(v, `${at}/${escapeSegment(k)}`);
      };
      if (member === 'enter') {
        const enter = (written.step.on as Record<string, unknown>).enter;
        const alternatives = Array.isArray(enter) ? enter.map((_, i) => `/${i}`) : [''];
        for (const alt of alternatives) {
          const effects = ((Array.isArray(enter) ? enter[Number(alt.slice(1))] : enter) as { effects: unknown[] }).effects;
          own(effects[Number(name)], `${stepAt}/on/enter${alt}/effects/${name}`);
        }
      } else own((written.step[member] as Record<string, unknown>)[name], `${stepAt}/${member}/${escapeSegment(name)}`);
    }
    const inherit = (value: unknown, at: string[], parent: SourcePosition): void => {
      const own = (positions[toPointer(at)] ??= parent);
      if (Array.isArray(value)) value.forEach((v, i) => inherit(v, [...at, String(i)], own));
      else if (isObject(value)) for (const [k, v] of Object.entries(value)) inherit(v, [...at, k], own);
    };
    if (written.step !== step) inherit(written.step, out, here(c));
    return written.step;
  };

  /**
   * Positions under blocks that became several (a cascade's choices): the blocks after one move on, and each of its
   * blocks takes the position of its level (`levels/k/...`), else of the block (inner lists first, then from the end).
   */
  const spreadPositions = (spread: BlockSpread[], stepAt: string): void => {
    const order = [...spread].sort((a, b) => b.list.split('/').length - a.list.split('/').length || b.index - a.index);
    for (const { list, index, count } of order) {
      const base = `${stepAt}/${list}/`;
      const moved: [string, SourcePosition][] = [];
      const levels: [string, SourcePosition][] = [];
      for (const [key, position] of Object.entries(positions)) {
        if (!key.startsWith(base)) continue;
        const [i, ...rest] = key.slice(base.length).split('/');
        const n = Number(i);
        if (n < index) continue;
        if (n > index) moved.push([[`${base}${n + count - 1}`, ...rest].join('/'), position]);
        else if (rest[0] === 'levels' && rest.length > 1) levels.push([[`${base}${n + Number(rest[1])}`, ...rest.slice(2)].join('/'), position]);
        else if (rest[0] !== 'levels') for (let k = 0; k < count; k++) moved.push([[`${base}${n + k}`, ...rest].join('/'), position]);
        delete positions[key];
      }
      // A level's own position wins over the block's members written at the same place.
      for (const [key, position] of [...moved, ...levels]) positions[key] = position;
    }
  };
  /**
   * `{ use: name (or a list), ...members }` over fragments of `kind`: each named fragment's members, merged in the
   * order named, then the members written beside `use` over them (whole values replaced).
   */
  const mergeUses = (value: Record<string, unknown>, kind: 'preset' | 'step', c: Cursor, out: string[]): Record<string, unknown> => {
    const useCursor: Cursor = { ...c, pointer: `${c.pointer}/${USE}` };
    const merged: Record<string, unknown> = {};
    for (const fragment of resolve(value[USE], kind, useCursor)) {
      Object.assign(merged, walk(fragment.value, enter(fragment, c, useCursor.pointer), out));
    }
    for (const [key, child] of Object.entries(value)) {
      if (key !== USE) merged[key] = walk(child, { ...c, pointer: `${c.pointer}/${escapeSegment(key)}` }, [...out, key]);
    }
    positions[toPointer(out)] = here(c);
    return merged;
  };
  /**
   * A block-list item `{ use: preset (or a list), ...members }`: the presets' block with the members over it; the
   * result must be a whole block (the blocks meta-schema), else it is reported at the `use`.
   */
  const preset = (item: Record<string, unknown>, c: Cursor, out: string[]): unknown => {
    const block = mergeUses(item, 'preset', c, out);
    if (validateBlock && !validateBlock(block)) {
      const first = validateBlock.errors?.find((e) => !/\/(if|oneOf|anyOf)\b/.test(e.schemaPath)) ?? validateBlock.errors?.[0];
      errors.push(errorAt(sources, c.file, `${c.pointer}/${USE}`, `the block this preset use makes is not a whole block: ${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}`, 'add the missing members beside use, or fix the preset'));
    }
    return block;
  };
  /**
   * A step `{ use: step fragment (or a list), ...members }`: the step fragments' members with the step's own over
   * them (a step that adds a transition writes its whole `on`). Both sides are steps by the meta-schema, so the
   * merge is one too.
   */
  const stepPreset = (value: Record<string, unknown>, c: Cursor, out: string[]): unknown => mergeUses(value, 'step', c, out);
  /**
   * `options: { values: [a, b], labels: prefix }`: the option list `[{ value: a, label: prefix.a }, ...]`;
   * a stepper's `steps` the same way, `[{ step: a, label: prefix.a }, ...]`.
   */
  const optionList = (value: Record<string, unknown>, c: Cursor, out: string[], valueKey: string): unknown =>
    walk(labelledList(value, valueKey), { ...c, pointer: `${c.pointer}/values` }, out);
  /** A flow's or step's state map with groups by source (./shorthands stateGroups); local keys `fleetform.<flow>[.<step>].<name>`. */
  const stateMap = (value: Record<string, unknown>, c: Cursor, out: string[]): unknown => {
    const prefix = ['fleetform', flowId, ...(out.length === 3 ? [out[1]] : [])].join('.');
    const result: Record<string, unknown> = {};
    for (const { name, def, from } of stateGroups(value, prefix)) {
      result[name] = walk(def, { ...c, pointer: `${c.pointer}/${from.map(escapeSegment).join('/')}` }, [...out, name]);
    }
    positions[toPointer(out)] = here(c);
    return result;
  };

  /** Build a mapping's expansion; a problem (a side with no `at`) is reported at the `use`. */
  const build = <T>(make: () => T, c: Cursor): T | undefined => {
    try {
      return make();
    } catch (e) {
      if (!(e instanceof MappingUseError)) throw e;
      errors.push(errorAt(sources, c.file, c.pointer, e.message, "give that side an 'at' (where its values live), e.g. at: event.form"));
      return undefined;
    }
  };
  /**
   * A value `{ use: name, ...members }`: a flow's `layout` names a layout fragment (its members over the
   * fragment's); any other value a logic fragment (the expression, nothing beside `use`) or a mapping (below).
   */
  const useValue = (value: Record<string, unknown>, c: Cursor, out: string[]): unknown => {
    const name = value[USE];
    const isLayout = out.length === 1 && out[0] === 'layout';
    const logicNamed = typeof name === 'string' && fragments[name]?.kind === 'logic';
    if (!isLayout && !logicNamed) return useMapping(value, c, out);
    const useCursor: Cursor = { ...c, pointer: `${c.pointer}/${USE}` };
    if (Array.isArray(name)) {
      errors.push(errorAt(sources, c.file, useCursor.pointer, 'a layout names one layout fragment', 'use: name'));
      return {};
    }
    const [fragment] = resolve(name, isLayout ? 'layout' : 'logic', useCursor);
    const expanded = fragment ? walk(fragment.value, enter(fragment, c, useCursor.pointer), out) : isLayout ? {} : null;
    const members = Object.keys(value).filter((k) => k !== USE);
    if (!isLayout) {
      if (members.length) errors.push(errorAt(sources, c.file, `${c.pointer}/${escapeSegment(members[0])}`, `a logic fragment is used whole: '${members[0]}' beside use has no meaning`, 'remove it, or write the logic out here'));
      positions[toPointer(out)] = here(c);
      return expanded;
    }
    const result: Record<string, unknown> = isObject(expanded) ? { ...expanded } : {};
    for (const key of members) result[key] = walk(value[key], { ...c, pointer: `${c.pointer}/${escapeSegment(key)}` }, [...out, key]);
    positions[toPointer(out)] = here(c);
    return result;
  };
  /**
   * A mapping used forward as a value: each field's output is placed at that field in the fragment (its logic at
   * the logic's own line), not at the mapping's name.
   */
  const placeFields = (fragment: Fragment, c: Cursor, out: string[]): void => {
    const use = enter(fragment, c, `${c.pointer}/${USE}`).origin?.[0] ?? 1;
    for (const field of mappingFields(fragment.value as MappingDef)) {
      const at = toPointer([...out, ...field.target.split('.')]);
      const logic = `${fragment.pointer}${field.pointer}${field.sourcePath !== undefined && typeof field.source !== 'string' ? '/forward' : ''}`;
      for (const key of Object.keys(positions)) {
        if (key !== at && !key.startsWith(`${at}/`)) continue;
        const [line, column] = positionOf(sources[fragment.file], `${logic}${key.slice(at.length)}`);
        positions[key] = [line, column, fragment.file, use];
      }
    }
  };
  /** A value `{ use: mapping, reverse?, ...members }`: the mapping's template, then the members given beside `use` over it. */
  const useMapping = (value: Record<string, unknown>, c: Cursor, out: string[]): unknown => {
    const useCursor: Cursor = { ...c, pointer: `${c.pointer}/${USE}` };
    const result: Record<string, unknown> = {};
    if (Array.isArray(value[USE])) {
      errors.push(errorAt(sources, c.file, useCursor.pointer, 'a value names one mapping', 'use: name'));
    } else {
      for (const fragment of resolve(value[USE], 'mapping', useCursor)) {
        const template = build(() => mappingTemplate(fragment.name, fragment.value as MappingDef, value.reverse === true), useCursor);
        Object.assign(result, walk(template ?? {}, enter(fragment, c, useCursor.pointer), out));
        if (value.reverse !== true) placeFields(fragment, c, out);
      }
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === USE || key === 'reverse') continue;
      result[key] = walk(child, { ...c, pointer: `${c.pointer}/${escapeSegment(key)}` }, [...out, key]);
    }
    positions[toPointer(out)] = here(c);
    return result;
  };

  const value = walk(flow, { file, pointer: '', stack: [] }, []);
  return { value, positions, errors };
}
