import { STORAGE_COOKIE } from '../../core/serverRender';
import type { StateDef } from '../../core/types';

/**
 * Page state kept outside the URL: `memory` values (this app session) and `local` values (browser
 * local storage, parsed once per write so reads are referentially stable). Subscribers are told
 * every write that changes what a reader sees (usePageStateVersion): writing the value a
 * state already has, or null to a state without one (logic reads both as null), tells nobody, so a
 * step's `enter` that clears its state does not draw the whole step again (a blocking render).
 * The browser's {@link STORAGE_COOKIE} follows what local storage holds (each read and write of a `local` value
 * keeps it true), so the server knows whether a first screen can show the `local` defaults.
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
      if (!this.local.has(key)) {
        const stored = readStorage(key);
        this.local.set(key, stored);
        markStored(key, stored !== undefined);
      }
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
        markStored(key, writeStorage(key, value));
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

/** Stores `value` under `key` (null removes it); whether the storage now holds a value there. */
function writeStorage(key: string, value: unknown): boolean {
  try {
    if (value === undefined || value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
    return value !== undefined && value !== null && globalThis.localStorage !== undefined;
  } catch {
    // Storage full or disabled (private mode): the value still lives in memory for this session.
    return false;
  }
}

/** Adds `key` to the {@link STORAGE_COOKIE}'s keys, or drops it (the cookie goes with its last key); a browser's only. */
function markStored(key: string, stored: boolean): void {
  if (typeof document === 'undefined') return;
  const current = document.cookie.split('; ').find((c) => c.startsWith(`${STORAGE_COOKIE}=`))?.slice(STORAGE_COOKIE.length + 1);
  const keys = new Set(current ? current.split(',') : []);
  const encoded = encodeURIComponent(key);
  if (keys.has(encoded) === stored) return;
  if (stored) keys.add(encoded);
  else keys.delete(encoded);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = keys.size
    ? `${STORAGE_COOKIE}=${[...keys].join(',')}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${STORAGE_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`;
}
