/**
 * The first half of `npm start`: brings the two builds up to date with their sources, building only
 * what changed since its last build, so that starting a built tree costs no build at all. The second
 * half (package.json) runs the compiled server, `node dist/server/main.mjs`.
 *
 *   node --import tsx scripts/start.ts
 *
 * A fresh clone builds both (the client in a few seconds, the server in well under one); a start
 * after editing server code rebuilds the server only. See build/buildStamp.ts for what "changed"
 * means.
 */
import { resolve } from 'node:path';
import { type BuildInputs, hashInputs, staleness, writeStamp } from './build/buildStamp.ts';
import { buildClient, CLIENT_BUILD } from './build/client.ts';
import { buildServer, SERVER_BUILD } from './build/server.ts';

const ROOT = resolve(import.meta.dirname, '..');

interface Target {
  readonly name: string;
  readonly build: BuildInputs;
  readonly run: () => Promise<void>;
}

const TARGETS: readonly Target[] = [
  { name: 'server', build: SERVER_BUILD, run: buildServer },
  { name: 'client', build: CLIENT_BUILD, run: buildClient },
];

/** Builds the target when it is stale; returns what it did, for the one line printed at the end. */
async function ensureBuilt(target: Target): Promise<string> {
  const inputs = hashInputs(ROOT, target.build);
  const reason = staleness(ROOT, target.build, inputs);
  if (reason === null) return `${target.name} up to date`;
  console.log(`Building the ${target.name} (${reason})...`);
  const started = performance.now();
  await target.run();
  writeStamp(ROOT, target.build, inputs);
  return `${target.name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

try {
  const outcomes: string[] = [];
  for (const target of TARGETS) outcomes.push(await ensureBuilt(target));
  console.log(`Builds: ${outcomes.join(', ')}.`);
} catch (error) {
  // The build printed its own errors; a failed build must not start the previous one.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
