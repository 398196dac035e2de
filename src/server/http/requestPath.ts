import type { FastifyRequest } from 'fastify';
import { GRAPHQL_PATH, pathOfUrl } from '../../core/domain/webPaths.ts';

/** The path the request asked for, without its query string. */
export const requestPath = (request: FastifyRequest): string => pathOfUrl(request.url);

/**
 * Whether the request is for the GraphQL API, which checks and answers in its own shape. Asked of
 * the route the router chose, so that every URL it serves GraphQL at (`/api/graphql/` too) counts.
 */
export const isGraphQLRequest = (request: FastifyRequest): boolean =>
  request.routeOptions.url === GRAPHQL_PATH;
