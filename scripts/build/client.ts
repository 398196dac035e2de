/** The client build (Vite, `npm run build`) as start.ts sees it: what it reads, and how to run it. */
import { spawn } from 'node:child_process';
import type { BuildInputs } from './buildStamp.ts';

/**
 * What Vite reads: the client and what it imports (src/core, workers), the static files it copies,
 * its config and the TypeScript options it honours, the packages it bundles (the lock pins them), and
 * the `.env` files it loads in production mode. The client may import nothing else (DESIGN.md §1,
 * checked by scripts/check-boundaries.ts).
 */
export const CLIENT_BUILD: BuildInputs = {
  inputs: [
    'src/client',
    'src/core',
    'workers',
    'public',
    'vite.config.ts',
    'tsconfig.base.json',
    'package-lock.json',
    '.env',
    '.env.local',
    '.env.production',
    '.env.production.local',
  ],
  // Vite empties dist/client when it starts, so a build that fails leaves no manifest.
  output: 'dist/client/.vite/manifest.json',
  stamp: 'dist/stamps/client.json',
};

/**
 * Runs `npm run build` (not Vite directly, so that whatever that script grows into still runs),
 * showing its output; rejects when it fails.
 */
export function buildClient(): Promise<void> {
  // Under npm, the same npm that runs us (its CLI is a script); otherwise the one on PATH.
  const cli = process.env.npm_execpath;
  const [command, args] =
    cli && /\.[cm]?js$/.test(cli) ? [process.execPath, [cli, 'run', 'build']] : ['npm', ['run', 'build']];
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}
