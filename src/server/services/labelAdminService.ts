/**
 * GitLab's label management for a group's or a project's own labels (admin_label: Reporters and
 * up): create, rename, recolour, describe, delete, and a project's label priorities. Reading the
 * labels is the place's readers' (the routes find the place readable first).
 */
import type { Kysely } from 'kysely';
import { saveLabelPriority } from '../db/repositories/labelDetailsRepository.ts';
import {
  deleteLabelRow,
  findAvailableLabel,
  findLabelTitledAmong,
  findOwnedLabel,
  type LabelOwnerKey,
  updateLabelRow,
} from '../db/repositories/labelRepository.ts';
import type { Database, LabelRow, NamespaceRow, ProjectRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from './errors.ts';

/** GitLab's label title limit. */
export const MAX_LABEL_TITLE_LENGTH = 255;
export const MAX_LABEL_DESCRIPTION_LENGTH = 1024;
/** A priority is a place in a project's order; no project prioritises more labels than this. */
export const MAX_LABEL_PRIORITY = 100_000;

/** `#RGB` or `#RRGGBB`, the colours the label picker and GitLab's API both take. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Whose labels: a group's, or a project's (which also uses its groups' labels). */
export type LabelOwner =
  | { readonly kind: 'group'; readonly group: NamespaceRow }
  | { readonly kind: 'project'; readonly project: ProjectRow; readonly namespace: NamespaceRow };

export interface LabelFields {
  readonly title?: string | undefined;
  readonly color?: string | undefined;
  readonly description?: string | undefined;
}

const ownerKey = (owner: LabelOwner): LabelOwnerKey =>
  owner.kind === 'group' ? { groupId: owner.group.id } : { projectId: owner.project.id };

const rootOf = (owner: LabelOwner): number =>
  owner.kind === 'group' ? owner.group.root_namespace_id : owner.project.root_namespace_id;

/** Whether the actor may manage the place's labels (GitLab's admin_label, Reporters and up). */
export function canAdminLabels(access: AccessContext, owner: LabelOwner): Promise<boolean> {
  return owner.kind === 'group'
    ? access.canInNamespace('admin_label', owner.group)
    : access.canInProject('admin_label', owner.project, owner.namespace);
}

async function requireLabelAdmin(access: AccessContext, owner: LabelOwner): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await canAdminLabels(access, owner))) throw new ForbiddenError();
}

function validated(fields: LabelFields): LabelFields {
  const errors: Record<string, string[]> = {};
  const title = fields.title?.trim();
  if (title !== undefined) {
    if (title === '') errors.title = ["can't be blank"];
    else if (title.length > MAX_LABEL_TITLE_LENGTH)
      errors.title = ['is too long (maximum is 255 characters)'];
    else if (/[,\n\r]/.test(title)) errors.title = ['is invalid'];
  }
  if (fields.color !== undefined && !HEX_COLOR.test(fields.color.trim())) {
    errors.color = ['must be a valid color code'];
  }
  if (fields.description !== undefined && fields.description.length > MAX_LABEL_DESCRIPTION_LENGTH) {
    errors.description = ['is too long (maximum is 1024 characters)'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { title, color: fields.color?.trim(), description: fields.description };
}

/** A priority as GitLab takes it: a whole number from 0; null takes the priority away. */
function validPriority(priority: number | null | undefined): void {
  if (priority === undefined || priority === null) return;
  if (!Number.isInteger(priority) || priority < 0 || priority > MAX_LABEL_PRIORITY) {
    throw new ValidationError({ priority: ['must be a whole number from 0'] });
  }
}

/** The place's own label by id or title, as its management routes take `:label_id`. */
export async function findOwnLabelOrFail(
  db: Kysely<Database>,
  owner: LabelOwner,
  key: string,
): Promise<LabelRow> {
  const label = await findOwnedLabel(db, ownerKey(owner), key);
  if (!label) throw new NotFoundError('Label');
  return label;
}

/** A label the place uses, its own or (GitLab's default) one of its ancestor groups'. */
export async function findAvailableLabelOrFail(
  db: Kysely<Database>,
  owner: LabelOwner,
  key: string,
): Promise<LabelRow> {
  const label =
    owner.kind === 'project'
      ? await findAvailableLabel(
          db,
          { projectId: owner.project.id, groupIds: owner.namespace.traversal_ids },
          key,
        )
      : ((await findOwnedLabel(db, { groupId: owner.group.id }, key)) ??
        (await findAvailableAncestorLabel(db, owner.group, key)));
  if (!label) throw new NotFoundError('Label');
  return label;
}

async function findAvailableAncestorLabel(db: Kysely<Database>, group: NamespaceRow, key: string) {
  const ancestors = group.traversal_ids.filter((id) => id !== group.id).reverse();
  for (const groupId of ancestors) {
    const label = await findOwnedLabel(db, { groupId }, key);
    if (label) return label;
  }
  return undefined;
}

/**
 * A title no other label of the place may have (409). A project's label may not take a title its
 * groups have either: a conflict when creating, GitLab's "already exists at group level" when renaming.
 */
async function checkTitleFree(
  db: Kysely<Database>,
  owner: LabelOwner,
  title: string,
  exceptId: number | undefined,
  groupClash: 'conflict' | 'invalid',
): Promise<void> {
  const own = await findLabelTitledAmong(
    db,
    owner.kind === 'group'
      ? { groupIds: [owner.group.id], projectIds: [] }
      : { groupIds: [], projectIds: [owner.project.id] },
    title,
    exceptId,
  );
  if (own) throw new ConflictError('Label already exists');
  if (owner.kind !== 'project') return;
  const inGroup = await findLabelTitledAmong(
    db,
    { groupIds: owner.namespace.traversal_ids, projectIds: [] },
    title,
  );
  if (!inGroup) return;
  if (groupClash === 'conflict') throw new ConflictError('Label already exists');
  throw new ValidationError({
    title: [`already exists at group level for ${owner.namespace.name}. Please choose another one.`],
  });
}

/** A new label of the place; a title it (or, for a project, a group above it) has is a conflict. */
export async function createLabel(
  db: Kysely<Database>,
  access: AccessContext,
  owner: LabelOwner,
  fields: Required<Pick<LabelFields, 'title' | 'color'>> & LabelFields,
  priority?: number | null,
): Promise<LabelRow> {
  await requireLabelAdmin(access, owner);
  const { title = '', color = '', description } = validated(fields);
  validPriority(priority);
  return db.transaction().execute(async (trx) => {
    await checkTitleFree(trx, owner, title, undefined, 'conflict');
    const label = await trx
      .insertInto('labels')
      .values({
        root_namespace_id: rootOf(owner),
        group_id: owner.kind === 'group' ? owner.group.id : null,
        project_id: owner.kind === 'project' ? owner.project.id : null,
        title,
        color,
        description: description ?? '',
        created_at: access.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (owner.kind === 'project' && priority !== undefined && priority !== null) {
      await saveLabelPriority(trx, projectPlace(owner), label.id, priority, access.now());
    }
    return label;
  });
}

const projectPlace = (owner: Extract<LabelOwner, { kind: 'project' }>) => ({
  projectId: owner.project.id,
  rootNamespaceId: owner.project.root_namespace_id,
});

/** Renames, recolours or describes the place's own label; for a project, sets or removes its priority. */
export async function updateLabel(
  db: Kysely<Database>,
  access: AccessContext,
  owner: LabelOwner,
  label: LabelRow,
  fields: LabelFields,
  priority?: number | null,
): Promise<LabelRow> {
  await requireLabelAdmin(access, owner);
  const { title, color, description } = validated(fields);
  validPriority(priority);
  return db.transaction().execute(async (trx) => {
    if (title !== undefined) await checkTitleFree(trx, owner, title, label.id, 'invalid');
    const changes = {
      ...(title === undefined ? {} : { title }),
      ...(color === undefined ? {} : { color }),
      ...(description === undefined ? {} : { description }),
    };
    const updated = Object.keys(changes).length ? await updateLabelRow(trx, label.id, changes) : label;
    if (!updated) throw new NotFoundError('Label');
    if (owner.kind === 'project' && priority !== undefined) {
      await saveLabelPriority(trx, projectPlace(owner), label.id, priority, access.now());
    }
    return updated;
  });
}

export async function deleteLabel(
  db: Kysely<Database>,
  access: AccessContext,
  owner: LabelOwner,
  label: LabelRow,
): Promise<void> {
  await requireLabelAdmin(access, owner);
  await db.transaction().execute((trx) => deleteLabelRow(trx, label.id));
}

/**
 * GitLab's `set_priorities` of a project's labels page: the labels, in this order, take priorities
 * 0, 1, 2 …; ids of labels the project cannot use are skipped, other priorities stay. One transaction.
 */
export async function setLabelPriorities(
  db: Kysely<Database>,
  access: AccessContext,
  owner: Extract<LabelOwner, { kind: 'project' }>,
  labelIds: readonly number[],
): Promise<void> {
  await requireLabelAdmin(access, owner);
  await db.transaction().execute(async (trx) => {
    const usable = await trx
      .selectFrom('labels')
      .select('id')
      .where('id', 'in', labelIds.length ? [...labelIds] : [-1])
      .where((eb) =>
        eb.or([
          eb('project_id', '=', owner.project.id),
          eb('group_id', 'in', [...owner.namespace.traversal_ids]),
        ]),
      )
      .execute();
    const usableIds = new Set(usable.map((row) => row.id));
    const ordered = [...new Set(labelIds)].filter((id) => usableIds.has(id));
    for (const [index, id] of ordered.entries()) {
      await saveLabelPriority(trx, projectPlace(owner), id, index, access.now());
    }
  });
}

/**
 * GitLab's `remove_priority` of the labels page: the label (the project's or a group's it uses)
 * leaves the project's prioritized labels; the others keep their places.
 */
export async function removeLabelPriority(
  db: Kysely<Database>,
  access: AccessContext,
  owner: Extract<LabelOwner, { kind: 'project' }>,
  label: LabelRow,
): Promise<void> {
  await requireLabelAdmin(access, owner);
  await saveLabelPriority(db, projectPlace(owner), label.id, null, access.now());
}
