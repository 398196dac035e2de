/**
 * Compiles the server ahead of time: `src/server/main.ts` and everything of ours it imports become one
 * ES module, `dist/server/main.mjs` (with its source map), that plain `node` runs. Packages stay
 * imports, resolved from node_modules at run time, so the bundle holds only our code.
 *
 *   npm run build:server        (npm start runs it when the server's sources changed; see start.ts)
 *   node --import tsx scripts/build/server.ts --out-dir <folder in the repository>
 *
 * Why: under tsx, every start sends each of the server's few hundred modules through tsx's loader
 * thread, a round trip between two threads per module that a busy machine stretches most: on two
 * cores, from source the server answered in 2.7 s at load 2 and 6–7 s at load 3–4, compiled in
 * 1.8–2.4 s (bench/start).
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { type BuildInputs, hashInputs, writeStamp } from './buildStamp.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT_DIR = 'dist/server';

/** The server build for buildStamp.ts: what it reads, where it writes. */
export const SERVER_BUILD: BuildInputs = {
  inputs: [
    'src/server',
    'src/core',
    // The recipe and the compiler: a change to either can change the bundle.
    'scripts/build/server.ts',
    'package-lock.json',
    'tsconfig.base.json',
  ],
  output: `${OUT_DIR}/main.mjs`,
  stamp: 'dist/stamps/server.json',
};

/** `new URL('./file', import.meta.url)`: a file a module reads beside itself at run time. */
const FILE_BESIDE = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * A module's source with each file it reads beside itself (`new URL('./x', import.meta.url)`) read
 * from beside the bundle instead, under its own name; `files` maps those names to the files to copy.
 */
export function pointAtCopies(
  source: string,
  modulePath: string,
): { contents: string; files: ReadonlyMap<string, string> } {
  const files = new Map<string, string>();
  const contents = source.replace(FILE_BESIDE, (_match, quote: string, path: string) => {
    const file = resolve(dirname(modulePath), path);
    files.set(basename(file), file);
    return `new URL(${quote}./${basename(file)}${quote}, import.meta.url)`;
  });
  return { contents, files };
}

/**
 * A module that reads a file beside itself (the GraphQL SDL) would look for it beside the bundle: copy
 * each such file there, so that adding one cannot break the compiled server silently. Two of them with
 * one name would overwrite each other, so that fails the build.
 */
function filesBesideModules(outDir: string): Plugin {
  return {
    name: 'files-beside-modules',
    setup(builder) {
      const copied = new Map<string, string>();
      builder.onStart(() => copied.clear());
      builder.onLoad({ filter: /\.tsx?$/, namespace: 'file' }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const { contents, files } = pointAtCopies(source, args.path);
        for (const [name, file] of files) {
          const previous = copied.get(name);
          if (previous !== undefined && previous !== file)
            throw new Error(
              `${relative(ROOT, previous)} and ${relative(ROOT, file)} would both be ${outDir}/${name}`,
            );
          copied.set(name, file);
          mkdirSync(outDir, { recursive: true });
          copyFileSync(file, join(outDir, name));
        }
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * Writes `main.mjs` (dist/server by default), its source map and the files its modules read beside
 * themselves. `outDir` must be inside the repository, where node_modules resolves the packages.
 */
export async function buildServer(outDir = resolve(ROOT, OUT_DIR)): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/server/main.ts'],
    outfile: join(outDir, 'main.mjs'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    // package.json's engines.
    target: 'node20.19',
    sourcemap: true,
    // The map points at src/, which is beside it in any tree that can build.
    sourcesContent: false,
    // Bundling renames clashing top-level names; logs and inspected errors keep the source's.
    keepNames: true,
    logLevel: 'warning',
    plugins: [filesBesideModules(outDir)],
  });
}

// Run as a script (start.ts imports it instead): build, then stamp the build so that npm start keeps
// it. Another --out-dir (the compiled-server test's) is a scratch build, left unstamped.
if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  const started = performance.now();
  const inputs = hashInputs(ROOT, SERVER_BUILD);
  const outDir = resolve(ROOT, values['out-dir'] ?? OUT_DIR);
  await buildServer(outDir);
  if (outDir === resolve(ROOT, OUT_DIR)) writeStamp(ROOT, SERVER_BUILD, inputs);
  console.log(
    `Built ${relative(ROOT, join(outDir, 'main.mjs'))} in ${Math.round(performance.now() - started)} ms`,
  );
}
