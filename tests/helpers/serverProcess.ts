/**
 * The server as a process of its own (`node --import tsx src/server/main.ts`), for suites that stop,
 * kill and restart it, or run two side by side (a Geo primary and secondary).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface ServerProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far, both streams. */
  output(): string;
  readonly exited: Promise<number | null>;
}

export function startServer(
  dataDir: string,
  clientDir: string,
  extraEnv: Record<string, string> = {},
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      DEMO_SEED: 'off',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The base URL a started server prints ("running at http://127.0.0.1:PORT"), once it listens. */
export async function listeningUrl(server: ServerProcess, timeoutMs = 60_000): Promise<string> {
  const pattern = /running at (http:\/\/[0-9.]+:\d+)/;
  await waitFor(() => pattern.test(server.output()) || server.child.exitCode !== null, timeoutMs);
  const match = pattern.exec(server.output());
  if (!match?.[1]) throw new Error(`The server did not start:\n${server.output()}`);
  return match[1];
}

/** A TCP port free on 127.0.0.1 right now (for a server or cluster that must know its port first). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
