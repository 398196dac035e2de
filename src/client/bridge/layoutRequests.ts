/**
 * What every layout worker client does with its requests, whatever the worker: each request carries
 * a new epoch; a snapshot older than the one delivered is dropped; changes are sent at once and
 * never dropped, while plain re-layouts (scroll, pan) are coalesced: while one is in flight only the
 * newest viewport waits behind it, so a fast scroll never queues stale work in the worker. Requests
 * in flight make the client busy (WorkerRequests).
 */
import { newerSnapshot } from '../../core/layout/snapshot.ts';
import { type WorkerRequestListener, WorkerRequests } from './workerRequests.ts';

export interface LayoutRequestListener<S> extends WorkerRequestListener {
  /** A snapshot newer than any delivered before. */
  onSnapshot(snapshot: S): void;
}

export class LayoutRequests<S extends { readonly epoch: number }, V> {
  private readonly requests: WorkerRequests;
  private epoch = 0;
  private delivered: S | null = null;
  private layoutInFlight = false;
  private waitingViewport: V | null = null;

  constructor(
    private readonly listener: LayoutRequestListener<S>,
    private readonly disposed: () => boolean,
  ) {
    this.requests = new WorkerRequests(listener, disposed);
  }

  get busy(): boolean {
    return this.requests.busy;
  }

  /** Sends a change under a new epoch and delivers its snapshot; a waiting re-layout is dropped. */
  change(send: (epoch: number) => Promise<S>): void {
    this.waitingViewport = null;
    this.track(send(this.nextEpoch())).then((snapshot) => this.deliver(snapshot));
  }

  /** Lays out `viewport` with `send`, coalesced with the re-layouts before it. */
  layout(viewport: V, send: (epoch: number, viewport: V) => Promise<S>): void {
    if (this.layoutInFlight) {
      this.waitingViewport = viewport;
      return;
    }
    this.layoutInFlight = true;
    this.track(send(this.nextEpoch(), viewport)).then((snapshot) => {
      this.layoutInFlight = false;
      this.deliver(snapshot);
      const next = this.waitingViewport;
      this.waitingViewport = null;
      if (next && !this.disposed()) this.layout(next, send);
    });
  }

  /** A new epoch, for a request whose answer carries more than a snapshot (then `deliver` it). */
  nextEpoch(): number {
    this.epoch += 1;
    return this.epoch;
  }

  /** Hands the listener a snapshot unless the client is gone or it is older than the one shown. */
  deliver(snapshot: S | undefined): void {
    if (!snapshot || this.disposed()) return;
    if (this.delivered && newerSnapshot(this.delivered, snapshot) === this.delivered) return;
    this.delivered = snapshot;
    this.listener.onSnapshot(snapshot);
  }

  /** Counts a request in flight (busy) and reports its failure, which answers undefined. */
  track<T>(request: Promise<T>): Promise<T | undefined> {
    return this.requests.track(request);
  }
}
