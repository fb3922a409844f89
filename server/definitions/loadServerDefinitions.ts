/** Loads the definitions once at start through runtime/core and keeps resolved layers per selection. */
import { loadDefinitions } from '../../runtime/core/load';
import { resolveLayers } from '../../runtime/core/layers';
import type { DefinitionError, DefinitionSet, ResolvedLayers } from '../../runtime/core/types';
import { definitionVersion, readDefinitions } from '../../runtime/node';
import { createLogic, type LogicInstance, type LogicOptions } from '../../runtime/core/logic';
import { productExtensions } from '../productExtensions';

/** The definitions as the server uses them. */
export interface ServerDefinitions {
  /** The loaded definition set. */
  defs: DefinitionSet;
  /** Problems found while loading (the server logs them; lint fails on them). */
  errors: DefinitionError[];
  /** The logic operations and functions of this definition set (its own instance: sets never share operations). */
  logic: LogicInstance;
  /** Content hash of every definition file but the published snapshot; stored on each application (brought to it when read). */
  version: string;
  /** Layers merged for a selection (e.g. `{ region: 'au', brand: 'acme-au' }`), cached. */
  layers(selection: Record<string, string>): ResolvedLayers;
  /**
   * The catalogue text of `key` for a selection, `{name}` placeholders filled from `vars`. A missing key
   * (tests/unit/server/serverMessageKeys.test.ts keeps the server's own keys present) answers the
   * unexpected-error text, never the key.
   */
  message(key: string, selection: Record<string, string>, vars?: Record<string, string | number>): string;
}

/**
 * Build {@link ServerDefinitions} from `relative path -> text` files, with a logic instance of its own
 * made of `logic` (default: the product's functions, productExtensions of server/productExtensions.ts).
 */
export function definitionsFromFiles(files: Record<string, string>, logic: LogicOptions = { functions: productExtensions.functions }): ServerDefinitions {
  const { defs, errors } = loadDefinitions(files);
  const version = definitionVersion(files, defs.config.versions?.snapshot);
  const cache = new Map<string, ResolvedLayers>();
  const layers = (selection: Record<string, string>) => {
    const key = JSON.stringify(Object.entries(selection).sort());
    let hit = cache.get(key);
    if (!hit) {
      hit = resolveLayers(defs, selection);
      cache.set(key, hit);
    }
    return hit;
  };
  return {
    defs,
    errors,
    logic: createLogic(logic),
    version,
    layers,
    message(key, selection, vars) {
      const messages = layers(selection).messages;
      const text = messages[key] ?? messages[UNEXPECTED_KEY] ?? '';
      return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
    },
  };
}

/** The catalogue key of the text shown for an unexpected error (and for a key missing from the catalogue). */
const UNEXPECTED_KEY = 'api.error.UNEXPECTED';

/** Read and load the definitions of the project at `root`. */
export function loadServerDefinitions(root: string, logic?: LogicOptions): ServerDefinitions {
  return definitionsFromFiles(readDefinitions(root), logic);
}
