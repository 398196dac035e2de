/**
 * GitLab's `work_item_id` URL parameter: the numeric id of the work item the modal shows. Pure
 * helpers over URL texts, so the history handling in useWorkItemModalParam stays thin.
 */
import { parseGlobalId, toGlobalId } from '../../../core/domain/gid.ts';

export const WORK_ITEM_PARAM = 'work_item_id';

/** The work item's global id named by the URL's query (`?work_item_id=12`), or null. */
export function workItemIdFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get(WORK_ITEM_PARAM);
  if (value === null || !/^[1-9]\d*$/.test(value) || !Number.isSafeInteger(Number(value))) return null;
  return toGlobalId('WorkItem', value);
}

/**
 * The query with the parameter set to the work item's number, or removed for null; the other
 * parameters keep their order. Returns '' or a text starting with '?'.
 */
export function searchWithWorkItem(search: string, workItemId: string | null): string {
  const params = new URLSearchParams(search);
  if (workItemId === null) params.delete(WORK_ITEM_PARAM);
  else {
    const parsed = parseGlobalId(workItemId, ['WorkItem', 'Issue']);
    if (!parsed.ok) throw new Error(parsed.error);
    params.set(WORK_ITEM_PARAM, String(parsed.value.id));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
