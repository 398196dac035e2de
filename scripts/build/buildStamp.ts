/**
 * Whether a build is up to date with its sources, so that `npm start` rebuilds only what changed.
 *
 * A build's stamp (a small JSON file beside its output) holds the hash of its inputs as they were when
 * the build began, and the hash of one file of its output as the build left it. The build is fresh
 * when both still match: an edited, added, removed or renamed input changes the first; a build run
 * some other way (`npm run build` by hand, the e2e suite, a bench), or a deleted output, changes the
 * second. Content hashes rather than mtimes, so that a checkout that touches files without changing
 * them (switching branches and back) costs no build, and a copy that keeps old mtimes cannot fool it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What a build reads and what it leaves, as paths relative to the repository root. */
export interface BuildInputs {
  /** Files and folders it reads; folders are read whole, except unit tests. A missing path counts as absent. */
  readonly inputs: readonly string[];
  /** One file of its output that any build rewrites (the client's manifest, the server's bundle). */
  readonly output: string;
  /** Where its stamp lives: outside any folder the server serves, and outside what the build empties. */
  readonly stamp: string;
}

interface Stamp {
  readonly inputs: string;
  readonly output: string;
}

/** Why a build must run again, or null when it is up to date. */
export type Staleness = 'never built' | 'sources changed' | 'output changed' | null;

/** Unit tests sit beside the code in src/ and never end up in a bundle. */
const isUnitTest = (path: string) => /\.test\.tsx?$/.test(path);

/** Every file under the paths, relative to root, sorted so that the hash does not depend on the file system's order. */
function inputFiles(root: string, paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    const absolute = resolve(root, path);
    if (!existsSync(absolute)) continue;
    if (!statSync(absolute).isDirectory()) {
      files.push(path);
      continue;
    }
    for (const entry of readdirSync(absolute, { withFileTypes: true, recursive: true })) {
      const file = relative(root, join(entry.parentPath, entry.name));
      if (entry.isFile() && !isUnitTest(file)) files.push(file);
    }
  }
  return [...new Set(files)].sort();
}

/** The hash of the inputs' paths and contents: renaming a file changes it as much as editing one. */
export function hashInputs(root: string, build: BuildInputs): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, build.inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(resolve(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function hashFile(path: string): string | null {
  return existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : null;
}

function readStamp(path: string): Stamp | null {
  try {
    const stamp = JSON.parse(readFileSync(path, 'utf8')) as Partial<Stamp>;
    return typeof stamp.inputs === 'string' && typeof stamp.output === 'string'
      ? { inputs: stamp.inputs, output: stamp.output }
      : null;
  } catch {
    // No stamp, or one cut short by an interrupted write: either way the build must run.
    return null;
  }
}

/** Compares the build's stamp with its inputs' hash (from hashInputs) and its output as it is now. */
export function staleness(root: string, build: BuildInputs, inputsHash: string): Staleness {
  const stamp = readStamp(resolve(root, build.stamp));
  const output = hashFile(resolve(root, build.output));
  if (!stamp || output === null) return 'never built';
  if (stamp.inputs !== inputsHash) return 'sources changed';
  if (stamp.output !== output) return 'output changed';
  return null;
}

/**
 * Records a finished build. `inputsHash` must be taken before the build began, so that a source
 * edited while it ran makes the next start build again.
 */
export function writeStamp(root: string, build: BuildInputs, inputsHash: string): void {
  const output = hashFile(resolve(root, build.output));
  if (output === null) throw new Error(`The build left no ${build.output}`);
  const path = resolve(root, build.stamp);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify({ inputs: inputsHash, output } satisfies Stamp)}\n`);
}
