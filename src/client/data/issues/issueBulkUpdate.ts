/**
 * The issues lists' bulk edit: GitLab's `POST …/-/issues/bulk_update` (the server's
 * src/server/http/issuable/issueBulkUpdateRoutes.ts has the contract), then the lists refetch so the
 * rows show what changed.
 */
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { jsonWriteHeaders } from '../csrf.ts';
import { errorsOf, type SaveFailure } from '../issuables/issuableRest.ts';
import { ISSUES_LIST_QUERIES } from './issueHooks.ts';

/** One bulk edit; an absent field is left alone. */
export interface BulkIssueUpdate {
  /** Database ids of the chosen issues. */
  readonly issueIds: readonly number[];
  readonly stateEvent?: 'close' | 'reopen' | undefined;
  readonly addLabelIds?: readonly number[] | undefined;
  readonly removeLabelIds?: readonly number[] | undefined;
  /** null: no milestone. */
  readonly milestoneId?: number | null | undefined;
  /** Empty: unassign everyone. */
  readonly assigneeIds?: readonly number[] | undefined;
}

/** GitLab's `update[…]` fields: 0 is "none" for the milestone and the assignees. */
function updateFields(update: BulkIssueUpdate): Record<string, unknown> {
  const fields: Record<string, unknown> = { issuable_ids: update.issueIds.join(',') };
  if (update.stateEvent) fields.state_event = update.stateEvent;
  if (update.addLabelIds?.length) fields.add_label_ids = update.addLabelIds;
  if (update.removeLabelIds?.length) fields.remove_label_ids = update.removeLabelIds;
  if (update.milestoneId !== undefined) fields.milestone_id = update.milestoneId ?? 0;
  if (update.assigneeIds !== undefined) {
    fields.assignee_ids = update.assigneeIds.length > 0 ? update.assigneeIds : [0];
  }
  return fields;
}

/** Posts a bulk edit; answers how many issues the server updated, or its errors. */
export async function postBulkUpdate(
  path: string,
  update: BulkIssueUpdate,
): Promise<Result<{ count: number }, SaveFailure>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...jsonWriteHeaders(), Accept: 'application/json' },
      body: JSON.stringify({ update: updateFields(update) }),
    });
  } catch (error) {
    return err({ status: 0, errors: [error instanceof Error ? error.message : String(error)] });
  }
  const body: unknown = await response.json().catch(() => null);
  const count = typeof body === 'object' && body !== null ? (body as { count?: unknown }).count : undefined;
  if (!response.ok || typeof count !== 'number')
    return err({ status: response.status, errors: errorsOf(body) });
  return ok({ count });
}

/** The bulk edit of a list page: posts, then refetches the issues lists on the page. */
export function useIssuesBulkUpdate(
  path: string,
): (update: BulkIssueUpdate) => Promise<Result<{ count: number }, SaveFailure>> {
  const client = useApolloClient();
  return useCallback(
    async (update) => {
      const result = await postBulkUpdate(path, update);
      if (result.ok) await client.refetchQueries({ include: [...ISSUES_LIST_QUERIES] });
      return result;
    },
    [client, path],
  );
}
