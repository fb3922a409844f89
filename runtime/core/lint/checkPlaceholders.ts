import type { DefinitionError, DefinitionSet, ResolvedLayers } from '../types';
import { closest, errorAt, getPath } from '../source';
import { escapeSegment } from '../source/pointer';
import { lintLayers } from './lintLayers';
import { eachBlock } from '../flow/walkFlow';
import { placeholdersIn } from '../messages/interpolate';
import { varPaths } from '../logic/dependencies';
import { DEFAULT_CONTEXT_ROOTS } from './checkLogicPaths';
import type { Reference } from './collectReferences';

const label = (selection: Record<string, string>) => Object.entries(selection).map(([k, v]) => `${k}=${v}`).join(',') || 'no selection';

/**
 * What a validation text is filled with (runtime/core/messages/validateForm): `n`, the failing keyword's
 * limit, and the keyword's ajv error parameters. Nothing else (not even settings) fills it.
 */
export const VALIDATION_PLACEHOLDERS = [
  'n', 'limit', 'missingProperty', 'pattern', 'format', 'allowedValues', 'allowedValue', 'type', 'comparison',
  'additionalProperty', 'property', 'propertyName', 'len', 'i', 'j', 'passingSchemas', 'failingKeyword', 'caseIndex', 'multipleOf', 'deps', 'depsCount',
];

/**
 * What fills a text's placeholders where it is shown: the names the caller supplies (the step context's
 * roots and the block's `vars`; a uiSchema text gets `settings` only), or undefined where the caller's
 * values are not known statically (validation messages get the failing rule's parameters).
 */
function callers(defs: DefinitionSet, roots: string[]) {
  // Flow file -> its blocks: pointer, type, `vars` names and the paths `visibleWhen` reads; longest pointer first (nested blocks).
  const blocks = new Map<string, { pointer: string; type: string; vars: string[]; shownWhen: string[] }[]>();
  for (const [id, flow] of Object.entries(defs.flows)) {
    const sites = eachBlock(flow).map(({ block, pointer }) => ({
      pointer, type: String(block?.type), vars: Object.keys((block as { vars?: object } | undefined)?.vars ?? {}), shownWhen: varPaths(block?.visibleWhen),
    }));
    blocks.set(defs.flowFiles[id], sites.sort((a, b) => b.pointer.length - a.pointer.length));
  }
  const siteOf = (ref: Reference) => blocks.get(ref.file)?.find((s) => ref.pointer.startsWith(`${s.pointer}/`));
  return {
    /** The names the caller supplies, or undefined when not known statically. */
    supplied(ref: Reference): string[] | undefined {
      if (/^schemas\/.*\.ui\.json$/.test(ref.file)) return ['settings'];
      // Schemas' x-messages and named formats' messages are validation texts, filled from the failing rule.
      if (/\/x-messages\//.test(ref.pointer) || /\/formats\/[^/]+\/message$/.test(ref.pointer)) return VALIDATION_PLACEHOLDERS;
      if (!blocks.has(ref.file)) return undefined;
      const site = siteOf(ref);
      // A form's field messages and rules are validation texts, filled from the failing rule.
      if (site?.type === 'form' && !ref.pointer.endsWith('/submitLabel')) return VALIDATION_PLACEHOLDERS;
      if (/\/completion\//.test(ref.pointer)) return undefined;
      // An upload block's texts also read the file's name and its limits.
      if (site?.type === 'upload') return [...roots, 'fileName', 'maxFiles', 'maxSize'];
      return [...roots, ...(site?.vars ?? [])];
    },
    /** Whether the reference's block is shown only when `path` has a value (`visibleWhen` reads it). */
    guarded: (ref: Reference, path: string) => siteOf(ref)?.shownWhen.includes(path) ?? false,
  };
}

/**
 * Placeholders that would render empty: a `{settings.*}` path some selection's merged settings lack
 * (at the text, per selection), and a placeholder whose root a referencing block neither has in its
 * context nor in its `vars` (at the reference). Missing keys are {@link checkMessages}' findings.
 */
export function checkPlaceholders(defs: DefinitionSet, references: Reference[], selections: Record<string, string>[]): DefinitionError[] {
  const roots = defs.config.contextRoots ?? DEFAULT_CONTEXT_ROOTS;
  const resolved = selections.map((selection) => lintLayers(defs, selection));
  const out: DefinitionError[] = [];
  const caller = callers(defs, roots);
  const messageRefs = references.filter((r) => r.kind === 'message');
  // A text every reference of which sits in a block shown only when the setting is set never renders it empty.
  const guarded = (key: string, path: string) => {
    const refs = messageRefs.filter((r) => r.name === key);
    return refs.length > 0 && refs.every((r) => caller.guarded(r, path));
  };
  // Settings paths, checked on every text of every selection: the translator always offers `settings`.
  const unset = new Map<string, { at: ReturnType<ResolvedLayers['provenance']>; key: string; path: string; selections: string[] }>();
  for (const layers of resolved) {
    for (const [key, text] of Object.entries(layers.messages)) {
      for (const name of placeholdersIn(text)) {
        if (!name.startsWith('settings.')) continue;
        const value = getPath(layers.settings, name.slice('settings.'.length));
        if ((value !== undefined && value !== null) || guarded(key, name)) continue;
        const at = layers.provenance(`/messages/${escapeSegment(key)}`);
        const id = `${at?.file}\0${at?.pointer}\0${name}`;
        const entry = unset.get(id) ?? { at, key, path: name, selections: [] };
        entry.selections.push(label(layers.selection));
        unset.set(id, entry);
      }
    }
  }
  for (const { at, key, path, selections: where } of unset.values()) {
    const message = `placeholder {${path}} of '${key}' is filled by no setting for ${where.join('; ')}`;
    const hint = `set ${path} in a layer every such selection applies, or remove the placeholder`;
    out.push(at ? errorAt(defs.sources, at.file, at.pointer, message, hint) : { file: '', line: 1, column: 1, pointer: '', message, hint });
  }
  // Texts whose caller is known by key: validation.* (filled from the failing rule) and those code shows (the manifest's placeholders).
  const manifest = defs.manifest;
  const byKey = new Map<string, { names: string[]; hint: string }>();
  for (const key of manifest?.messages ?? []) {
    const names = [...(manifest?.placeholders?.[key] ?? []), 'settings'];
    byKey.set(key, { names, hint: `the code fills ${names.map((n) => `{${n}${n === 'settings' ? '...' : ''}}`).join(', ')} (placeholders in ${defs.config.manifest ?? 'the manifest'}); change the text, or the code and its placeholders entry` });
  }
  const reported = new Set<string>();
  for (const layers of resolved) {
    for (const [key, text] of Object.entries(layers.messages)) {
      const caller = key.startsWith('validation.') ? { names: VALIDATION_PLACEHOLDERS, hint: `a validation text is filled with ${VALIDATION_PLACEHOLDERS.slice(0, 4).map((n) => `{${n}}`).join(', ')} ... of the failing rule only` } : byKey.get(key);
      if (!caller) continue;
      for (const name of placeholdersIn(text)) {
        if (caller.names.includes(name.split('.')[0])) continue;
        const at = layers.provenance(`/messages/${escapeSegment(key)}`);
        const id = `${at?.file}\0${at?.pointer}\0${name}`;
        if (!at || reported.has(id)) continue;
        reported.add(id);
        out.push(errorAt(defs.sources, at.file, at.pointer, `placeholder {${name}} of '${key}' is filled by nothing (it would show empty)`, caller.hint));
      }
    }
  }
  // Names each referencing block supplies vs the names its text uses.
  const seen = new Set<string>();
  for (const ref of messageRefs) {
    const names = caller.supplied(ref);
    if (!names) continue;
    const used = new Set(resolved.flatMap((layers) => placeholdersIn(layers.messages[ref.name] ?? '')));
    for (const placeholder of used) {
      const root = placeholder.split('.')[0];
      if (names.includes(root)) continue;
      if (names === VALIDATION_PLACEHOLDERS) {
        // A validation text is wrong wherever it is used: reported at the text, once.
        for (const layers of resolved) {
          if (!placeholdersIn(layers.messages[ref.name] ?? '').includes(placeholder)) continue;
          const at = layers.provenance(`/messages/${escapeSegment(ref.name)}`);
          const id = `${at?.file}\0${at?.pointer}\0${placeholder}`;
          if (!at || reported.has(id)) continue;
          reported.add(id);
          out.push(errorAt(defs.sources, at.file, at.pointer, `placeholder {${placeholder}} of '${ref.name}' is filled by nothing (it would show empty)`,
            `a validation text is filled with ${VALIDATION_PLACEHOLDERS.slice(0, 4).map((n) => `{${n}}`).join(', ')} ... of the failing rule only`));
        }
        continue;
      }
      const id = `${ref.file}\0${ref.pointer}\0${placeholder}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const use = errorAt(defs.sources, ref.file, ref.pointer, `placeholder {${placeholder}} of '${ref.name}' is filled by nothing here`,
        `the text here can read ${names.map((n) => `{${n}...}`).join(', ')}; add '${root}' to the block's vars or change the text`);
      out.push(use);
      // The text itself too (the messages/ line), where a typo in the placeholder is made.
      const near = closest(root, names.filter((n) => !roots.includes(n)));
      for (const layers of resolved) {
        if (!placeholdersIn(layers.messages[ref.name] ?? '').includes(placeholder)) continue;
        const at = layers.provenance(`/messages/${escapeSegment(ref.name)}`);
        const textId = `${at?.file}\0${at?.pointer}\0${placeholder}`;
        if (!at || seen.has(textId)) continue;
        seen.add(textId);
        out.push(errorAt(defs.sources, at.file, at.pointer, `placeholder {${placeholder}} of '${ref.name}' is filled by nothing where the text is shown (${use.file}:${use.line})`,
          near !== undefined ? `did you mean {${near}}? (what ${use.file}:${use.line} supplies)` : `it supplies ${names.filter((n) => !roots.includes(n)).map((n) => `{${n}}`).join(', ') || 'no vars'} and the context's {settings...}, {record...} ...; use one of them or supply '${root}' there`));
      }
    }
  }
  return out;
}
