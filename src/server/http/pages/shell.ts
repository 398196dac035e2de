import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../../core/lib/escapeHtml.ts';
import {
  mountAttributes,
  type PageMountInput,
  sessionMountAttributes,
} from '../../../core/pages/pageMount.ts';
import type { UserRow } from '../../db/schema.ts';

/** The built client's entry files, read from Vite's manifest once at start. */
export interface ClientAssets {
  readonly script: string;
  readonly styles: readonly string[];
}

export function readClientAssets(clientDir: string): ClientAssets {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      `The client bundle is missing (${manifestPath}). Run "npm run build" first (npm start does).`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; css?: string[]; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`No entry in ${manifestPath}`);
  return { script: `/${entry.file}`, styles: (entry.css ?? []).map((file) => `/${file}`) };
}

/** Sets the theme before first paint; allowed by its hash in the Content-Security-Policy. */
export const THEME_BOOT_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='dark'||(!t&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.dataset.theme='dark'}catch(e){}";

export const THEME_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

export interface ShellOptions {
  readonly title: string;
  readonly mount: PageMountInput;
  readonly csrfToken: string;
  readonly user: UserRow | null;
  readonly signInPath: string;
  readonly flash?: string | undefined;
}

/** The HTML shell of a page: the mount element carries everything the page needs to know up front. */
export function renderShell(assets: ClientAssets, options: ShellOptions): string {
  const { user } = options;
  const session = sessionMountAttributes({
    signInPath: options.signInPath,
    flash: options.flash,
    currentUser: user
      ? { id: user.id, username: user.username, name: user.name, admin: user.is_admin }
      : null,
  });
  const attributes = [...mountAttributes(options.mount), ...session]
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  const styles = assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${escapeHtml(options.csrfToken)}">
<meta name="csrf-param" content="authenticity_token">
<title>${escapeHtml(options.title)} · Plantrack</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script>${THEME_BOOT_SCRIPT}</script>
${styles}
</head>
<body>
<div id="app"${attributes}></div>
<noscript>This page needs JavaScript.</noscript>
<script type="module" src="${escapeHtml(assets.script)}"></script>
</body>
</html>`;
}
