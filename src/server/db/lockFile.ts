import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Another live process holds the data folder: a condition to report in one line, not a bug. */
export class DataDirInUseError extends Error {}

/**
 * An exclusive lock on a data folder: PGlite is single-process, so a second server on the same
 * folder must stop at once instead of corrupting it. A lock left by a dead process is taken over.
 */
export function acquireLockFile(path: string): () => void {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `The database in ${dirname(path)} is already in use by another process (pid ${holder}). ` +
            'Stop that server first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${path}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
