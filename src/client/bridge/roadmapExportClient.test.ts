import { MessageChannel, type MessagePort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, expect, it, vi } from 'vitest';
import type { RoadmapExportApi } from '../../../workers/roadmapExportApi.ts';
import { type ExportJob, runRoadmapExport } from './roadmapExportClient.ts';

/**
 * Stands in for the export worker: the API is exposed over a MessageChannel, and `terminate`
 * closes it. The page's side talks to it as it talks to a real Worker.
 */
function fakeWorkerWith(api: RoadmapExportApi) {
  return class FakeWorker {
    readonly #port: MessagePort;
    constructor() {
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(api, port1 as unknown as Comlink.Endpoint);
      this.#port = port2;
      this.#port.start();
    }
    postMessage(message: unknown, transfer?: readonly Transferable[]) {
      this.#port.postMessage(message, transfer as never);
    }
    addEventListener(type: string, listener: (event: unknown) => void) {
      this.#port.addEventListener(type as 'message', listener as never);
    }
    removeEventListener(type: string, listener: (event: unknown) => void) {
      this.#port.removeEventListener(type as 'message', listener as never);
    }
    terminate() {
      this.#port.close();
    }
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const pngJob = { kind: 'png', request: {}, width: 640 } as unknown as ExportJob;

it('reports no progress once the export has settled, whatever order the ports deliver in', async () => {
  // The worker's last progress call travels over the callback's own port and may land after the
  // result; here it is sent once the page holds the file.
  let sendLateProgress = (): Promise<unknown> => Promise.reject(new Error('the export never ran'));
  const api: RoadmapExportApi = {
    canDraw: () => true,
    async png(_request, _width, onProgress) {
      await onProgress(0.5);
      sendLateProgress = () => Promise.resolve(onProgress(1));
      return { bytes: new Uint8Array([137, 80, 78, 71]).buffer, width: 640, height: 2 };
    },
    pdf: () => Promise.reject(new Error('not asked')),
    csv: () => new ArrayBuffer(0),
  };
  vi.stubGlobal('Worker', fakeWorkerWith(api));

  const reported: number[] = [];
  const file = await runRoadmapExport(pngJob, {
    signal: new AbortController().signal,
    onProgress: (fraction) => reported.push(fraction),
  });
  await sendLateProgress();

  expect(file.width).toBe(640);
  expect(reported).toEqual([0.5]);
});
