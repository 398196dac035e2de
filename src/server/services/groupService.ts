import type { Executor } from '../db/executor.ts';
import {
  findNamespaceByFullPath,
  findNamespaceById,
  findNamespacesByIds,
  listNamespaces,
  type NamespaceListFilter,
} from '../db/repositories/namespaceRepository.ts';
import type { NamespaceRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { NotFoundError } from './errors.ts';

/** A group by numeric id or full path (GitLab's `:id`), if the actor may read it; else 404. */
export async function findReadableGroup(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
): Promise<NamespaceRow> {
  const group = /^\d+$/.test(idOrPath)
    ? await findNamespaceById(db, Number(idOrPath))
    : await findNamespaceByFullPath(db, idOrPath);
  if (!group || !(await access.canInNamespace('read_group', group))) throw new NotFoundError('Group');
  return group;
}

/** Like findReadableGroup, but undefined instead of an error (GraphQL's nullable `group`). */
export async function findReadableGroupOrNull(
  db: Executor,
  access: AccessContext,
  fullPath: string,
): Promise<NamespaceRow | null> {
  const group = await access.reads.remember(`namespace:${fullPath.toLowerCase()}`, () =>
    findNamespaceByFullPath(db, fullPath),
  );
  return group && (await access.canInNamespace('read_group', group)) ? group : null;
}

/** The group at a page or GraphQL path (never a numeric id: that is the REST API's form), if readable. */
export async function findReadableGroupAtPath(
  db: Executor,
  access: AccessContext,
  fullPath: string,
): Promise<NamespaceRow> {
  const group = await findReadableGroupOrNull(db, access, fullPath);
  if (!group) throw new NotFoundError('Group');
  return group;
}

export function listReadableGroups(
  db: Executor,
  access: AccessContext,
  filter: Omit<NamespaceListFilter, 'viewer'>,
  page: { offset: number; limit: number },
) {
  return listNamespaces(db, { ...filter, viewer: access.viewer }, page);
}

/** The group's ancestors, root first. */
export async function ancestorsOf(db: Executor, group: NamespaceRow): Promise<NamespaceRow[]> {
  const ids = group.traversal_ids.slice(0, -1);
  const rows = await findNamespacesByIds(db, ids);
  return ids
    .map((id) => rows.find((row) => row.id === id))
    .filter((row): row is NamespaceRow => row !== undefined);
}
