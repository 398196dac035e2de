import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, Kind, OperationTypeNode } from 'graphql';
import mercurius from 'mercurius';
import { GRAPHQL_PATH } from '../../core/domain/webPaths.ts';
import type { ServerDeps } from '../serverDeps.ts';
import { SharedSnapshots } from '../services/snapshotReads.ts';
import { createGraphQLContext, type GraphQLContext } from './context.ts';
import { checkGraphQLInput, graphQLErrorFormatter } from './inputGuard.ts';
import { GRAPHQL_LIMITS, limitsFor, measureQuery } from './limits.ts';
import {
  chargeBatchComplexity,
  checkArgumentLimits,
  overBudgetAware,
  registerGraphQLBatchLimit,
} from './requestLimits.ts';
import { resolvers } from './resolvers/index.ts';
import { registerGraphQLResponseCache } from './responseCache.ts';
import { scalarResolvers } from './scalars.ts';

const SCHEMA = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

/**
 * Codegen's resolver types name an interface's type resolver `__resolveType`; mercurius reads
 * `resolveType`. Each abstract type's resolver gets both spellings.
 */
function withTypeResolvers(all: Record<string, object>): Record<string, object> {
  return Object.fromEntries(
    Object.entries(all).map(([name, resolver]) =>
      '__resolveType' in resolver
        ? [name, { ...resolver, resolveType: resolver.__resolveType }]
        : [name, resolver],
    ),
  );
}

/** GraphQL at POST /api/graphql (GET for queries only), with GitLab's size, depth and complexity limits. */
export async function registerGraphQL(app: FastifyInstance, { db, config, now }: ServerDeps): Promise<void> {
  registerGraphQLBatchLimit(app, GRAPHQL_PATH);
  // Answers leave as the bytes they encode to, so the text is walked once: as a string, Fastify
  // counted its UTF-8 length and the socket encoded it again. Answers with non-Latin-1 text (a
  // typographic quote in one label) are two-byte strings twice the size of their bytes.
  app.addHook('onSend', async (request, _reply, payload) =>
    request.routeOptions.url === GRAPHQL_PATH && typeof payload === 'string' ? Buffer.from(payload) : payload,
  );
  const snapshots = new SharedSnapshots();
  await app.register(mercurius, {
    schema: SCHEMA,
    resolvers: withTypeResolvers({ ...resolvers, ...scalarResolvers }) as never,
    path: GRAPHQL_PATH,
    graphiql: false,
    jit: 1,
    allowBatchedQueries: true,
    // Authentication and request errors go through the app's one error handler (http/errorHandler.ts).
    errorHandler: false,
    // A spent time budget answers 503; resolver errors carrying database text are replaced.
    errorFormatter: overBudgetAware(graphQLErrorFormatter as never),
    context: (request) =>
      createGraphQLContext({ db, config, now, actor: request.actor, access: request.access }),
  });

  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (source.length > GRAPHQL_LIMITS.maxQuerySize) throw new GraphQLError('Query too large');
  });

  // Measured before every execution, not in preValidation: Mercurius skips preValidation for a
  // query it has cached, which would let a document accepted for an admin run for anyone, and
  // only preExecution sees the variables that size a connection's page.
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    checkGraphQLInput(schema, document, variables);
    const graphContext = context as unknown as GraphQLContext;
    const limits = limitsFor(graphContext.actor.user);
    checkArgumentLimits(document, variables ?? {});
    const { complexity } = measureQuery(schema, document, limits, variables ?? {});
    // Batched operations share their request (Mercurius puts the reply in every one's context).
    const { reply } = context as unknown as { reply?: { request: FastifyRequest } };
    if (reply) chargeBatchComplexity(reply.request, complexity, limits.maxComplexity);
    graphContext.complexity = { score: complexity, limit: limits.maxComplexity };
    // Mercurius compiles a query once per text and keeps the operation it was compiled for; with
    // several operations in one text, that would answer another operationName with the first one's
    // plan. Handing the document back as "modified" makes it execute this operation, uncompiled.
    const operations = document.definitions.filter(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION,
    );
    // A query writes nothing, so its lookups may be those of another request at its data version.
    // Not in a batch: its operations share one AccessContext, and a mutation among them must read
    // its own writes.
    const snapshot = graphContext.actor.snapshot;
    if (
      snapshot &&
      !(reply && Array.isArray(reply.request.body)) &&
      operations.every((operation) => operation.operation === OperationTypeNode.QUERY)
    ) {
      graphContext.access.reads = snapshots.at(snapshot.dataVersion);
    }
    if (operations.length > 1) return { document };
  });

  if (config.graphqlResponseCache) registerGraphQLResponseCache(app, { db, now });
}

export { type PreloadRequest, runPreloads } from './pagePreload.ts';
