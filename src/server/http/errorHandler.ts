import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { INVALID_INPUT_MESSAGE, isDatabaseDataError, loggableError } from '../db/dbErrors.ts';
import { InvalidCursorError } from '../db/pagination.ts';
import { isOverTimeBudget } from '../db/timeBudget.ts';
import { duplicateKeyError, ServiceError, ValidationError } from '../services/errors.ts';
import { ParamError } from './api/params.ts';
import { CsrfError, InsufficientScopeError, InvalidTokenError } from './auth.ts';
import type { ClientAssets } from './pages/clientAssets.ts';
import { sendNotFoundPage } from './pages/pageRoutes.ts';
import { isGraphQLRequest, requestPath } from './requestPath.ts';

/** Requests answered in JSON: the APIs, OAuth, and the `.json` and `/-/` endpoints pages call. */
const isApi = (request: FastifyRequest) => {
  const path = requestPath(request);
  return (
    path.startsWith('/api/') || path.startsWith('/oauth/') || path.startsWith('/-/') || path.endsWith('.json')
  );
};

/**
 * A request that ran out of database time (db/timeBudget.ts): the server is busy, not broken, so
 * 503 with Retry-After, and never the statement or the database's own words.
 */
function sendOverBudget(request: FastifyRequest, reply: FastifyReply) {
  const message = 'The server is busy; try again shortly';
  reply.code(503).header('retry-after', '1');
  if (isGraphQLRequest(request)) return reply.send({ data: null, errors: [{ message }] });
  return isApi(request)
    ? reply.send({ message: '503 Service Unavailable' })
    : reply.type('text/plain; charset=utf-8').send(message);
}

/** GitLab's REST error body for a service failure. */
function serviceErrorBody(error: ServiceError): { status: number; body: unknown } {
  switch (error.kind) {
    case 'not_found':
      return { status: 404, body: { message: `404 ${error.message}` } };
    case 'forbidden':
      return {
        status: 403,
        body: {
          message: error.message === 'Forbidden' ? '403 Forbidden' : `403 Forbidden - ${error.message}`,
        },
      };
    case 'unauthorized':
      return { status: 401, body: { message: '401 Unauthorized' } };
    case 'conflict':
      return { status: 409, body: { message: error.message } };
    case 'unavailable':
      return { status: 503, body: { message: `503 Service Unavailable - ${error.message}` } };
    case 'invalid':
      return {
        status: 400,
        body: { message: error instanceof ValidationError ? error.fieldErrors : error.message },
      };
  }
}

/**
 * Every failure becomes a clear 4xx in the shape its client expects (REST `{"message"}` / `{"error"}`,
 * GraphQL `{"errors"}`, or an HTML page); only real bugs are 500s, logged with their stack.
 */
export function registerErrorHandling(app: FastifyInstance, assets: ClientAssets): void {
  app.setErrorHandler((thrown: FastifyError, request, reply: FastifyReply) => {
    // A duplicate key is bad input (400 naming the field), not a bug.
    const duplicate = duplicateKeyError(thrown);
    if (duplicate && isGraphQLRequest(request)) {
      return reply.code(400).send({ data: null, errors: [{ message: duplicate.message }] });
    }
    const error = duplicate ?? thrown;
    if (isOverTimeBudget(error)) return sendOverBudget(request, reply);
    if (error instanceof InvalidTokenError) {
      return isGraphQLRequest(request)
        ? reply.code(401).send({ errors: [{ message: 'Invalid token' }] })
        : reply.code(401).send({ message: '401 Unauthorized' });
    }
    if (error instanceof InsufficientScopeError) {
      return reply.code(403).send({
        error: 'insufficient_scope',
        error_description: 'The request requires higher privileges than provided by the access token.',
        scope: error.scope,
      });
    }
    if (error instanceof CsrfError) {
      return isApi(request)
        ? reply.code(422).send({ message: error.message })
        : reply.code(422).type('text/plain; charset=utf-8').send(`422 ${error.message}`);
    }
    if (error instanceof ParamError) return reply.code(400).send({ error: error.message });
    if (error instanceof InvalidCursorError) return reply.code(400).send({ error: error.message });
    if (error instanceof ServiceError) {
      if (!isApi(request) && error.kind === 'not_found') return sendNotFoundPage(request, reply, assets);
      const { status, body } = serviceErrorBody(error);
      return reply.code(status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).type('text/plain; charset=utf-8').send('Retry later');
    }
    if (error instanceof GraphQLError) {
      // Refused before execution (size, depth, complexity): a client error in GraphQL's shape.
      return reply.code(400).send({ data: null, errors: [{ message: error.message }] });
    }
    const graphQLErrors = (error as { errors?: { message: string }[] }).errors;
    if (isGraphQLRequest(request) && Array.isArray(graphQLErrors)) {
      return reply.code(status >= 400 && status < 500 ? status : 400).send({
        data: null,
        errors: graphQLErrors.map((graphQLError) => ({ message: graphQLError.message })),
      });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError'
          ? 'Malformed JSON in the request body'
          : error.message;
      return isGraphQLRequest(request)
        ? reply.code(status).send({ errors: [{ message }] })
        : reply.code(status).send({ error: message });
    }
    if (isDatabaseDataError(error)) {
      // The database's own text quotes SQL and values: the client gets a generic message.
      return isGraphQLRequest(request)
        ? reply.code(400).send({ data: null, errors: [{ message: INVALID_INPUT_MESSAGE }] })
        : reply.code(400).send({ message: '400 Bad request' });
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return isApi(request)
      ? reply.code(500).send({ message: '500 Internal Server Error' })
      : reply.code(500).type('text/plain; charset=utf-8').send('500 Internal Server Error');
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApi(request)) return reply.code(404).send({ error: '404 Not Found' });
    return sendNotFoundPage(request, reply, assets);
  });
}
