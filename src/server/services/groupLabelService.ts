/** A group's own labels, as the group labels routes manage them (labelAdminService's rules). */
import type { Kysely } from 'kysely';
import type { Database, LabelRow, NamespaceRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import {
  createLabel,
  deleteLabel,
  findOwnLabelOrFail,
  type LabelFields,
  updateLabel,
} from './labelAdminService.ts';

export type GroupLabelFields = LabelFields;

export function findGroupLabelOrFail(
  db: Kysely<Database>,
  group: NamespaceRow,
  key: string,
): Promise<LabelRow> {
  return findOwnLabelOrFail(db, { kind: 'group', group }, key);
}

/** A new label of the group; a title the group has already (any case) is a conflict. */
export function createGroupLabel(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  fields: Required<Pick<LabelFields, 'title' | 'color'>> & LabelFields,
): Promise<LabelRow> {
  return createLabel(db, access, { kind: 'group', group }, fields);
}

export function updateGroupLabel(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  label: LabelRow,
  fields: LabelFields,
): Promise<LabelRow> {
  return updateLabel(db, access, { kind: 'group', group }, label, fields);
}

export function deleteGroupLabel(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  label: LabelRow,
): Promise<void> {
  return deleteLabel(db, access, { kind: 'group', group }, label);
}
