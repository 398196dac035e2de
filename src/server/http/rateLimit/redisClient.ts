import { connect, type Socket } from 'node:net';

/** A Redis reply: simple strings, integers, bulk strings (null when absent) and arrays of them. */
export type RedisReply = string | number | null | RedisReply[];

interface Pending {
  resolve(reply: RedisReply): void;
  reject(error: Error): void;
}

/**
 * The few Redis commands the rate limiter needs, over RESP2 on one connection (no Redis client
 * package is installed; this speaks the documented protocol). Commands are pipelined in order; a
 * lost connection fails what is in flight and the next command reconnects.
 */
export class RedisClient {
  #socket: Socket | null = null;
  #ready: Promise<void> | null = null;
  #buffer: Buffer = Buffer.alloc(0);
  readonly #pending: Pending[] = [];
  readonly #url: URL;

  constructor(
    url: string,
    private readonly connectTimeoutMs = 1000,
  ) {
    this.#url = new URL(url);
    if (this.#url.protocol !== 'redis:') throw new Error(`REDIS_URL must start with redis://, got "${url}"`);
  }

  async command(...args: (string | number)[]): Promise<RedisReply> {
    await this.#connection();
    return this.#send(args);
  }

  async close(): Promise<void> {
    const socket = this.#socket;
    this.#socket = null;
    this.#ready = null;
    if (socket && !socket.destroyed) {
      await new Promise<void>((resolve) => socket.end(resolve));
    }
  }

  #connection(): Promise<void> {
    if (this.#ready && this.#socket && !this.#socket.destroyed) return this.#ready;
    const socket = connect({ host: this.#url.hostname || '127.0.0.1', port: Number(this.#url.port || 6379) });
    socket.setNoDelay(true);
    socket.setTimeout(this.connectTimeoutMs);
    this.#socket = socket;
    this.#buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => this.#receive(chunk));
    socket.on('timeout', () => socket.destroy(new Error('Redis did not answer in time')));
    socket.on('error', () => undefined); // reported through 'close' to every waiting command
    socket.on('close', () => {
      if (this.#socket === socket) {
        this.#socket = null;
        this.#ready = null;
      }
      for (const pending of this.#pending.splice(0)) pending.reject(new Error('Redis connection closed'));
    });
    this.#ready = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => {
        socket.setTimeout(0);
        resolve();
      });
      socket.once('close', () => reject(new Error('Redis is not reachable')));
    }).then(async () => {
      const password = decodeURIComponent(this.#url.password);
      if (password) {
        const user = decodeURIComponent(this.#url.username);
        await this.#send(user ? ['AUTH', user, password] : ['AUTH', password]);
      }
      const database = this.#url.pathname.slice(1);
      if (database) await this.#send(['SELECT', database]);
    });
    return this.#ready;
  }

  #send(args: (string | number)[]): Promise<RedisReply> {
    const socket = this.#socket;
    if (!socket || socket.destroyed) return Promise.reject(new Error('Redis connection closed'));
    const parts = args.map((arg) => Buffer.from(String(arg)));
    const header = `*${parts.length}\r\n`;
    const body = parts.flatMap((part) => [Buffer.from(`$${part.length}\r\n`), part, Buffer.from('\r\n')]);
    return new Promise<RedisReply>((resolve, reject) => {
      this.#pending.push({ resolve, reject });
      socket.write(Buffer.concat([Buffer.from(header), ...body]));
    });
  }

  #receive(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const parsed = parseReply(this.#buffer, 0);
      if (!parsed) return;
      this.#buffer = this.#buffer.subarray(parsed.end);
      const pending = this.#pending.shift();
      if (!pending) continue;
      if (parsed.reply instanceof Error) pending.reject(parsed.reply);
      else pending.resolve(parsed.reply);
    }
  }
}

/** One reply from `offset`, or null when the buffer does not hold all of it yet. */
function parseReply(buffer: Buffer, offset: number): { reply: RedisReply | Error; end: number } | null {
  const lineEnd = buffer.indexOf('\r\n', offset);
  if (lineEnd === -1) return null;
  const type = String.fromCharCode(buffer[offset] ?? 0);
  const line = buffer.toString('utf8', offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case '+':
      return { reply: line, end: next };
    case '-':
      return { reply: new Error(`Redis: ${line}`), end: next };
    case ':':
      return { reply: Number(line), end: next };
    case '$': {
      const length = Number(line);
      if (length < 0) return { reply: null, end: next };
      if (buffer.length < next + length + 2) return null;
      return { reply: buffer.toString('utf8', next, next + length), end: next + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { reply: null, end: next };
      const items: RedisReply[] = [];
      let end = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, end);
        if (!item) return null;
        if (item.reply instanceof Error) return { reply: item.reply, end: item.end };
        items.push(item.reply);
        end = item.end;
      }
      return { reply: items, end };
    }
    default:
      throw new Error(`Redis sent an unknown reply type "${type}"`);
  }
}
