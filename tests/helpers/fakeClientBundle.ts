import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A stand-in for the built client: integration tests check HTML shells, not the bundle itself. */
export function createClientManifestDir(): string {
  const clientDir = mkdtempSync(join(tmpdir(), 'pt-client-'));
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(
    join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/client/app/main.tsx': { file: 'assets/main.js', isEntry: true, css: ['assets/main.css'] },
    }),
  );
  return clientDir;
}
