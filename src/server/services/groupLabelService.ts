import type { Kysely } from 'kysely';
import {
  deleteLabelRow,
  findGroupLabel,
  groupHasLabelTitled,
  updateLabelRow,
} from '../db/repositories/labelRepository.ts';
import type { Database, LabelRow, NamespaceRow } from '../db/schema.ts';
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

/** `#RGB` or `#RRGGBB`, the colours the label picker and GitLab's API both take. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface GroupLabelFields {
  readonly title?: string | undefined;
  readonly color?: string | undefined;
  readonly description?: string | undefined;
}

/** A group's own labels are the team's to manage: admin_label (Reporters and up). */
async function requireLabelAdmin(access: AccessContext, group: NamespaceRow): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await access.canInNamespace('admin_label', group))) throw new ForbiddenError();
}

function validated(fields: GroupLabelFields): GroupLabelFields {
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

export async function findGroupLabelOrFail(
  db: Kysely<Database>,
  group: NamespaceRow,
  key: string,
): Promise<LabelRow> {
  const label = await findGroupLabel(db, group.id, key);
  if (!label) throw new NotFoundError('Label');
  return label;
}

/** A new label of the group; a title the group has already (any case) is a conflict. */
export async function createGroupLabel(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  fields: Required<Pick<GroupLabelFields, 'title' | 'color'>> & GroupLabelFields,
): Promise<LabelRow> {
  await requireLabelAdmin(access, group);
  const { title, color, description } = validated(fields);
  return db.transaction().execute(async (trx) => {
    if (await groupHasLabelTitled(trx, group.id, title ?? ''))
      throw new ConflictError('Label already exists');
    return trx
      .insertInto('labels')
      .values({
        root_namespace_id: group.root_namespace_id,
        group_id: group.id,
        project_id: null,
        title: title ?? '',
        color: color ?? '',
        description: description ?? '',
        created_at: access.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function updateGroupLabel(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  label: LabelRow,
  fields: GroupLabelFields,
): Promise<LabelRow> {
  await requireLabelAdmin(access, group);
  const { title, color, description } = validated(fields);
  return db.transaction().execute(async (trx) => {
    if (title !== undefined && (await groupHasLabelTitled(trx, group.id, title, label.id))) {
      throw new ConflictError('Label already exists');
    }
    const updated = await updateLabelRow(trx, label.id, {
      ...(title === undefined ? {} : { title }),
      ...(color === undefined ? {} : { color }),
      ...(description === undefined ? {} : { description }),
    });
    if (!updated) throw new NotFoundError('Label');
    return updated;
  });
}

export async function deleteGroupLabel(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  label: LabelRow,
): Promise<void> {
  await requireLabelAdmin(access, group);
  await deleteLabelRow(db, label.id);
}
