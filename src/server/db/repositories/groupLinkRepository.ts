import type { Executor } from '../executor.ts';

/** A share: the group or project shared, the group it is shared with, and the level it gives. */
export interface GroupLinkRow {
  readonly id: number;
  /** The group shared with (the invited group). */
  readonly group_id: number;
  readonly group_full_path: string;
  readonly group_full_name: string;
  readonly group_name: string;
  readonly group_visibility_level: number;
  readonly group_access: number;
  readonly expires_at: string | null;
  readonly created_at: Date;
}

/** The source a share is made on: a group (group_group_links) or a project (project_group_links). */
export type ShareSource =
  | { readonly kind: 'group'; readonly id: number }
  | { readonly kind: 'project'; readonly id: number };

export function listGroupLinks(db: Executor, source: ShareSource): Promise<GroupLinkRow[]> {
  const columns = [
    'l.id',
    'g.id as group_id',
    'g.full_path as group_full_path',
    'g.full_name as group_full_name',
    'g.name as group_name',
    'g.visibility_level as group_visibility_level',
    'l.group_access',
    'l.expires_at',
    'l.created_at',
  ] as const;
  // A source is shared with few groups; the bound keeps a pathological one cheap.
  if (source.kind === 'group') {
    return db
      .selectFrom('group_group_links as l')
      .innerJoin('namespaces as g', 'g.id', 'l.shared_with_group_id')
      .where('l.shared_group_id', '=', source.id)
      .select(columns)
      .orderBy('g.full_path')
      .limit(1000)
      .execute();
  }
  return db
    .selectFrom('project_group_links as l')
    .innerJoin('namespaces as g', 'g.id', 'l.group_id')
    .where('l.project_id', '=', source.id)
    .select(columns)
    .orderBy('g.full_path')
    .limit(1000)
    .execute();
}

export async function findGroupLink(
  db: Executor,
  source: ShareSource,
  groupId: number,
): Promise<GroupLinkRow | undefined> {
  return (await listGroupLinks(db, source)).find((link) => link.group_id === groupId);
}

/** Creates the share, or changes its level and expiry when it exists. */
export async function upsertGroupLink(
  db: Executor,
  source: ShareSource,
  link: { groupId: number; groupAccess: number; expiresAt: string | null },
): Promise<void> {
  if (source.kind === 'group') {
    await db
      .insertInto('group_group_links')
      .values({
        shared_group_id: source.id,
        shared_with_group_id: link.groupId,
        group_access: link.groupAccess,
        expires_at: link.expiresAt,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['shared_group_id', 'shared_with_group_id'])
          .doUpdateSet({ group_access: link.groupAccess, expires_at: link.expiresAt }),
      )
      .execute();
    return;
  }
  await db
    .insertInto('project_group_links')
    .values({
      project_id: source.id,
      group_id: link.groupId,
      group_access: link.groupAccess,
      expires_at: link.expiresAt,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['project_id', 'group_id'])
        .doUpdateSet({ group_access: link.groupAccess, expires_at: link.expiresAt }),
    )
    .execute();
}

/** Whether a share was there to remove. */
export async function deleteGroupLink(db: Executor, source: ShareSource, groupId: number): Promise<boolean> {
  // RETURNING rather than the affected-row count, which not every driver reports.
  const removed =
    source.kind === 'group'
      ? await db
          .deleteFrom('group_group_links')
          .where('shared_group_id', '=', source.id)
          .where('shared_with_group_id', '=', groupId)
          .returning('id')
          .execute()
      : await db
          .deleteFrom('project_group_links')
          .where('project_id', '=', source.id)
          .where('group_id', '=', groupId)
          .returning('id')
          .execute();
  return removed.length > 0;
}
