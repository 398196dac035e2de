/**
 * The abusive client of the abuse benchmark, run in a worker thread (run.ts): `loops` loops send
 * the same request for `seconds`, or `maxRequests` each, and post back the answers' statuses and
 * times. Nothing here runs on the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface AbusiveRequest {
  readonly name: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** A request the server accepts and serves in full: shown for scale, not held to the goal. */
  readonly accepted?: boolean;
}

export interface AbuserOptions {
  readonly request: AbusiveRequest;
  readonly loops: number;
  readonly seconds: number;
  readonly maxRequests: number;
}

export type AbuserMessage =
  | { readonly type: 'started' }
  | { readonly type: 'done'; readonly statuses: [number, number][]; readonly times: number[] };

async function abuse({ request, loops, seconds, maxRequests }: AbuserOptions): Promise<AbuserMessage> {
  const deadline = performance.now() + seconds * 1000;
  const statuses = new Map<number, number>();
  const times: number[] = [];
  const loop = async () => {
    for (let i = 0; i < maxRequests && performance.now() < deadline; i++) {
      const started = performance.now();
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  parentPort!.postMessage({ type: 'started' } satisfies AbuserMessage);
  await Promise.all(Array.from({ length: loops }, loop));
  return { type: 'done', statuses: [...statuses], times };
}

if (parentPort) parentPort.postMessage(await abuse(workerData as AbuserOptions));
