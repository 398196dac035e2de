import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/** Hits counted in a fixed window: the count so far, and when the window ends. */
export interface WindowCount {
  readonly count: number;
  readonly resetInMs: number;
}

/**
 * Counts hits per key in fixed windows. In memory for one process; in Redis when several app
 * servers share the limits (README: "any number of app servers ... behind a load balancer").
 */
export interface RateCounter {
  /**
   * Counts `amount` hits (one request, or each query of a GraphQL batch). `limit`, the count the
   * caller allows, lets a counter set hits aside in advance below it, never above (a worker process
   * holding a few of its primary's); counters that count each hit where it lands ignore it.
   */
  hit(key: string, windowMs: number, amount?: number, limit?: number): Promise<WindowCount>;
  close(): Promise<void>;
}

/** Counters of one process; expired windows are swept when the map grows. */
export class MemoryRateCounter implements RateCounter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sweepAbove = 10_000,
  ) {}

  async hit(key: string, windowMs: number, amount = 1): Promise<WindowCount> {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.#windows.size >= this.sweepAbove) this.#sweep(now);
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += amount;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  async close(): Promise<void> {
    this.#windows.clear();
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }
}

/** INCRBY, with the window's expiry set by the first hit, and the time left: one round trip. */
const HIT_SCRIPT = `local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Counters shared by every app server that names the same Redis (and prefix). */
export class RedisRateCounter implements RateCounter {
  readonly #client: Redis;

  constructor(
    url: string,
    private readonly prefix = 'plantrack:rate:',
  ) {
    // A limit must not hold requests up while Redis is away: a command fails after one retry, and
    // the caller lets the request through (see apiRateLimit).
    this.#client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 1 });
    this.#client.on('error', () => undefined); // each failed command reports its own error
  }

  async hit(key: string, windowMs: number, amount = 1): Promise<WindowCount> {
    const reply = await this.#client.eval(HIT_SCRIPT, 1, this.prefix + key, Math.ceil(windowMs), amount);
    if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
      throw new Error('Redis answered the rate-limit script unexpectedly');
    }
    return { count: reply[0], resetInMs: reply[1] };
  }

  async close(): Promise<void> {
    if (this.#client.status === 'end') return;
    await this.#client.quit().catch(() => this.#client.disconnect());
  }
}

/**
 * Adapts a counter to @fastify/rate-limit's store contract (`incr(key, cb, timeWindow)`), so the
 * sign-in limit is shared across app servers as the API limits are.
 */
export function fastifyRateLimitStore(counter: RateCounter, namespace: string): FastifyRateLimitStoreCtor {
  return class SharedStore {
    /** The plugin passes its options first; the counter is already configured. */
    constructor(
      _options: unknown,
      private readonly prefix = `${namespace}:`,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(this.prefix + key, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    /** Each route counts on its own, as the plugin's stores do. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): SharedStore {
      // At run time the plugin passes the route as `routeInfo` (its typings say otherwise).
      const route = (routeOptions as unknown as { routeInfo?: { method: string; url: string } }).routeInfo;
      const { method, url } = route ?? { method: String(routeOptions.method), url: routeOptions.url };
      return new SharedStore(undefined, `${namespace}:${method}${url}:`);
    }
  };
}
