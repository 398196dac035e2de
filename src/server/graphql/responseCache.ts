import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DocumentNode, Kind, type OperationTypeNode, parse } from 'graphql';
import { GRAPHQL_PATH } from '../../core/domain/webPaths.ts';
import { calendarDateOf } from '../../core/time/formatting.ts';
import type { ServerDeps } from '../serverDeps.ts';
import { dataVersionFor } from '../services/actor.ts';

export interface ResponseCacheLimits {
  readonly maxEntries: number;
  readonly maxBytes: number;
}

const DEFAULT_LIMITS: ResponseCacheLimits = { maxEntries: 1000, maxBytes: 64 * 1024 * 1024 };

interface Entry {
  readonly version: string;
  readonly body: Buffer;
}

/**
 * Least-recently-used responses by key, bounded by count and by bytes. Bodies are kept encoded: a hit
 * writes the bytes as they are, where a string was encoded to UTF-8 again on every answer (a roadmap
 * page of 50 epics is 47 kB).
 */
export class ResponseStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: ResponseCacheLimits) {}

  get(key: string, version: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.byteLength;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: Buffer): void {
    if (body.byteLength > this.limits.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.body.byteLength;
    }
    this.entries.set(key, { version, body });
    this.bytes += body.byteLength;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.byteLength;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The operation a request runs, when it is a single query (mutations and batches are never cached). */
interface CacheableRequest {
  readonly query: string;
  readonly operationName: string | null;
  readonly variables: unknown;
}

function cacheableRequest(request: FastifyRequest): CacheableRequest | null {
  const source = request.method === 'GET' ? request.query : request.body;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return null;
  const { query, operationName, variables } = source as Record<string, unknown>;
  if (typeof query !== 'string') return null;
  let parsedVariables = variables ?? null;
  if (typeof variables === 'string') {
    try {
      parsedVariables = JSON.parse(variables);
    } catch {
      return null;
    }
  }
  return {
    query,
    operationName: typeof operationName === 'string' ? operationName : null,
    variables: parsedVariables,
  };
}

/** Which kind of operation a document runs under a name; parsed documents are remembered by text. */
class OperationKinds {
  private readonly kinds = new Map<string, OperationTypeNode | null>();

  constructor(private readonly maxEntries: number) {}

  of(query: string, operationName: string | null): OperationTypeNode | null {
    const key = `${operationName ?? ''}\u0000${query}`;
    if (this.kinds.has(key)) return this.kinds.get(key) ?? null;
    const kind = operationKind(query, operationName);
    if (this.kinds.size >= this.maxEntries) this.kinds.clear();
    this.kinds.set(key, kind);
    return kind;
  }
}

function operationKind(query: string, operationName: string | null): OperationTypeNode | null {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return null; // GraphQL answers the syntax error itself
  }
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const chosen =
    operationName === null
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((operation) => operation.name?.value === operationName);
  return chosen?.operation ?? null;
}

declare module 'fastify' {
  interface FastifyRequest {
    graphqlCacheSlot?: { key: string; version: string };
  }
}

/**
 * Answers a repeated GraphQL query from memory while no shown data has changed: the key is the
 * query, its variables, who asks (user and token scopes) and today's date (milestone states follow
 * the calendar); the entry is valid only at the data version read before the first answer was
 * computed. A signed-in request's version comes from the statement that authenticated it, with the
 * user and their memberships (one snapshot), so a hit costs that one statement and a miss nothing extra.
 */
export function registerGraphQLResponseCache(
  app: FastifyInstance,
  { db, now }: Pick<ServerDeps, 'db' | 'now'>,
  limits: ResponseCacheLimits = DEFAULT_LIMITS,
): ResponseStore {
  const store = new ResponseStore(limits);
  const kinds = new OperationKinds(limits.maxEntries);

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== GRAPHQL_PATH) return;
    const cacheable = cacheableRequest(request);
    if (!cacheable || kinds.of(cacheable.query, cacheable.operationName) !== 'query') return;
    const { actor } = request;
    const version = await dataVersionFor(db, actor);
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          actor.user?.id ?? null,
          actor.user?.is_admin ?? false,
          actor.scopes,
          calendarDateOf(now()),
          cacheable.operationName,
          cacheable.variables,
          cacheable.query,
        ]),
      )
      .digest('base64');
    const body = store.get(key, version);
    if (body !== undefined) {
      return reply.type('application/json; charset=utf-8').send(body);
    }
    request.graphqlCacheSlot = { key, version };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const slot = request.graphqlCacheSlot;
    // Mercurius puts `errors` at the top level; an error answer is never kept.
    if (slot && reply.statusCode === 200 && Buffer.isBuffer(payload) && !payload.includes('"errors":')) {
      store.set(slot.key, slot.version, payload);
    }
    return payload;
  });

  return store;
}
