import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type ValueNode,
  visit,
} from 'graphql';
import mercurius from 'mercurius';
import { INVALID_INPUT_MESSAGE, isDatabaseDataError, loggableError } from '../db/dbErrors.ts';
import { findUnstorableText, unstorableTextReason } from '../input/unstorableText.ts';

const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * Mercurius builds the schema with the CommonJS build of graphql; this module's `import` gets the ES
 * build, whose functions refuse that schema's types ("from another module or realm").
 */
const { getVariableValues } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** A refusal before execution, answered 400 in GraphQL's shape by the app's error handler. */
class GraphQLInputError extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: readonly GraphQLError[]) {
    super(errors[0]?.message ?? 'Invalid request');
  }
}

function operationOf(document: DocumentNode): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return operations.length === 1 ? operations[0] : undefined;
}

/** The first string literal in an argument value that PostgreSQL could not hold. */
function unstorableLiteral(value: ValueNode): string | undefined {
  const stack: ValueNode[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as ValueNode;
    if (node.kind === Kind.STRING) {
      const reason = unstorableTextReason(node.value);
      if (reason) return reason;
    } else if (node.kind === Kind.LIST) stack.push(...node.values);
    else if (node.kind === Kind.OBJECT) stack.push(...node.fields.map((field) => field.value));
  }
  return undefined;
}

/**
 * Documents whose literals were found storable. Mercurius keeps a parsed document per query text, so
 * a client repeating its query hands the same document back: its literals are checked once.
 */
const documentsWithStorableLiterals = new WeakSet<DocumentNode>();

/**
 * The one gate for GraphQL input, run before every execution (Mercurius's preExecution, which also
 * runs for a query it has compiled):
 * - variables are coerced here too: Mercurius skips its own check on the request that compiles a
 *   query, which then answered 200 with another message; now every attempt gets the same 400;
 * - no string argument or variable may hold what PostgreSQL text cannot (NUL, lone surrogates).
 * Range checks live in the scalars (scalars.ts) and the iid parser (resolvers/argumentValues.ts).
 */
export function checkGraphQLInput(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): void {
  const operation = operationOf(document);
  if (operation && variables !== undefined) {
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, {
      maxErrors: 50,
    });
    if (coerced.errors) throw new GraphQLInputError(coerced.errors);
  }
  const badVariable = findUnstorableText(variables);
  if (badVariable) {
    throw new GraphQLInputError([new GraphQLError(`Variable "$${badVariable.name}" ${badVariable.reason}`)]);
  }
  if (documentsWithStorableLiterals.has(document)) return;
  visit(document, {
    Argument(node) {
      const reason = unstorableLiteral(node.value);
      if (reason) {
        throw new GraphQLInputError([
          new GraphQLError(`Argument "${node.name.value}" ${reason}`, { nodes: [node] }),
        ]);
      }
    },
  });
  documentsWithStorableLiterals.add(document);
}

/** An execution error whose text may not reach the client: the database's, which quotes SQL and values. */
function maskedError(error: GraphQLError, log: FastifyBaseLogger): GraphQLError {
  const original = error.originalError;
  if (original === undefined || original instanceof GraphQLError) return error;
  const message = isDatabaseDataError(original) ? INVALID_INPUT_MESSAGE : undefined;
  if (message === undefined) {
    if (loggableError(original) === original) return error;
    log.error({ err: loggableError(original) }, 'GraphQL resolver failed');
  }
  return new GraphQLError(message ?? INTERNAL_ERROR_MESSAGE, {
    ...(error.nodes ? { nodes: error.nodes } : {}),
    ...(error.path ? { path: error.path } : {}),
  });
}

/** Mercurius's formatter, over errors whose database text has been replaced. */
export function graphQLErrorFormatter(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  context: { reply?: { log: FastifyBaseLogger }; app: { log: FastifyBaseLogger } },
) {
  const log = context.reply?.log ?? context.app.log;
  const errors = execution.errors.map((error) => maskedError(error, log));
  return mercurius.defaultErrorFormatter({ ...execution, errors }, context as never);
}
