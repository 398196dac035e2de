import { GraphQLError } from 'graphql';
import { mayWrite } from '../../services/actor.ts';
import { duplicateKeyError, ServiceError } from '../../services/errors.ts';
import type { GraphQLContext } from '../context.ts';

/** GitLab's message when something is missing or not permitted: the two must look the same. */
const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

export function resourceNotAvailable(): GraphQLError {
  return new GraphQLError(RESOURCE_NOT_AVAILABLE);
}

/**
 * Mutations need a signed-in user whose credentials allow writes (a `read_api` token does not).
 * GitLab refuses both with its "resource not available" error.
 */
export function requireWriteAccess(context: GraphQLContext): void {
  if (!context.actor.user || !mayWrite(context.actor)) throw resourceNotAvailable();
}

/** Expected failures go into the payload's `errors`; missing or forbidden things are top-level errors. */
export async function payloadErrors<T extends object>(
  run: () => Promise<T>,
): Promise<T | { errors: string[] }> {
  try {
    return await run();
  } catch (thrown) {
    const error = duplicateKeyError(thrown) ?? thrown;
    if (error instanceof ServiceError) {
      if (error.kind === 'not_found' || error.kind === 'forbidden' || error.kind === 'unauthorized') {
        throw resourceNotAvailable();
      }
      return { errors: [error.message] };
    }
    throw error;
  }
}
