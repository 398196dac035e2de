/**
 * Collects the keys asked for while a GraphQL level resolves and fetches them in one call: a page of
 * 50 epics costs one query for their authors, not 50. Lives for one request (results are cached).
 */
export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V>>();
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

  /** Seeds the cache with a value fetched some other way (a list that already holds the rows). */
  prime(key: K, value: V): void {
    if (!this.cache.has(key)) this.cache.set(key, Promise.resolve(value));
  }

  private async dispatch(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      const values = await this.fetchMany([...new Set(batch.map((entry) => entry.key))]);
      for (const entry of batch) entry.resolve(values.get(entry.key) ?? this.fallback);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
