/**
 * Editing a message text or a setting in the studio: the layer files that may hold it for a selection, and the
 * write itself. The value goes into the YAML layer that should hold it (the one that sets it now, by provenance, or a
 * layer the analyst picks), through the `yaml` package's Document API with only the changed value's bytes
 * replaced (comments and formatting kept), is linted before it is saved (studioState `tryFile`), and the studio
 * takes the loaded result at once, so the preview shows it without waiting for the file watcher.
 */
import { writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Document, isScalar, parse, parseDocument, Scalar } from 'yaml';
import { fillPattern, fromPointer, getAtPointer, positionOf, toPointer } from '../../runtime/core';
import type { DefinitionSet } from '../../runtime/core/types';
import type { Finding, StudioState } from './studioState';

/** A message (`messages.<key>`) or a setting (`settings.<dotted path>`). */
export type EditKind = 'messages' | 'settings';

/** A layer file that may hold a value for a selection. */
export interface EditTarget {
  layer: string;
  file: string;
  /** Where the layer's body is in its file (a JSON pointer, e.g. `/layers/au`); absent: the whole file. */
  at?: string;
  /** Whether this layer sets the value now, and where. */
  sets: boolean;
  line?: number;
  value?: unknown;
  /** The layer whose value wins now (provenance). */
  winner?: boolean;
}

/** What the page asks to write. */
export interface EditRequest {
  kind: EditKind;
  key: string;
  /** The new text; a setting's is read as YAML (`true`, `12`, `[a, b]`). */
  text: string;
  selection: Record<string, string>;
  /** The layer file to write (one of {@link editTargets}); default: the one whose value wins now. */
  file?: string;
  at?: string;
}

/** The answer of an edit. */
export type EditResult =
  | { ok: true; file: string; line: number; version: number; ms: number }
  | { ok: false; status: number; error: string; findings?: Finding[] };

/** The path segments of a value inside a layer's body. */
export function valueSegments(kind: EditKind, key: string): string[] {
  return kind === 'messages' ? ['messages', key] : ['settings', ...key.replace(/^settings\./, '').split('.')];
}

/** Every configured layer filled for `selection` whose file is loaded, lowest first, with whether it sets the value. */
export function editTargets(defs: DefinitionSet, selection: Record<string, string>, kind: EditKind, key: string): EditTarget[] {
  const chosen = { ...(defs.config.defaults ?? {}), ...selection };
  const inner = toPointer(valueSegments(kind, key));
  const out: EditTarget[] = [];
  const seen = new Set<string>();
  for (const layer of defs.config.layers) {
    const file = fillPattern(layer.file, chosen);
    const at = layer.at === undefined ? '' : fillPattern(layer.at, chosen);
    if (file === undefined || at === undefined || !defs.layerFiles[file] || seen.has(`${file}#${at}`)) continue;
    seen.add(`${file}#${at}`);
    const value = getAtPointer(defs.layerFiles[file], `${at}${inner}`);
    const line = value === undefined ? undefined : positionOf(defs.sources[file], `${at}${inner}`)[0];
    out.push({ layer: layer.name, file, ...(at ? { at } : {}), sets: value !== undefined, ...(line ? { line } : {}), ...(value === undefined ? {} : { value }) });
  }
  const winner = [...out].reverse().find((t) => t.sets);
  if (winner) winner.winner = true;
  // A base catalogue that does not set a message is no place for it (the key belongs to one feature's file).
  return out.filter((t) => t.sets || !(kind === 'messages' && t.layer === 'base' && out.some((o) => o.layer === 'base' && o.sets)));
}

/**
 * `text` (a YAML file) with `value` at `path`: an existing scalar keeps its node (style, comments) and only its
 * bytes change; a new key is added to its map through the Document API. Comments and formatting elsewhere are kept.
 */
export function writeYamlValue(text: string, path: string[], value: unknown): string {
  const doc = parseDocument(text, { keepSourceTokens: true });
  const node = doc.getIn(path, true);
  if (isScalar(node) && node.range && typeof value !== 'object') {
    const block = node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL;
    const scalar = new Scalar(value);
    if (!block && (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE)) scalar.type = node.type;
    const source = new Document(scalar).toString({ lineWidth: 0 }).replace(/\n$/, '');
    // One line replaces the old value's bytes; anything longer lets the Document write the file.
    if (!block && !source.includes('\n')) {
      const out = text.slice(0, node.range[0]) + source + text.slice(node.range[1]);
      if (sameAt(out, path, value)) return out;
    }
    node.value = value;
  } else {
    doc.setIn(path, value);
  }
  return doc.toString({ lineWidth: 0 });
}

function sameAt(text: string, path: string[], value: unknown): boolean {
  try {
    return JSON.stringify(parseDocument(text).getIn(path)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** The value an edit's text stands for: a message's text as it is, a setting's read as YAML. */
export function editValue(kind: EditKind, text: string): unknown {
  if (kind === 'messages') return text;
  try {
    return parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The line a value is on in a YAML text (1 when it cannot be found). */
function lineOf(text: string, path: string[]): number {
  const doc = parseDocument(text, { keepSourceTokens: true });
  const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
  return node?.range ? text.slice(0, node.range[0]).split('\n').length : 1;
}

/**
 * Writes an edit: checks the target is a layer of the selection, writes the value into the file's text, lints the
 * definitions with it (`scope: 'layers'`) and refuses (422, the findings) when that adds a finding; else saves the
 * file and makes the loaded definitions the studio's (version + 1: the preview renders them).
 */
export function applyEdit(state: StudioState, request: EditRequest): EditResult {
  const started = performance.now();
  if (request.kind !== 'messages' && request.kind !== 'settings') return { ok: false, status: 400, error: 'kind is messages or settings' };
  if (typeof request.key !== 'string' || !request.key || typeof request.text !== 'string') return { ok: false, status: 400, error: 'key and text are required' };
  const targets = editTargets(state.defs, request.selection ?? {}, request.kind, request.key);
  const target = request.file
    ? targets.find((t) => t.file === request.file && (t.at ?? '') === (request.at ?? ''))
    : targets.find((t) => t.winner);
  if (!target) return { ok: false, status: 400, error: request.file ? `'${request.file}' is not a layer of this selection` : 'no layer sets it: choose the layer to write' };
  const original = state.file(target.file);
  if (original === undefined) return { ok: false, status: 400, error: `'${target.file}' is not loaded` };
  const path = [...fromPointer(target.at ?? ''), ...valueSegments(request.kind, request.key)];
  const value = editValue(request.kind, request.text);
  const text = writeYamlValue(original, path, value);
  const tried = state.tryFile(target.file, text);
  const known = new Set(state.findings.map((f) => `${f.file}\0${f.message}`));
  const added = tried.findings.filter((f) => !known.has(`${f.file}\0${f.message}`));
  if (added.length) return { ok: false, status: 422, error: 'lint refused the edit: nothing was saved', findings: added };
  writeFileSync(join(state.root, target.file), text);
  const { version } = state.take(tried);
  return { ok: true, file: target.file, line: lineOf(text, path), version, ms: Math.round(performance.now() - started) };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Why a write request is refused (undefined: allowed): it must come from this machine (a loopback address), name
 * the studio itself as its Host (`127.0.0.1`, `localhost` or `[::1]` at the studio's port: a DNS-rebound name is
 * refused), and carry the studio's own Origin (a cross-site page's form or fetch is refused) and a JSON body.
 */
export function writeRefusal(req: IncomingMessage, port: number): string | undefined {
  if (req.method !== 'POST') return 'POST only';
  if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) return 'only requests from this machine may write';
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  const host = req.headers.host ?? '';
  if (!hosts.includes(host)) return `Host '${host}' is not the studio's`;
  if (req.headers.origin !== `http://${host}`) return `Origin '${req.headers.origin ?? ''}' is not the studio's`;
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return 'the body must be JSON';
  return undefined;
}
