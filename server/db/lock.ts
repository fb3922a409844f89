/** A pid lock file so a second process opening the same PGlite directory fails at once. */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** Thrown when another live process (or this one) already holds the directory. */
export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(
      `The data directory ${dir} is already open in process ${pid}. PGlite allows one process per directory: ` +
        `stop that process, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Take the lock at `lockPath` for `dir`; returns the release function. Stale locks (dead pid) are replaced. */
export function acquireDirLock(lockPath: string, dir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.on('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isFinite(pid) && pid > 0 && alive(pid)) throw new DataDirLockedError(dir, pid);
      unlinkSync(lockPath);
    }
  }
  throw new Error(`could not take the lock ${lockPath}`);
}
