import { VISIBILITIES } from '../../../core/domain/visibility.ts';
import { optionalEnum, optionalString, ParamError, type Params } from './params.ts';

/**
 * What GitLab's POST /groups and POST /projects share: `name` and `path` (at least one; the service
 * makes the other), `visibility` and `description`.
 */
export function creationParams(body: Params) {
  const name = optionalString(body, 'name', 1000);
  const path = optionalString(body, 'path', 1000);
  if (name === undefined && path === undefined) {
    throw new ParamError('name, path are missing, at least one parameter must be provided');
  }
  return {
    name: name ?? path ?? '',
    path,
    visibility: optionalEnum(body, 'visibility', VISIBILITIES),
    description: optionalString(body, 'description', 4000),
  };
}
