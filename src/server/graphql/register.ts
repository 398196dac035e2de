import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import type { ApiDeps } from '../http/api/deps.ts';
import { createGraphQLContext, type GraphQLContext } from './context.ts';
import { GRAPHQL_LIMITS, limitsFor, measureQuery } from './limits.ts';
import { resolvers } from './resolvers/index.ts';
import { registerGraphQLResponseCache } from './responseCache.ts';

const SCHEMA = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

/** GraphQL at POST /api/graphql (GET for queries only), with GitLab's size, depth and complexity limits. */
export async function registerGraphQL(app: FastifyInstance, { db, config, now }: ApiDeps): Promise<void> {
  await app.register(mercurius, {
    schema: SCHEMA,
    resolvers: resolvers as never,
    path: '/api/graphql',
    graphiql: false,
    jit: 1,
    allowBatchedQueries: true,
    // Authentication and request errors go through the app's one error handler (http/errorHandler.ts).
    errorHandler: false,
    context: (request) =>
      createGraphQLContext({ db, config, now, actor: request.actor, access: request.access }),
  });

  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (source.length > GRAPHQL_LIMITS.maxQuerySize) throw new GraphQLError('Query too large');
  });

  app.graphql.addHook('preValidation', async (_schema, document, context) => {
    const graphContext = context as unknown as GraphQLContext;
    const { depth, complexity } = measureQuery(document);
    const limits = limitsFor(graphContext.actor.user);
    if (depth > limits.maxDepth) {
      throw new GraphQLError(`Query has depth of ${depth}, which exceeds max depth of ${limits.maxDepth}`);
    }
    if (complexity > limits.maxComplexity) {
      throw new GraphQLError(
        `Query has complexity of ${complexity}, which exceeds max complexity of ${limits.maxComplexity}`,
      );
    }
    graphContext.complexity = { score: complexity, limit: limits.maxComplexity };
  });

  if (config.graphqlResponseCache) registerGraphQLResponseCache(app, { db, now });
}
