import type { StateDef } from '../../core/types';

/**
 * Page state kept outside the URL: `memory` values (this app session) and `local` values (browser
 * local storage, parsed once per write so reads are referentially stable). Subscribers are told
 * every write that changes what a reader sees (usePageStateVersion): writing the value a
 * state already has, or null to a state without one (logic reads both as null), tells nobody, so a
 * step's `enter` that clears its state does not draw the whole step again (a blocking render).
 */
export class PageStateStore {
  private memory = new Map<string, unknown>();
  private local = new Map<string, unknown>();
  private listeners = new Set<() => void>();
  version = 0;

  /** Subscribes to writes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The stored value of a `memory` / `local` state (`scope` keeps steps and flows apart), or its default. */
  read(scope: string, name: string, def: StateDef): unknown {
    if (def.source === 'local') {
      const key = def.key ?? `${scope}.${name}`;
      if (!this.local.has(key)) this.local.set(key, readStorage(key));
      const value = this.local.get(key);
      return value === undefined ? def.default : value;
    }
    const key = `${scope}.${name}`;
    return this.memory.has(key) ? this.memory.get(key) : def.default;
  }

  /** Writes several values at once (one notification). */
  write(entries: { scope: string; name: string; def: StateDef; value: unknown }[]): void {
    const changed = entries.filter(({ scope, name, def, value }) => !Object.is(this.read(scope, name, def) ?? null, value ?? null));
    if (!changed.length) return;
    for (const { scope, name, def, value } of changed) {
      if (def.source === 'local') {
        const key = def.key ?? `${scope}.${name}`;
        this.local.set(key, value);
        writeStorage(key, value);
      } else {
        this.memory.set(`${scope}.${name}`, value);
      }
    }
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

function readStorage(key: string): unknown {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text === null || text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function writeStorage(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the value still lives in memory for this session.
  }
}
