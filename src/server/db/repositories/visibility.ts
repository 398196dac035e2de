import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../schema.ts';

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
        .selectFrom('members')
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
        .selectFrom('members')
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
