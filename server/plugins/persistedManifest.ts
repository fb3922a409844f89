/**
 * The persisted-operations manifest: sha256 -> operation text of every GraphQL operation the front end
 * can send: the documents of the flows' bindings (built from the SDL as the build builds them, see
 * bindingDocuments.ts) and the operations written in the app's sources (`.graphql` files, gql/graphql
 * tagged templates and operation strings under app/, runtime/react/, extensions/, operations/).
 * Hashes are of the normalised text (`print(parse(text))`), both as written and with `__typename`
 * added (Apollo adds it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print, visit, type DocumentNode, type FieldNode, type SelectionSetNode } from 'graphql';
import { bindingDocuments } from './bindingDocuments';

/** sha256 (hex) -> normalised operation text. */
export type PersistedManifest = Record<string, string>;

/** Folders scanned by default (relative to the project root). */
export const MANIFEST_SOURCES = ['app', 'runtime/react', 'extensions', 'operations'];

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/** The document with `__typename` added to every selection set below the root (Apollo's addTypename). */
export function addTypename(doc: DocumentNode): DocumentNode {
  return visit(doc, {
    SelectionSet: {
      leave(node: SelectionSetNode, _key, parent) {
        if (parent && !Array.isArray(parent) && (parent as { kind?: string }).kind === Kind.OPERATION_DEFINITION) return node;
        const has = node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename');
        return has ? node : { ...node, selections: [...node.selections, TYPENAME] };
      },
    },
  });
}

/** Normalised text of an operation document (throws on syntax errors). */
export const normalise = (text: string): string => print(parse(text));
/** Hash of an operation's normalised text. */
export const operationHash = (text: string): string => sha(normalise(text));

/** Extract GraphQL documents from a source file's text. */
export function documentsIn(file: string, text: string): string[] {
  if (file.endsWith('.graphql') || file.endsWith('.gql')) return [text];
  const out: string[] = [];
  // Tagged templates (gql`...`), and plain template or quoted strings that start with an operation keyword.
  const patterns = [/\b(?:gql|graphql)\s*(?:\(\s*)?`([^`]*)`/g, /`(\s*(?:query|mutation|subscription)\b[^`]*)`/g, /'((?:query|mutation|subscription)\b[^'\n]*)'/g, /"((?:query|mutation|subscription)\b[^"\n]*)"/g];
  for (const re of patterns) for (let m = re.exec(text); m; m = re.exec(text)) if (!m[1].includes('${')) out.push(m[1]);
  return [...new Set(out)];
}

/** Add a document (and its typename variant) to the manifest; schema documents are skipped. */
export function addToManifest(manifest: PersistedManifest, text: string): void {
  let doc: DocumentNode;
  try {
    doc = parse(text);
  } catch {
    return;
  }
  if (!doc.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION)) return;
  for (const variant of [doc, addTypename(doc)]) {
    const printed = print(variant);
    manifest[sha(printed)] = printed;
  }
}

/** The manifest file at `path` when one is named (PERSISTED_MANIFEST), else one scanned from the sources under `root`. */
export function loadManifest(path: string | undefined, root: string): PersistedManifest {
  return path ? (JSON.parse(readFileSync(path, 'utf8')) as PersistedManifest) : buildManifest(root);
}

/** Build the manifest: the flows' binding documents, then the operations found by scanning `folders` under `root`. */
export function buildManifest(root: string, folders: string[] = MANIFEST_SOURCES): PersistedManifest {
  const manifest: PersistedManifest = {};
  for (const document of bindingDocuments(root)) addToManifest(manifest, document);
  const visitPath = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && !name.startsWith('.')) visitPath(join(path, name));
      return;
    }
    if (!/\.(graphql|gql|ts|tsx)$/.test(path)) return;
    for (const text of documentsIn(path, readFileSync(path, 'utf8'))) addToManifest(manifest, text);
  };
  for (const f of folders) visitPath(join(root, f));
  return manifest;
}
