import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DocumentNode, GraphQLError, Kind, type SelectionSetNode, valueFromASTUntyped } from 'graphql';
import type { MercuriusOptions } from 'mercurius';
import { isOverTimeBudget } from '../db/timeBudget.ts';
import { INPUT_LIMITS, inputLimitViolation } from '../input/inputLimits.ts';

/**
 * Refuses a batch of more than `maxGraphQLBatch` queries before anything else is done with it
 * (issue 13: "an anonymous batch of 500 queries stalls the server for 12.8 s").
 */
export function registerGraphQLBatchLimit(app: FastifyInstance, path: string): void {
  app.addHook('preValidation', async (request) => {
    // The route, not the URL: the router serves `/api/graphql/` from it too.
    if (request.routeOptions.url !== path) return;
    const operations = Array.isArray(request.body) ? request.body : [request.body];
    if (operations.length > INPUT_LIMITS.maxGraphQLBatch) {
      throw new GraphQLError(
        `Batch has ${operations.length} queries, which exceeds max batch size of ${INPUT_LIMITS.maxGraphQLBatch}`,
      );
    }
    // No argument takes a list of more than 100 items, so a longer list in the variables is refused
    // here, before GraphQL coerces each of its items (300,000 iids cost 0.7 s to coerce).
    for (const operation of operations) {
      const variables = (operation as { variables?: unknown } | null)?.variables;
      if (!variables || typeof variables !== 'object') continue;
      for (const [name, value] of Object.entries(variables)) {
        const problem = inputLimitViolation(`$${name}`, value, { commaLists: false });
        if (problem) throw new GraphQLError(`Variable ${problem}`);
      }
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

type ErrorFormatter = NonNullable<MercuriusOptions['errorFormatter']>;

/**
 * A resolver that ran out of database time (db/timeBudget.ts) fails the whole answer with 503, as a
 * REST request would, instead of a partial answer quoting the database; other errors are formatted
 * as before.
 */
export function overBudgetAware(format: ErrorFormatter): ErrorFormatter {
  return (execution, context) => {
    const overBudget = execution.errors?.some((error) => isOverTimeBudget(error.originalError ?? error));
    if (!overBudget) return format(execution, context);
    context.reply?.header('retry-after', '1');
    return {
      statusCode: 503,
      response: { data: null, errors: [{ message: 'The server is busy; try again shortly' }] },
    };
  };
}
