import type { FastifyInstance } from 'fastify';
import { inputLimitViolation } from '../input/inputLimits.ts';
import { ParamError } from './api/params.ts';
import { isGraphQLRequest } from './requestPath.ts';

/**
 * The caps on every REST and page request's query string and body, checked before authentication
 * or any statement. GraphQL's arguments are checked by the same rules after parsing
 * (graphql/requestLimits.ts), so its route is left to that check.
 */
export function registerInputLimits(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (isGraphQLRequest(request)) return;
    for (const input of [request.query, request.body]) {
      if (!input || typeof input !== 'object') continue;
      const problem = inputLimitViolation('', input, { commaLists: true });
      if (problem) throw new ParamError(problem);
    }
  });
}
