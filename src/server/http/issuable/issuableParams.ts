import type { EpicIssuableChanges } from '../../services/epicIssuableService.ts';
import {
  nested,
  optionalEnum,
  optionalInteger,
  optionalString,
  ParamError,
  type Params,
} from '../api/params.ts';

/** Length is the service's rule (a 422 naming the field); here only the type is checked. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** An epic iid from the path: digits only. */
export function parseIid(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw new ParamError('iid is invalid');
  return Number(value);
}

/**
 * The edit form's fields, nested under `epic` as GitLab's client sends them: a JSON body
 * `{ "epic": { … } }`, form fields `epic[title]=…`, or query parameters (the status button sends
 * `?epic[state_event]=close`). The body wins over the query.
 */
export function epicIssuableChanges(query: unknown, body: unknown): EpicIssuableChanges {
  const fields: Params = {
    ...nested((query ?? {}) as Params, 'epic'),
    ...nested((body ?? {}) as Params, 'epic'),
  };
  return {
    title: optionalString(fields, 'title', UNBOUNDED),
    description: optionalString(fields, 'description', UNBOUNDED),
    lockVersion: optionalInteger(fields, 'lock_version', 0),
    stateEvent: optionalEnum(fields, 'state_event', ['close', 'reopen'] as const),
  };
}
