import { encodeCursor, type KeysetOrder, type Page } from '../db/pagination.ts';

/** A GraphQL connection: `edges`, `nodes`, `pageInfo`, and `count` computed only when asked for. */
export interface Connection<T> {
  readonly edges: readonly { readonly cursor: string; readonly node: T }[];
  readonly nodes: T[];
  readonly pageInfo: {
    readonly hasNextPage: boolean;
    readonly hasPreviousPage: boolean;
    readonly startCursor: string | null;
    readonly endCursor: string | null;
  };
  readonly count: () => Promise<number>;
}

/**
 * An edge whose cursor is encoded only when the query reads it: GitLab's roadmap asks for its epics'
 * edges but not their cursors, and for the labels' nodes only; encoding cost a JSON text and a base64
 * string per row. A prototype getter, so that an edge holds no closure of its own.
 */
class Edge<T> {
  constructor(
    readonly node: T,
    private readonly position: number,
    private readonly encode: (node: T, position: number) => string,
  ) {}

  get cursor(): string {
    return this.encode(this.node, this.position);
  }
}

/** Page info whose first and last cursors, like the edges', are encoded only when read. */
class EdgesPageInfo<T> {
  constructor(
    private readonly edges: readonly Edge<T>[],
    readonly hasNextPage: boolean,
    readonly hasPreviousPage: boolean,
  ) {}

  get startCursor(): string | null {
    return this.edges[0]?.cursor ?? null;
  }

  get endCursor(): string | null {
    return this.edges.at(-1)?.cursor ?? null;
  }
}

function connectionOfRows<T>(
  rows: T[],
  encode: (node: T, position: number) => string,
  page: { hasNextPage: boolean; hasPreviousPage: boolean; count: () => Promise<number> },
): Connection<T> {
  const edges = rows.map((node, position) => new Edge(node, position, encode));
  return {
    edges,
    nodes: rows,
    pageInfo: new EdgesPageInfo(edges, page.hasNextPage, page.hasPreviousPage),
    count: page.count,
  };
}

/**
 * A keyset page as a connection: each cursor holds the row's sort key (`keyOf`) and the id the
 * order breaks ties with (`idOf`, the row's own id unless the order's id column is another table's).
 */
export function keysetConnection<T extends { id: number }>(
  page: Page<T> & { order: KeysetOrder },
  keyOf: (row: T) => string | number | Date | null,
  count: () => Promise<number>,
  idOf: (row: T) => number = (row) => row.id,
): Connection<T> {
  return connectionOfRows(
    page.rows,
    (node) => encodeCursor(page.order, { key: keyOf(node), id: idOf(node) }),
    {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      count,
    },
  );
}

const offsetCursor = (offset: number) =>
  Buffer.from(JSON.stringify({ offset: String(offset) }))
    .toString('base64')
    .replace(/=+$/, '');

function decodeOffsetCursor(cursor: string): number {
  try {
    const offset = Number(
      (JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { offset?: unknown }).offset,
    );
    if (Number.isSafeInteger(offset) && offset >= 0) return offset;
  } catch {
    // Falls through to the error below.
  }
  throw new Error('Please provide a valid cursor');
}

/** GitLab's default and maximum page size for connections. */
export const PAGE_LIMITS = { defaultPageSize: 100, maxPageSize: 100 } as const;

export interface ConnectionArgs {
  readonly first?: number | null | undefined;
  readonly after?: string | null | undefined;
  readonly last?: number | null | undefined;
  readonly before?: string | null | undefined;
}

/** Connections over small collections (groups, projects, labels): position cursors over a stable order. */
export async function offsetConnection<T>(
  args: ConnectionArgs,
  maxPageSize: number,
  fetch: (page: { offset: number; limit: number }) => Promise<{ rows: T[]; total: number }>,
): Promise<Connection<T>> {
  if ((args.first ?? 0) < 0 || (args.last ?? 0) < 0) throw new Error('first and last must be non-negative');
  // Relay's order: cut the list to the window between the cursors, then take `first` from its start
  // or `last` from its end.
  const start = args.after ? decodeOffsetCursor(args.after) + 1 : 0;
  const before = args.before ? decodeOffsetCursor(args.before) : undefined;
  let offset = start;
  let limit: number;
  if (args.first == null && (args.last != null || before !== undefined)) {
    const end = before ?? (await fetch({ offset: 0, limit: 0 })).total;
    limit = Math.max(0, Math.min(args.last ?? maxPageSize, maxPageSize, end - start));
    offset = end - limit;
  } else {
    const size = Math.min(args.first ?? maxPageSize, maxPageSize);
    limit = Math.max(0, before === undefined ? size : Math.min(size, before - start));
  }
  const { rows, total } = await fetch({ offset, limit });
  return connectionOfRows(rows, (_node, position) => offsetCursor(offset + position), {
    hasNextPage: offset + rows.length < total,
    hasPreviousPage: offset > 0,
    count: async () => total,
  });
}

/** A loaded list as a connection with position cursors (first/after/last/before). */
export function connectionOf<T>(items: readonly T[], args: ConnectionArgs): Promise<Connection<T>> {
  return offsetConnection(args, PAGE_LIMITS.maxPageSize, async ({ offset, limit }) => ({
    rows: items.slice(offset, offset + limit),
    total: items.length,
  }));
}

/** A complete, already-loaded list as a connection (labels of one epic, assignees of one issue). */
export function listConnection<T>(rows: T[]): Connection<T> {
  return connectionOfRows(rows, positionCursor, {
    hasNextPage: false,
    hasPreviousPage: false,
    count: async () => rows.length,
  });
}

const positionCursor = (_node: unknown, position: number) => offsetCursor(position);
