import { describe, expect, it } from 'vitest';
import { LayoutRequests } from './layoutRequests.ts';

interface Snapshot {
  readonly epoch: number;
}

/** A request the test answers by hand. */
function deferred() {
  let resolve: (snapshot: Snapshot) => void = () => undefined;
  const promise = new Promise<Snapshot>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const delivered: number[] = [];
  const errors: unknown[] = [];
  const requests = new LayoutRequests<Snapshot, number>(
    { onSnapshot: (snapshot) => delivered.push(snapshot.epoch), onError: (error) => errors.push(error) },
    () => false,
  );
  return { requests, delivered, errors };
}

describe('LayoutRequests', () => {
  it('lets only the newest viewport wait behind a layout in flight', async () => {
    const { requests, errors } = setup();
    const sent: number[] = [];
    const answers = [deferred(), deferred()];
    const send = (epoch: number, viewport: number) => {
      sent.push(viewport);
      return answers[sent.length - 1]!.promise.then(() => ({ epoch }));
    };
    requests.layout(1, send);
    requests.layout(2, send);
    requests.layout(3, send);
    expect(sent).toEqual([1]);
    answers[0]!.resolve({ epoch: 0 });
    await settle();
    expect(sent).toEqual([1, 3]);
    expect(errors).toEqual([]);
  });

  it('drops a snapshot older than the one delivered', async () => {
    const { requests, delivered } = setup();
    const slow = deferred();
    requests.layout(1, () => slow.promise);
    requests.change((epoch) => Promise.resolve({ epoch }));
    await settle();
    slow.resolve({ epoch: 1 });
    await settle();
    expect(delivered).toEqual([2]);
  });
});
