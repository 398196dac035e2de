import { toGlobalId } from '../../../core/domain/gid.ts';
import type { NamespaceRow } from '../../db/schema.ts';

/** Values as the schema's fields return them. */

/** A timestamp as GitLab's `Time` (ISO 8601 in UTC), or null. */
export const iso = (time: Date | null | undefined): string | null => (time ? time.toISOString() : null);

/** A group as GraphQL's `Namespace` (a project's namespace, a deleted work item's). */
export const namespaceFields = (namespace: NamespaceRow) => ({
  id: toGlobalId('Group', namespace.id),
  name: namespace.name,
  path: namespace.path,
  fullName: namespace.full_name,
  fullPath: namespace.full_path,
});
