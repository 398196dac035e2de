import { DEFAULT_LABEL_COLOR, keepOneLabelPerScope } from '../../core/domain/labels.ts';
import type { Executor } from '../db/executor.ts';
import {
  findGroupLabelsByTitles,
  findLabelsByIds,
  findLabelsOfTargets,
  findProjectLabelsByTitles,
  insertGroupLabels,
  type LabelTarget,
  replaceTargetLabels,
} from '../db/repositories/labelRepository.ts';
import type { LabelRow, NamespaceRow } from '../db/schema.ts';
import { ValidationError } from './errors.ts';

/** Labels one request may name: GitLab's cap on list arguments. */
export const MAX_LABELS_PER_REQUEST = 100;

/**
 * Ids of the labels with these titles: an issue's project's own first (`projectId`), then the group's
 * (own or inherited); missing ones are created in the group.
 */
export async function labelIdsForTitles(
  db: Executor,
  group: NamespaceRow,
  titles: readonly string[],
  projectId?: number,
): Promise<number[]> {
  const wanted = [...new Set(titles.map((title) => title.trim()).filter((title) => title.length > 0))];
  if (wanted.length === 0) return [];
  // One request may not fan out into thousands of new labels (issue 13: 10,000 names took 19 s).
  if (wanted.length > MAX_LABELS_PER_REQUEST) {
    throw new ValidationError({ labels: [`are too many (maximum is ${MAX_LABELS_PER_REQUEST})`] });
  }
  const tooLong = wanted.find((title) => title.length > 255);
  if (tooLong) throw new ValidationError({ labels: ['title is too long (maximum is 255 characters)'] });
  const found = await findGroupLabelsByTitles(db, group.traversal_ids, wanted);
  // The nearest group's label wins when an ancestor has one of the same title.
  const nearest = new Map<string, LabelRow>();
  const depth = (label: LabelRow) => group.traversal_ids.indexOf(label.group_id ?? -1);
  for (const label of found) {
    const known = nearest.get(label.title);
    if (!known || depth(label) > depth(known)) nearest.set(label.title, label);
  }
  if (projectId !== undefined) {
    for (const label of await findProjectLabelsByTitles(db, projectId, wanted))
      nearest.set(label.title, label);
  }
  const missing = wanted.filter((title) => !nearest.has(title));
  const created = await insertGroupLabels(db, group, missing, DEFAULT_LABEL_COLOR);
  for (const label of created) nearest.set(label.title, label);
  const ids = wanted.map((title) => nearest.get(title)!.id);
  return ids;
}

export interface LabelChanges {
  readonly replaceWith?: readonly number[] | undefined;
  readonly add?: readonly number[] | undefined;
  readonly remove?: readonly number[] | undefined;
  readonly removeTitles?: readonly string[] | undefined;
}

/**
 * Applies label changes to an epic or issue: group labels of its hierarchy, and for an issue its
 * project's own labels (`projectId`). One label per scope where the plan sells scoped labels
 * (`exclusiveScopes`); elsewhere `status::doing` is a label like any other, as on GitLab's Free.
 */
export async function resolveLabelChanges(
  db: Executor,
  group: NamespaceRow,
  target: { type: LabelTarget; id: number },
  changes: LabelChanges,
  { projectId, exclusiveScopes }: { readonly projectId?: number; readonly exclusiveScopes: boolean },
): Promise<void> {
  const touched =
    changes.replaceWith || changes.add?.length || changes.remove?.length || changes.removeTitles?.length;
  if (!touched) return;
  const current = (await findLabelsOfTargets(db, target.type, [target.id])).get(target.id) ?? [];
  const added = await findLabelsByIds(db, [...(changes.replaceWith ?? []), ...(changes.add ?? [])]);
  const foreign = added.find((label) =>
    label.group_id === null
      ? projectId === undefined || label.project_id !== projectId
      : !group.traversal_ids.includes(label.group_id),
  );
  if (foreign || added.length < new Set([...(changes.replaceWith ?? []), ...(changes.add ?? [])]).size) {
    throw new ValidationError({ labels: ['not found'] });
  }
  const byId = new Map(added.map((label) => [label.id, label]));
  const ordered: LabelRow[] = changes.replaceWith
    ? changes.replaceWith.map((id) => byId.get(id)!)
    : [...current, ...(changes.add ?? []).map((id) => byId.get(id)!)];
  const removedIds = new Set(changes.remove ?? []);
  const removedTitles = new Set(changes.removeTitles ?? []);
  const remaining = ordered.filter((label) => !removedIds.has(label.id) && !removedTitles.has(label.title));
  const unique = [...new Map(remaining.map((label) => [label.id, label])).values()];
  await replaceTargetLabels(
    db,
    { type: target.type, id: target.id, rootNamespaceId: group.root_namespace_id },
    (exclusiveScopes ? keepOneLabelPerScope(unique) : unique).map((label) => label.id),
  );
}
