import type { FastifyRequest } from 'fastify';
import { GRAPHQL_PATH } from '../../core/domain/webPaths.ts';

/** The path the request asked for, without its query string. */
export const requestPath = (request: FastifyRequest): string => request.url.split('?', 1)[0] ?? '';

/**
 * Whether the request is for the GraphQL API, which checks and answers in its own shape. Asked of
 * the route the router chose, so that every URL it serves GraphQL at (`/api/graphql/` too) counts.
 */
export const isGraphQLRequest = (request: FastifyRequest): boolean =>
  request.routeOptions.url === GRAPHQL_PATH;
