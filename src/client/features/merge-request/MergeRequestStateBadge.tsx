import type { MergeRequestState } from '../../../core/domain/mergeRequests.ts';
import { Badge } from '../../ui/index.ts';
import { MERGE_REQUEST_TEXT } from './mergeRequestTexts.ts';

/** GitLab's merge request status badge: Open (or Draft), Merged, Closed. */
export function MergeRequestStateBadge({ state, draft }: { state: MergeRequestState; draft: boolean }) {
  if (state === 'merged') {
    return (
      <Badge variant="info" icon="merged" testId="state-badge">
        {MERGE_REQUEST_TEXT.merged}
      </Badge>
    );
  }
  if (state === 'closed') {
    return (
      <Badge variant="danger" icon="stateClosed" testId="state-badge">
        {MERGE_REQUEST_TEXT.closed}
      </Badge>
    );
  }
  if (state === 'locked') {
    return (
      <Badge variant="warning" icon="lock" testId="state-badge">
        {MERGE_REQUEST_TEXT.locked}
      </Badge>
    );
  }
  return (
    <Badge variant={draft ? 'neutral' : 'success'} icon="mergeRequest" testId="state-badge">
      {draft ? MERGE_REQUEST_TEXT.draft : MERGE_REQUEST_TEXT.open}
    </Badge>
  );
}
