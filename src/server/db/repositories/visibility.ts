import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../schema.ts';
import { intArray } from '../sqlInteger.ts';
import type { RollupTier } from './epicRollupRepository.ts';

/** Who is reading: visibility filters are pushed into SQL so that lists and counts never leak. */
export interface Viewer {
  readonly userId: number | null;
  readonly isAdmin: boolean;
}

/** A namespace row (aliased `namespaces`) the viewer may see: by its level or by a membership up its chain. */
export function namespaceVisibleTo(
  eb: ExpressionBuilder<Database, 'namespaces'>,
  viewer: Viewer,
): Expression<SqlBool> {
  if (viewer.isAdmin) return sql<SqlBool>`true`;
  if (viewer.userId === null) return eb('namespaces.visibility_level', '=', 20);
  return eb.or([
    eb('namespaces.visibility_level', '>=', 10),
    eb.exists(
      eb
        .selectFrom('member_authorizations as members')
        .select(sql`1`.as('one'))
        .where('members.user_id', '=', viewer.userId)
        .where('members.source_type', '=', 'Namespace')
        .where(sql<SqlBool>`members.source_id = ANY(namespaces.traversal_ids)`),
    ),
  ]);
}

/** A project row joined with its namespace (`namespaces`) that the viewer may see. */
export function projectVisibleTo(
  eb: ExpressionBuilder<Database, 'projects' | 'namespaces'>,
  viewer: Viewer,
): Expression<SqlBool> {
  if (viewer.isAdmin) return sql<SqlBool>`true`;
  if (viewer.userId === null) return eb('projects.visibility_level', '=', 20);
  return eb.or([
    eb('projects.visibility_level', '>=', 10),
    eb.exists(
      eb
        .selectFrom('member_authorizations as members')
        .select(sql`1`.as('one'))
        .where('members.user_id', '=', viewer.userId)
        .where((inner) =>
          inner.or([
            inner.and([
              inner('members.source_type', '=', 'Namespace'),
              sql<SqlBool>`members.source_id = ANY(namespaces.traversal_ids)`,
            ]),
            inner.and([
              inner('members.source_type', '=', 'Project'),
              inner('members.source_id', '=', inner.ref('projects.id')),
            ]),
          ]),
        ),
    ),
  ]);
}

/** The groups whose epics a viewer may read, and those where confidential epics show too. */
export type EpicVisibility = Pick<StatsVisibility, 'groupIds' | 'confidentialGroupIds'>;

/**
 * GitLab's read rule for epics, as a condition on a row (by table alias): in a readable group and,
 * when confidential, in a group where the viewer sees confidential epics. Every query that lists
 * epics for a viewer filters with it.
 */
export function epicVisibleTo(alias: string, visible: EpicVisibility) {
  const group = sql.ref(`${alias}.group_id`);
  return sql<SqlBool>`(${group} = ANY(${intArray(visible.groupIds)})
    AND (NOT ${sql.ref(`${alias}.confidential`)} OR ${group} = ANY(${intArray(visible.confidentialGroupIds)})))`;
}

/** An issue row (by table alias) the viewer may see: in a readable project, confidential only where allowed. */
export function issueVisibleTo(
  alias: string,
  visible: Pick<StatsVisibility, 'projectIds' | 'confidentialProjectIds'>,
) {
  const project = sql.ref(`${alias}.project_id`);
  return sql<SqlBool>`(${project} = ANY(${intArray(visible.projectIds)})
    AND (NOT ${sql.ref(`${alias}.confidential`)} OR ${project} = ANY(${intArray(visible.confidentialProjectIds)})))`;
}

/**
 * Everything a viewer may see inside one root namespace: readable groups and projects, and those where
 * confidential epics and issues show too (services/viewerScope.ts decides it).
 */
export interface StatsVisibility {
  readonly groupIds: readonly number[];
  readonly confidentialGroupIds: readonly number[];
  readonly projectIds: readonly number[];
  readonly confidentialProjectIds: readonly number[];
  /** The rollup tier that counts exactly this scope (rollupTierOfScope), or null to walk the subtrees. */
  readonly rollupTier: RollupTier | null;
}
