/**
 * A Vite build plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of
 * the client build, so the server sends compressed bytes without compressing on each request
 * (@fastify/static's `preCompressed` picks the copy the browser accepts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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

/** Writes `<file>.br` and `<file>.gz` for each compressible file of `folder`; answers how many. */
export function precompressFolder(folder: string): number {
  let written = 0;
  for (const path of filesUnder(folder)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    written += 1;
  }
  return written;
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
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
