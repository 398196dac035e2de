import { createHash } from 'node:crypto';
import { effectiveFirstDayOfWeek, isColorMode } from '../../../core/domain/userSettings.ts';
import { escapeHtml } from '../../../core/lib/escapeHtml.ts';
import {
  mountAttributes,
  type PageMountInput,
  PRELOADED_QUERIES_ID,
  type PreloadedQuery,
  sessionMountAttributes,
} from '../../../core/pages/pageMount.ts';
import type { UserRow } from '../../db/schema.ts';
import type { ViewerSnapshot } from '../../services/actor.ts';
import type { PageAssets } from './clientAssets.ts';

/**
 * Sets the theme before first paint; allowed by its hash in the Content-Security-Policy. This
 * browser's own choice (the top bar's toggle, in localStorage) comes first, then the signed-in user's
 * colour mode (`<html data-color-mode>`, from their preferences), then the system's.
 */
export const THEME_BOOT_SCRIPT =
  "try{var d=document.documentElement,m=d.dataset.colorMode,t=localStorage.getItem('theme');if(t!=='dark'&&t!=='light')t=m==='dark'||m==='light'?m:null;if(t==='dark'||(!t&&matchMedia('(prefers-color-scheme: dark)').matches))d.dataset.theme='dark'}catch(e){}";

export const THEME_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

export interface ShellOptions {
  readonly title: string;
  readonly mount: PageMountInput;
  readonly csrfToken: string;
  readonly user: UserRow | null;
  /** The signed-in user's status in force, shown beside their name in the top bar. */
  readonly userStatus?: ViewerSnapshot['status'];
  readonly signInPath: string;
  readonly flash?: string | undefined;
  /** Query answers the page would otherwise ask for first, embedded so they arrive with the HTML. */
  readonly preloaded?: readonly PreloadedQuery[] | undefined;
}

/** JSON safe inside a `<script>` element: no `<` (so no `</script>`), no JS-only line breaks. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The HTML shell of a page: the mount element carries everything the page needs to know up front. */
export function renderShell(assets: PageAssets, options: ShellOptions): string {
  const { user } = options;
  const session = sessionMountAttributes({
    signInPath: options.signInPath,
    flash: options.flash,
    currentUser: user
      ? {
          id: user.id,
          username: user.username,
          name: user.name,
          admin: user.is_admin,
          status: options.userStatus ?? null,
          firstDayOfWeek: effectiveFirstDayOfWeek(user.first_day_of_week),
        }
      : null,
  });
  // The user's colour mode, which the boot script applies before the first paint.
  const colorMode = user && isColorMode(user.color_mode) ? ` data-color-mode="${user.color_mode}"` : '';
  const attributes = [...mountAttributes(options.mount), ...session]
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  const link = (rel: string, href: string) => `<link rel="${rel}" href="${escapeHtml(href)}">`;
  const styles = assets.styles.map((href) => link('stylesheet', href)).join('');
  const preloads = [
    ...assets.modules.map((href) => link('modulepreload', href)),
    ...assets.workers.map((href) => link('prefetch', href)),
  ].join('');
  const preloaded = options.preloaded?.length
    ? `<script type="application/json" id="${PRELOADED_QUERIES_ID}">${scriptJson(options.preloaded)}</script>\n`
    : '';
  return `<!doctype html>
<html lang="en"${colorMode}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${escapeHtml(options.csrfToken)}">
<meta name="csrf-param" content="authenticity_token">
<title>${escapeHtml(options.title)} · Plantrack</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script>${THEME_BOOT_SCRIPT}</script>
${styles}
${preloads}
</head>
<body>
<div id="app"${attributes}></div>
<noscript>This page needs JavaScript.</noscript>
${preloaded}<script type="module" src="${escapeHtml(assets.script)}"></script>
</body>
</html>`;
}
