import type { Executor } from '../db/executor.ts';
import type { OffsetLimit, PageWithTotal } from '../db/pagination.ts';
import {
  listMembers,
  type MemberListFilter,
  type MemberListRow,
  type MemberSources,
} from '../db/repositories/memberRepository.ts';
import { findNamespacesByIds } from '../db/repositories/namespaceRepository.ts';
import type { NamespaceRow } from '../db/schema.ts';
import { ServiceError } from './errors.ts';
import type { ReadableProject } from './projectService.ts';

/**
 * GitLab's member lists of a group or a project. Whoever may read the group or project may read its
 * members; a private group's are therefore hidden from non-members (they cannot read it). The
 * caller finds the group or project through findReadableGroup / findReadableProject, which refuse
 * what the actor may not read with a 404.
 */
export type MembersOf =
  | { readonly kind: 'group'; readonly group: NamespaceRow }
  | { readonly kind: 'project'; readonly project: ReadableProject };

/** `direct`: memberships on the group or project itself; `all`: inherited ones too. */
export type MemberRelation = 'direct' | 'all';

/** The group or project a membership is held on. */
export interface MemberSource {
  readonly kind: 'group' | 'project';
  readonly id: number;
  readonly fullPath: string;
  readonly fullName: string;
}

export interface MemberView {
  readonly row: MemberListRow;
  readonly source: MemberSource;
  /** Held on the listed group or project itself, not inherited from a group above it. */
  readonly direct: boolean;
}

function sourcesOf(of: MembersOf, relation: MemberRelation): MemberSources {
  if (of.kind === 'group') {
    return { namespaceIds: relation === 'direct' ? [of.group.id] : of.group.traversal_ids };
  }
  const { project, namespace } = of.project;
  return { namespaceIds: relation === 'direct' ? [] : namespace.traversal_ids, projectId: project.id };
}

/** One page of members with the total, each with where their membership comes from. */
export async function listMembersOf(
  db: Executor,
  of: MembersOf,
  relation: MemberRelation,
  filter: MemberListFilter,
  page: OffsetLimit,
): Promise<PageWithTotal<MemberView>> {
  const { rows, total } = await listMembers(db, sourcesOf(of, relation), filter, page);
  const groupIds = [
    ...new Set(rows.filter((row) => row.source_type === 'Namespace').map((row) => row.source_id)),
  ];
  const groups = new Map((await findNamespacesByIds(db, groupIds)).map((group) => [group.id, group]));
  const views: MemberView[] = [];
  for (const row of rows) {
    const source = sourceOf(of, row, groups);
    if (!source) continue;
    const direct =
      of.kind === 'group'
        ? source.kind === 'group' && source.id === of.group.id
        : source.kind === 'project' && source.id === of.project.project.id;
    views.push({ row, source, direct });
  }
  return { rows: views, total };
}

function sourceOf(
  of: MembersOf,
  row: MemberListRow,
  groups: ReadonlyMap<number, NamespaceRow>,
): MemberSource | null {
  if (row.source_type === 'Project') {
    if (of.kind !== 'project') return null;
    const { project, namespace } = of.project;
    return {
      kind: 'project',
      id: project.id,
      fullPath: project.full_path,
      fullName: `${namespace.full_name} / ${project.name}`,
    };
  }
  const group = groups.get(row.source_id);
  return group ? { kind: 'group', id: group.id, fullPath: group.full_path, fullName: group.full_name } : null;
}

/** One member by user id (GitLab's `GET …/members/:user_id`); 404 `Not found` when they are none. */
export async function findMemberOf(
  db: Executor,
  of: MembersOf,
  relation: MemberRelation,
  userId: number,
): Promise<MemberView> {
  const { rows } = await listMembersOf(
    db,
    of,
    relation,
    { userIds: [userId], order: 'id' },
    { offset: 0, limit: 1 },
  );
  const [member] = rows;
  if (!member) throw new ServiceError('not_found', 'Not found');
  return member;
}
