/**
 * Collects the keys asked for while a GraphQL level resolves and fetches them in one call: a page of
 * 50 epics costs one query for their authors, not 50. Lives for one request (results are cached).
 */
export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V>>();
  /** The values already fetched or primed: `read` answers them without a promise. */
  private readonly settled = new Map<K, V>();
  private pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  constructor(
    private readonly fetchMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly fallback: V,
  ) {}

  load(key: K): Promise<V> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.dispatch());
      this.pending.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    return promise;
  }

  /**
   * The value itself once it is here, else `load(key)`. A resolver that returns a plain value spares
   * the executor a promise: a page of 1,000 epics asks for a dozen loaded fields of each.
   */
  read(key: K): V | Promise<V> {
    return this.settled.has(key) ? (this.settled.get(key) as V) : this.load(key);
  }

  /** Seeds the cache with a value fetched some other way (a list that already holds the rows). */
  prime(key: K, value: V): void {
    if (this.cache.has(key)) return;
    this.cache.set(key, Promise.resolve(value));
    this.settled.set(key, value);
  }

  private async dispatch(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const values = await this.fetchMany([...new Set(batch.map((entry) => entry.key))]);
      for (const entry of batch) {
        const value = values.get(entry.key) ?? this.fallback;
        this.settled.set(entry.key, value);
        entry.resolve(value);
      }
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}

/** `map` applied to a value that may still be on its way: synchronously when it is already here. */
export function whenRead<V, R>(value: V | Promise<V>, map: (value: V) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(map) : map(value);
}
