import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The V8 flags `npm start` runs the server with (package.json's `start`), for the benchmarks that
 * start the server themselves: they time what users run. A young generation twice V8's default
 * leaves fewer of a request's short-lived objects to be copied by a scavenge.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

const startScript = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.start;
for (const flag of SERVER_NODE_FLAGS) {
  if (!startScript?.includes(flag)) throw new Error(`package.json's start script lacks ${flag}`);
}
