import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DocumentNode, GraphQLError, Kind, type SelectionSetNode, valueFromASTUntyped } from 'graphql';
import { INPUT_LIMITS, inputLimitViolation } from '../http/inputLimits.ts';

/**
 * Refuses a batch of more than `maxGraphQLBatch` queries before anything else is done with it
 * (issue 13: "an anonymous batch of 500 queries stalls the server for 12.8 s").
 */
export function registerGraphQLBatchLimit(app: FastifyInstance, path: string): void {
  app.addHook('preValidation', async (request) => {
    if (request.url.split('?')[0] !== path || !Array.isArray(request.body)) return;
    if (request.body.length > INPUT_LIMITS.maxGraphQLBatch) {
      throw new GraphQLError(
        `Batch has ${request.body.length} queries, which exceeds max batch size of ${INPUT_LIMITS.maxGraphQLBatch}`,
      );
    }
  });
}

/**
 * The first argument of the document that breaks an input cap (a search too long or of too many
 * terms, a list too long), with variables resolved, as a GraphQL error; fragments are checked too.
 */
export function checkArgumentLimits(
  document: DocumentNode,
  variables: Readonly<Record<string, unknown>>,
): void {
  const visit = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        for (const argument of selection.arguments ?? []) {
          const value: unknown = valueFromASTUntyped(argument.value, variables);
          const problem = inputLimitViolation(argument.name.value, value, { commaLists: false });
          if (problem) throw new GraphQLError(problem);
        }
      }
      if (selection.kind !== Kind.FRAGMENT_SPREAD && selection.selectionSet) visit(selection.selectionSet);
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION) {
      visit(definition.selectionSet);
    }
  }
}

const spentComplexity = new WeakMap<FastifyRequest, number>();

/**
 * Adds one operation's complexity to what its request has spent so far: a batch is limited as one
 * query would be, so ten cheap queries fit and ten expensive ones do not.
 */
export function chargeBatchComplexity(request: FastifyRequest, complexity: number, limit: number): void {
  const total = (spentComplexity.get(request) ?? 0) + complexity;
  if (total > limit) {
    throw new GraphQLError(`Batch has complexity of ${total}, which exceeds max complexity of ${limit}`);
  }
  spentComplexity.set(request, total);
}
