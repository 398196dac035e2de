import { CONCURRENT_EDIT_MESSAGE } from '../../core/domain/issuableTexts.ts';
import { uniqueViolationField } from '../db/dbErrors.ts';

/**
 * The failures a service reports. REST maps them to GitLab's `{"message": …}` bodies and GraphQL to
 * `errors`, each in one place (http/apiErrors.ts, graphql/errors.ts).
 */
export type ServiceErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'invalid'
  | 'conflict'
  | 'unavailable';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** Something that does not exist, or that the caller may not know exists: the two look the same. */
export class NotFoundError extends ServiceError {
  constructor(readonly resource: string) {
    super('not_found', `${resource} Not Found`);
  }
}

export class ForbiddenError extends ServiceError {
  constructor(readonly reason?: string) {
    super('forbidden', reason ?? 'Forbidden');
  }
}

export class UnauthorizedError extends ServiceError {
  constructor() {
    super('unauthorized', 'Unauthorized');
  }
}

/** Bad input: field → messages, as GitLab's validation errors. */
export class ValidationError extends ServiceError {
  constructor(readonly fieldErrors: Readonly<Record<string, readonly string[]>>) {
    super(
      'invalid',
      Object.entries(fieldErrors)
        .map(([field, messages]) => `${field} ${messages.join(', ')}`)
        .join('; '),
    );
  }
}

/** A request that contradicts the current state (duplicate, stale lock_version, hierarchy rule). */
export class ConflictError extends ServiceError {
  constructor(message: string) {
    super('conflict', message);
  }
}

/** A server this one depends on (the LDAP directory) did not answer in time, or refused. */
export class UnavailableError extends ServiceError {
  constructor(message: string) {
    super('unavailable', message);
  }
}

/** A save based on a lock_version that is no longer current: someone else saved in between. */
export class StaleEditError extends ConflictError {
  constructor() {
    super(CONCURRENT_EDIT_MESSAGE);
  }
}

/**
 * A duplicate-key failure from the database (a second label or milestone of the same title) as
 * GitLab's validation error on that attribute; null for any other error. The unique index is the
 * check, so a race between two creators cannot slip past a read-then-insert test.
 */
export function duplicateKeyError(error: unknown): ValidationError | null {
  const field = uniqueViolationField(error);
  return field === null ? null : new ValidationError({ [field]: ['has already been taken'] });
}
