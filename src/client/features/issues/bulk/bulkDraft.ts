/**
 * What the bulk edit sidebar has chosen, and the one request it makes: pure, so the rules (what
 * counts as a change, which selected issues are still on the page) are tested without a browser.
 */
import type { BulkIssueUpdate, LabelView } from '../../../data/index.ts';

/** A choice of the milestone or assignee field: undefined leaves it alone, null clears it. */
export type Choice<T> = T | null | undefined;

export interface BulkDraft {
  readonly stateEvent: 'close' | 'reopen' | undefined;
  readonly addLabels: readonly LabelView[];
  readonly removeLabels: readonly LabelView[];
  readonly milestone: Choice<{ readonly id: number; readonly title: string }>;
  readonly assignee: Choice<{ readonly id: number; readonly name: string; readonly username: string }>;
}

export const EMPTY_DRAFT: BulkDraft = {
  stateEvent: undefined,
  addLabels: [],
  removeLabels: [],
  milestone: undefined,
  assignee: undefined,
};

/** A label's database id from its global id (`gid://gitlab/Label/7` → 7). */
const labelNumber = (label: LabelView): number => Number(label.id.split('/').pop());

/** Whether the draft changes anything at all. */
export const draftChanges = (draft: BulkDraft): boolean =>
  draft.stateEvent !== undefined ||
  draft.addLabels.length > 0 ||
  draft.removeLabels.length > 0 ||
  draft.milestone !== undefined ||
  draft.assignee !== undefined;

/** The request for the chosen issues, or null when there is nothing to send. */
export function bulkUpdateOf(issueIds: readonly number[], draft: BulkDraft): BulkIssueUpdate | null {
  if (issueIds.length === 0 || !draftChanges(draft)) return null;
  return {
    issueIds,
    stateEvent: draft.stateEvent,
    addLabelIds: draft.addLabels.map(labelNumber),
    removeLabelIds: draft.removeLabels.map(labelNumber),
    milestoneId: draft.milestone === undefined ? undefined : (draft.milestone?.id ?? null),
    assigneeIds: draft.assignee === undefined ? undefined : draft.assignee ? [draft.assignee.id] : [],
  };
}

/** The selected ids still on the page, in the page's order: a selection never reaches off-page issues. */
export function selectedOnPage(selected: ReadonlySet<number>, pageIds: readonly number[]): number[] {
  return pageIds.filter((id) => selected.has(id));
}

/** "Select all": all of the page when some are not selected, none when all are. */
export function toggleAll(selected: ReadonlySet<number>, pageIds: readonly number[]): Set<number> {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return all ? new Set() : new Set(pageIds);
}

export function toggleOne(selected: ReadonlySet<number>, id: number, checked: boolean): Set<number> {
  const next = new Set(selected);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

/** Adds or takes off a label of a list (the add and remove lists of the sidebar). */
export function toggleLabelIn(
  labels: readonly LabelView[],
  label: LabelView,
  checked: boolean,
): readonly LabelView[] {
  const without = labels.filter((one) => one.id !== label.id);
  return checked ? [...without, label] : without;
}
