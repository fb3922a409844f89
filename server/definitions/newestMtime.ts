/** Staleness helper: newest modification time under some folders. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time (ms) of any file under the given folders or files. */
export function newestMtime(root: string, entries: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (!st.isDirectory()) {
      newest = Math.max(newest, st.mtimeMs);
      return;
    }
    for (const name of readdirSync(path)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      visit(join(path, name));
    }
  };
  for (const e of entries) visit(join(root, e));
  return newest;
}
