import {
  AssigneeAvatars,
  CreatedBy,
  LabelList,
  ReviewerAvatars,
  TimeAgo,
} from '../../components/issuable/index.ts';
import type { MergeRequestListItem } from '../../data/index.ts';
import { Badge, Icon } from '../../ui/index.ts';
import { MERGE_REQUEST_LIST_TEXT as TEXT } from './mergeRequestListSpec.ts';

/**
 * One merge request of a list, as GitLab's row: draft badge and title; `!iid` (or, where the list
 * spans projects, `group/project!iid`), who opened it when, its branches and milestone; its labels;
 * then Merged or Closed with its time, assignees, reviewers, approval and comments.
 */
export function MergeRequestRow({
  mergeRequest,
  fullReference,
  labelSearch,
  onNavigate,
}: {
  mergeRequest: MergeRequestListItem;
  fullReference: boolean;
  labelSearch: (label: string) => string;
  onNavigate: (search: string) => void;
}) {
  const { webPath, milestone } = mergeRequest;
  return (
    <li className="issuable-row merge-request-row" data-testid="merge-request-row">
      <div className="issuable-main">
        <div className="issuable-title-line">
          {mergeRequest.draft ? (
            <Badge variant="neutral" testId="draft-badge">
              {TEXT.draft}
            </Badge>
          ) : null}
          <a className="issuable-title" href={webPath} data-testid="merge-request-title">
            {mergeRequest.title}
          </a>
        </div>
        <div className="issuable-meta">
          <span className="issuable-reference" data-testid="merge-request-reference">
            {fullReference ? mergeRequest.fullReference : `!${mergeRequest.iid}`}
          </span>
          <span className="meta-separator" aria-hidden="true">
            ·
          </span>
          {mergeRequest.author ? (
            <CreatedBy createdAt={mergeRequest.createdAt} author={mergeRequest.author} />
          ) : mergeRequest.createdAt ? (
            <span className="created-by">
              created <TimeAgo instant={mergeRequest.createdAt} />
            </span>
          ) : null}
          <BranchNames source={mergeRequest.sourceBranch} target={mergeRequest.targetBranch} />
          {milestone ? (
            <span className="meta-item" data-testid="merge-request-milestone">
              <Icon name="milestone" />
              <span className="sr-only">{TEXT.milestone}: </span>
              {milestone.title}
            </span>
          ) : null}
        </div>
        <LabelList labels={mergeRequest.labels} filterLink={{ search: labelSearch, onNavigate }} />
      </div>
      <div className="issuable-side">
        <StateChange mergeRequest={mergeRequest} />
        <AssigneeAvatars assignees={mergeRequest.assignees} />
        <ReviewerAvatars reviewers={mergeRequest.reviewers} />
        {mergeRequest.approved ? (
          <span className="meta-item merge-request-approved" title={TEXT.approved} data-testid="approved">
            <Icon name="check" />
            <span className="sr-only">{TEXT.approved}</span>
          </span>
        ) : null}
        <a
          className={`meta-item issuable-comments${mergeRequest.userNotesCount === 0 ? ' muted' : ''}`}
          href={`${webPath}#notes`}
          title={TEXT.comments}
          data-testid="merge-request-comments"
        >
          <Icon name="comment" />
          <span className="sr-only">{TEXT.comments}: </span>
          {mergeRequest.userNotesCount}
        </a>
      </div>
    </li>
  );
}

/** `feature/login → main`: the arrow is drawn; a screen reader hears "Source branch … into target branch …". */
function BranchNames({ source, target }: { source: string; target: string }) {
  return (
    <span className="meta-item merge-request-branches" data-testid="merge-request-branches">
      <Icon name="branch" />
      <span className="sr-only">{TEXT.sourceBranch} </span>
      <span className="merge-request-branch" title={source}>
        {source}
      </span>
      <span aria-hidden="true">→</span>
      <span className="sr-only"> {TEXT.targetBranch} </span>
      <span className="merge-request-branch" title={target}>
        {target}
      </span>
    </span>
  );
}

/** 'Merged 2 days ago' or 'Closed 2 days ago'; nothing while open. */
function StateChange({ mergeRequest }: { mergeRequest: MergeRequestListItem }) {
  if (mergeRequest.state === 'opened') return null;
  const merged = mergeRequest.state === 'merged';
  return (
    <span
      className={`merge-request-state ${merged ? 'is-merged' : 'is-closed'}`}
      data-testid="merge-request-state"
    >
      <Icon name={merged ? 'merged' : 'close'} />
      <span>
        {merged ? TEXT.merged : TEXT.closed}
        {mergeRequest.stateChangedAt ? (
          <>
            {' '}
            <TimeAgo instant={mergeRequest.stateChangedAt} />
          </>
        ) : null}
      </span>
    </span>
  );
}
