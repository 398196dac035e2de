import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_CHUNKS, type PageName } from '../../../core/pages/pageMount.ts';

/** What a page's HTML names up front, so that the browser fetches it all at once. */
export interface PageAssets {
  /** The entry module (`<script type="module">`). */
  readonly script: string;
  readonly styles: readonly string[];
  /** Modules the page will import, fetched alongside the entry instead of after it (`modulepreload`). */
  readonly modules: readonly string[];
  /** Worker scripts the page starts, fetched early into the HTTP cache (`prefetch`). */
  readonly workers: readonly string[];
}

/** The built client, read from Vite's manifest once at start: each page's assets. */
export interface ClientAssets {
  forPage(page: PageName): PageAssets;
}

interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly css?: readonly string[];
  readonly assets?: readonly string[];
  readonly imports?: readonly string[];
  readonly isEntry?: boolean;
}

type Manifest = Readonly<Record<string, ManifestChunk>>;

const url = (file: string): string => `/${file}`;

/**
 * The workers a page starts as it opens (the roadmap's and the epic tree's layout), worth fetching
 * beside the entry. The export worker (pdf-lib, ten times their size) starts only on Export: on a
 * first visit its bytes would compete with the ones the first rows wait for.
 */
const PREFETCHED_WORKER = /(?:^|\/)\w*Layout\.worker-[\w-]+\.js$/;

/** The chunk and every chunk it imports statically, depth first, each once. */
function withImports(manifest: Manifest, key: string, into: Map<string, ManifestChunk>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(key)) return;
  into.set(key, chunk);
  for (const imported of chunk.imports ?? []) withImports(manifest, imported, into);
}

export function readClientAssets(clientDir: string): ClientAssets {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      `The client bundle is missing (${manifestPath}). Run "npm run build" first (npm start does).`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error(`No entry in ${manifestPath}`);
  const entryChunks = new Map<string, ManifestChunk>();
  withImports(manifest, entryKey, entryChunks);

  const assetsOf = (pageChunk: string | undefined): PageAssets => {
    const chunks = new Map(entryChunks);
    const pageKey = Object.keys(manifest).find((key) => manifest[key]?.name === pageChunk);
    if (pageKey) withImports(manifest, pageKey, chunks);
    const files = [...chunks.values()];
    return {
      script: url(manifest[entryKey]!.file),
      styles: files.flatMap((chunk) => chunk.css ?? []).map(url),
      modules: [...chunks.keys()].filter((key) => key !== entryKey).map((key) => url(manifest[key]!.file)),
      workers: files
        .flatMap((chunk) => chunk.assets ?? [])
        .filter((file) => PREFETCHED_WORKER.test(file))
        .map(url),
    };
  };
  const byPage = new Map<string, PageAssets>();
  const common = assetsOf(undefined);
  for (const [page, chunk] of Object.entries(PAGE_CHUNKS)) byPage.set(page, assetsOf(chunk));
  return { forPage: (page) => byPage.get(page) ?? common };
}
