/**
 * Requests in flight to a layout worker, for the page's idle signal: busy from the first request
 * until the last has answered. A failed request is reported (never swallowed) and answers
 * undefined; nothing is reported once the client is disposed.
 */
export interface WorkerRequestListener {
  onError(error: unknown): void;
  onBusyChange?(busy: boolean): void;
}

export class WorkerRequests {
  private inFlight = 0;

  constructor(
    private readonly listener: WorkerRequestListener,
    private readonly disposed: () => boolean,
  ) {}

  get busy(): boolean {
    return this.inFlight > 0;
  }

  track<T>(request: Promise<T>): Promise<T | undefined> {
    this.inFlight += 1;
    if (this.inFlight === 1) this.listener.onBusyChange?.(true);
    return request
      .catch((error: unknown) => {
        if (!this.disposed()) this.listener.onError(error);
        return undefined;
      })
      .finally(() => {
        this.inFlight -= 1;
        if (this.inFlight === 0 && !this.disposed()) this.listener.onBusyChange?.(false);
      });
  }
}
