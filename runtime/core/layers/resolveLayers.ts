import type { DefinitionError, DefinitionSet, FormatDef, JsonSchema, Provenance, ResolvedLayers } from '../types';
import { didYouMean, errorAt, fromPointer, getAtPointer, positionOf, toPointer } from '../source';
import { fillFormatSettings } from './formatSettings';
import { fillPattern } from './layerChoices';
import { mergeInto, type WriteLog } from './mergeLayer';

const MERGED_KEYS = ['settings', 'messages', 'formats', 'schemas'] as const;

/**
 * Merge the configured layers for one selection, lowest first, with provenance.
 * A layer whose placeholders are not all selected is skipped; so is an `at` pointer absent from its file.
 * @example
 * const layers = resolveLayers(defs, { market: 'x', tenant: 'y' });
 * layers.messages['validation.required']; layers.provenance('/messages/validation.required')?.layer;
 */
export function resolveLayers(defs: DefinitionSet, selection: Record<string, string>): ResolvedLayers {
  const chosen = { ...(defs.config.defaults ?? {}), ...selection };
  const errors: DefinitionError[] = [];
  const log: WriteLog = new Map();
  const merged: Record<string, unknown> = { settings: {}, messages: {}, formats: {}, schemas: structuredClone(defs.schemas) };
  const applied: ResolvedLayers['applied'] = [];
  for (const layer of defs.config.layers) {
    const file = fillPattern(layer.file, chosen);
    const at = layer.at === undefined ? '' : fillPattern(layer.at, chosen);
    if (file === undefined || at === undefined) continue;
    const content = defs.layerFiles[file];
    if (!content) {
      errors.push({ file, line: 1, column: 1, pointer: '', message: `layer '${layer.name}' file missing for ${JSON.stringify(chosen)}`, hint: `create ${file} or change the selection` });
      continue;
    }
    const body = at === '' ? content : getAtPointer(content, at);
    if (body === null || typeof body !== 'object') continue;
    applied.push(at === '' ? { name: layer.name, file } : { name: layer.name, file, at });
    const patch: Record<string, unknown> = {};
    for (const key of MERGED_KEYS) {
      const value = (body as Record<string, unknown>)[key];
      if (value !== undefined) patch[key] = value;
    }
    for (const id of Object.keys((patch.schemas as Record<string, unknown>) ?? {})) {
      if (!(id in defs.schemas)) errors.push(errorAt(defs.sources, file, `${at}${toPointer(['schemas', id])}`, `unknown schema '${id}'`, didYouMean(id, Object.keys(defs.schemas))));
    }
    mergeInto(merged, patch, { merged: '', file, pointer: at, layer: layer.name }, log);
  }
  const provenance = (pointer: string): Provenance | undefined => lookup(defs, log, pointer);
  const settings = merged.settings as Record<string, unknown>;
  const formats = fillFormatSettings(merged.formats as Record<string, FormatDef>, settings, (name, path) => {
    const at = provenance(toPointer(['formats', name, 'pattern']));
    errors.push({ file: at?.file ?? '', line: at?.line ?? 1, column: at?.column ?? 1, pointer: at?.pointer ?? toPointer(['formats', name, 'pattern']),
      message: `pattern of format '${name}' reads settings.${path}, which is not a text for ${JSON.stringify(chosen)}`, hint: `add settings.${path} (a text of characters) to a layer` });
  });
  return {
    selection: chosen,
    applied,
    settings,
    messages: merged.messages as Record<string, string>,
    formats,
    schemas: merged.schemas as Record<string, JsonSchema>,
    provenance,
    errors,
  };
}

function lookup(defs: DefinitionSet, log: WriteLog, pointer: string): Provenance | undefined {
  const segments = fromPointer(pointer);
  for (let n = segments.length; n >= 1; n--) {
    const record = log.get(toPointer(segments.slice(0, n)));
    if (!record) continue;
    const filePointer = record.pointer + toPointer(segments.slice(n));
    const [line, column] = positionOf(defs.sources[record.file], filePointer);
    return { layer: record.layer, file: record.file, line, column, pointer: filePointer };
  }
  if (segments[0] === 'schemas' && segments.length >= 2 && segments[1] in defs.schemas) {
    const file = Object.keys(defs.sources).find((f) => f === `schemas/${segments[1]}.json`);
    const filePointer = toPointer(segments.slice(2));
    if (file && (segments.length === 2 || getAtPointer(defs.schemas[segments[1]], filePointer) !== undefined)) {
      const [line, column] = positionOf(defs.sources[file], filePointer);
      return { file, line, column, pointer: filePointer };
    }
  }
  return undefined;
}
