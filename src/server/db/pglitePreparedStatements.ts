import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import { changedUnderStatement, StatementNames, transactionBoundary } from './preparedStatements.ts';

const DUPLICATE_PREPARED_STATEMENT = '42P05';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** What a named statement's Describe said once: how to send its values and read its rows. */
interface StatementShape {
  readonly parameterTypes: readonly number[];
  /** Absent for a statement that returns no rows (an update without RETURNING). */
  readonly rowDescription: BackendMessage | undefined;
}

/**
 * Runs PGlite's repeated statements as named (prepared) statements, as prepareRepeatedStatements does
 * for the PostgreSQL pool. PGlite's own `query` parses, plans and describes every statement afresh
 * inside the WebAssembly build, where planning is slow: the navigation badge's to-do count spent
 * 29 ms being planned and 1 ms running. A named statement is parsed and described once per session;
 * each run is Bind, Execute and Sync, and PostgreSQL keeps a generic plan after five runs when it
 * costs no more than the custom ones.
 *
 * The messages and their parsing are PGlite's public protocol API, in the order its `query` sends
 * them; the session lock (serialisedPGlite.ts) keeps one statement at a time on the session.
 */
export class PGlitePreparedStatements {
  private readonly shapes = new Map<string, StatementShape>();
  private inTransaction = false;

  constructor(
    private readonly client: PGlite,
    private readonly names: StatementNames = new StatementNames(),
  ) {}

  async query(text: string, values: readonly unknown[]): Promise<Results> {
    const boundary = transactionBoundary(text);
    if (boundary !== undefined) this.inTransaction = boundary === 'begin';
    const name = this.names.nameOf(text);
    if (name === undefined) return this.client.query(text, [...values]);
    try {
      return await this.client.runExclusive(() => this.runNamed(name, text, values));
    } catch (error) {
      // A migration since changed the columns it reads: plan it afresh, unnamed from now on.
      if (!changedUnderStatement(error)) throw error;
      this.names.refuse(text);
      if (this.inTransaction) throw error;
      return this.client.query(text, [...values]);
    }
  }

  private async runNamed(name: string, text: string, values: readonly unknown[]): Promise<Results> {
    const send = (message: Uint8Array) => this.client.execProtocolStream(message, { syncToFs: false });
    const messages: BackendMessage[] = [];
    try {
      const shape = this.shapes.get(name) ?? (await this.prepare(name, text, send));
      const serialised = values.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serialiser = this.client.serializers[shape.parameterTypes[index] ?? -1];
        return serialiser ? serialiser(value) : String(value);
      });
      messages.push(...(await send(protocol.serialize.bind({ statement: name, values: serialised }))));
      if (shape.rowDescription) messages.push(shape.rowDescription);
      messages.push(...(await send(protocol.serialize.execute({}))));
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
    }
    await this.client.syncToFs();
    const [results] = parse.parseResults(messages, this.client.parsers);
    if (!results) throw new Error(`PGlite answered nothing for statement ${name}`);
    return results;
  }

  private async prepare(
    name: string,
    text: string,
    send: (message: Uint8Array) => Promise<BackendMessage[]>,
  ): Promise<StatementShape> {
    await send(protocol.serialize.parse({ name, text })).catch((error: unknown) => {
      // Parsed before, then lost before its shape was kept (a Describe that failed): describe it again.
      if ((error as { code?: unknown }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
    });
    const described = await send(protocol.serialize.describe({ type: 'S', name }));
    const shape: StatementShape = {
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    this.shapes.set(name, shape);
    return shape;
  }
}
