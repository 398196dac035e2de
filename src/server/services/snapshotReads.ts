/**
 * Reads that requests at one data version share. The data version changes in the same transaction
 * as any change to the rows a response may show (migration 0003_data_version), so what a request
 * read at version N is what the database still holds while N is current: another request that read
 * N along with its user takes that answer instead of sending the statement again.
 *
 * Only requests that write nothing read this way (a GraphQL query): a mutation must see its own
 * writes, which its data version, read before them, does not name.
 */
export interface SnapshotReads {
  /** The answer of `read` under `key`: the one already read at this version, else a fresh one. */
  remember<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** Every read goes to the database. */
export const FRESH_READS: SnapshotReads = { remember: (_key, read) => read() };

/**
 * Enough for the groups, projects and plans a burst of pages at one version looks up; a crawler
 * naming thousands of paths reads the rest fresh instead of growing the process.
 */
const MAX_ENTRIES = 256;

/** The shared reads of the newest data version seen (one per app: versions only grow). */
export class SharedSnapshots {
  #version = -1n;
  #entries = new Map<string, Promise<unknown>>();

  /** The reads shared at `version`; fresh reads for a version older than the newest seen. */
  at(version: string): SnapshotReads {
    const asked = BigInt(version);
    if (asked < this.#version) return FRESH_READS;
    if (asked > this.#version) {
      this.#version = asked;
      this.#entries = new Map();
    }
    const entries = this.#entries;
    return {
      remember: <T>(key: string, read: () => Promise<T>): Promise<T> => {
        // A newer version arrived meanwhile: this request's answers belong to no one else.
        if (entries !== this.#entries) return read();
        const known = entries.get(key);
        if (known) return known as Promise<T>;
        if (entries.size >= MAX_ENTRIES) return read();
        const answer = read().then(deepFreeze);
        entries.set(key, answer);
        // A failed read is not an answer: the next request tries again.
        answer.catch(() => {
          if (entries.get(key) === answer) entries.delete(key);
        });
        return answer;
      },
    };
  }
}

/** Shared answers are frozen, so that a request that changed one would fail, not leak the change. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const entry of Object.values(value)) deepFreeze(entry);
  return value;
}
