/**
 * A Vite build plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of
 * the client build, so the server sends compressed bytes without compressing on each request
 * (@fastify/static's `preCompressed` picks the copy the browser accepts).
 */

import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser fetches; source maps are left alone (only developer tools read them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than the headers that announce it. */
const MIN_BYTES = 1024;

function* filesUnder(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside one file. */
async function compressBeside(path: string): Promise<void> {
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/**
 * Writes `<file>.br` and `<file>.gz` for each compressible file of `folder`; answers how many. The
 * files compress side by side on libuv's threads: one after another, brotli's highest quality held
 * one core for 7 s of a build on two.
 */
export async function precompressFolder(folder: string): Promise<number> {
  const files = [...filesUnder(folder)].filter(
    (path) => COMPRESSIBLE.test(path) && statSync(path).size >= MIN_BYTES,
  );
  await Promise.all(files.map(compressBeside));
  return files.length;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'plantrack-precompress',
    apply: 'build',
    configResolved(config) {
      // An absolute outDir (a build into a folder of its own) stands as it is.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
