import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A stand-in for the built client: integration tests check HTML shells, not the bundle itself. */
export function createClientManifestDir(): string {
  const clientDir = mkdtempSync(join(tmpdir(), 'pt-client-'));
  mkdirSync(join(clientDir, '.vite'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(
    join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/client/app/main.tsx': { file: 'assets/main.js', isEntry: true, css: ['assets/main.css'] },
    }),
  );
  // A hashed asset with its precompressed copy, and a file without a hash, as a build leaves them.
  writeFileSync(join(clientDir, 'assets', 'page-Ab3_x9Zq.js'), FAKE_HASHED_SCRIPT);
  writeFileSync(join(clientDir, 'assets', 'page-Ab3_x9Zq.js.gz'), gzipSync(FAKE_HASHED_SCRIPT));
  writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *\n');
  return clientDir;
}

export const FAKE_HASHED_SCRIPT = 'export const roadmap = "first view";\n'.repeat(100);
