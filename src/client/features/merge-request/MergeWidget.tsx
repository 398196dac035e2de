import { useEffect, useId, useState } from 'react';
import { MERGE_BLOCKED_TEXT } from '../../../core/domain/mergeRequests.ts';
import type { Result } from '../../../core/lib/result.ts';
import { TimeAgo } from '../../components/issuable/index.ts';
import {
  type ClosingIssueView,
  fetchClosingIssues,
  type MergeRequestDetail,
  setApproval,
} from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Avatar, Button, Icon } from '../../ui/index.ts';
import type { MergeRequestPageProps } from './MergeRequestPage.tsx';
import { MERGE_REQUEST_TEXT } from './mergeRequestTexts.ts';

/**
 * GitLab's merge request widget, the parts that need no pipeline or repository: approvals (who
 * approved, Approve / Revoke approval), whether it can merge and the Merge button, or who merged it
 * and when, and the issues the merge closes.
 */
export function MergeWidget({
  mergeRequest,
  page,
  merge,
  onMerged,
  onApprovalChanged,
  onMarkReady,
}: {
  mergeRequest: MergeRequestDetail;
  page: MergeRequestPageProps;
  merge: (options: { sha: string; squash: boolean }) => Promise<Result<void, string | null>>;
  onMerged: () => void;
  onApprovalChanged: () => void;
  /** Marks the draft ready, for those who may; undefined hides the button. */
  onMarkReady: (() => void) | undefined;
}) {
  return (
    <section className="merge-widget" aria-label="Merge request status" data-testid="merge-widget">
      <ApprovalRow mergeRequest={mergeRequest} page={page} onChanged={onApprovalChanged} />
      <MergeRow
        mergeRequest={mergeRequest}
        page={page}
        merge={merge}
        onMerged={onMerged}
        onMarkReady={onMarkReady}
      />
      <ClosingIssues mergeRequest={mergeRequest} page={page} />
    </section>
  );
}

function ApprovalRow({
  mergeRequest,
  page,
  onChanged,
}: {
  mergeRequest: MergeRequestDetail;
  page: MergeRequestPageProps;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const pushToast = usePushToast();
  const approvers = mergeRequest.approvedBy;
  const viewerApproved = approvers.some((person) => person.username === page.currentUsername);
  const open = mergeRequest.state === 'opened';
  const toggle = async () => {
    setBusy(true);
    const result = await setApproval(page.projectId, page.iid, !viewerApproved);
    setBusy(false);
    if (!result.ok) {
      pushToast(
        viewerApproved ? MERGE_REQUEST_TEXT.revokeFailed : MERGE_REQUEST_TEXT.approveFailed,
        'danger',
      );
    }
    onChanged();
  };
  return (
    <div className="merge-widget-row" data-testid="merge-widget-approvals">
      <span className={`merge-widget-icon${approvers.length > 0 ? ' is-success' : ''}`} aria-hidden="true">
        <Icon name={approvers.length > 0 ? 'check' : 'user'} />
      </span>
      <div className="merge-widget-body">
        {approvers.length > 0 ? (
          <>
            <span className="merge-widget-strong">{MERGE_REQUEST_TEXT.approvedBy}</span>
            <ul className="merge-widget-avatars" aria-label={MERGE_REQUEST_TEXT.approvedBy}>
              {approvers.map((person) => (
                <li key={person.id}>
                  <a href={person.webUrl} data-testid="approver">
                    <Avatar name={person.name} colorKey={person.username} label={person.name} size={24} />
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <span className="muted">{MERGE_REQUEST_TEXT.approvalOptional}</span>
        )}
      </div>
      {open && (page.canApprove || viewerApproved) ? (
        <Button
          variant={viewerApproved ? 'default' : 'confirm'}
          onClick={() => void toggle()}
          disabled={busy}
          aria-busy={busy}
          data-testid="approve-button"
        >
          {viewerApproved ? MERGE_REQUEST_TEXT.revokeApproval : MERGE_REQUEST_TEXT.approve}
        </Button>
      ) : null}
    </div>
  );
}

function MergeRow({
  mergeRequest,
  page,
  merge,
  onMerged,
  onMarkReady,
}: {
  mergeRequest: MergeRequestDetail;
  page: MergeRequestPageProps;
  merge: (options: { sha: string; squash: boolean }) => Promise<Result<void, string | null>>;
  onMerged: () => void;
  onMarkReady: (() => void) | undefined;
}) {
  const [squash, setSquash] = useState(mergeRequest.squash);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const squashId = useId();
  if (mergeRequest.state === 'merged') {
    return (
      <div className="merge-widget-row" data-testid="merge-widget-merged">
        <span className="merge-widget-icon is-merged" aria-hidden="true">
          <Icon name="merged" />
        </span>
        <div className="merge-widget-body">
          <p>
            <span className="merge-widget-strong">{MERGE_REQUEST_TEXT.mergedBy}</span>{' '}
            {mergeRequest.mergeUser ? (
              <a className="author-name" href={mergeRequest.mergeUser.webUrl}>
                {mergeRequest.mergeUser.name}
              </a>
            ) : null}{' '}
            {mergeRequest.mergedAt ? <TimeAgo instant={mergeRequest.mergedAt} /> : null}
          </p>
          <p className="muted">
            {MERGE_REQUEST_TEXT.changesMergedInto} <code>{mergeRequest.targetBranch}</code>
          </p>
        </div>
      </div>
    );
  }
  if (mergeRequest.state !== 'opened') {
    return (
      <div className="merge-widget-row" data-testid="merge-widget-closed">
        <span className="merge-widget-icon is-closed" aria-hidden="true">
          <Icon name="stateClosed" />
        </span>
        <div className="merge-widget-body">
          <span className="merge-widget-strong">{MERGE_REQUEST_TEXT.closedText}</span>{' '}
          {mergeRequest.closedAt ? <TimeAgo instant={mergeRequest.closedAt} /> : null}
        </div>
      </div>
    );
  }
  const status = mergeRequest.draft ? 'draft_status' : mergeRequest.detailedMergeStatus;
  if (status !== 'mergeable') {
    return (
      <div className="merge-widget-row" data-testid="merge-widget-blocked">
        <span className="merge-widget-icon is-blocked" aria-hidden="true">
          <Icon name="warning" />
        </span>
        <div className="merge-widget-body">
          <span data-testid="merge-blocked-text">{MERGE_BLOCKED_TEXT[status]}</span>
        </div>
        {status === 'draft_status' && onMarkReady ? (
          <Button onClick={onMarkReady} data-testid="widget-mark-ready">
            {MERGE_REQUEST_TEXT.markAsReady}
          </Button>
        ) : null}
      </div>
    );
  }
  const run = async () => {
    setBusy(true);
    setFailure(null);
    const result = await merge({ sha: mergeRequest.diffHeadSha, squash });
    setBusy(false);
    if (result.ok) onMerged();
    else setFailure(result.error ?? MERGE_REQUEST_TEXT.mergeFailed);
  };
  return (
    <div className="merge-widget-row" data-testid="merge-widget-ready">
      <span className="merge-widget-icon is-success" aria-hidden="true">
        <Icon name="check" />
      </span>
      <div className="merge-widget-body">
        <span className="merge-widget-strong">{MERGE_REQUEST_TEXT.readyToMerge}</span>
        {page.canMerge ? (
          <label className="merge-widget-option" htmlFor={squashId}>
            <input
              id={squashId}
              type="checkbox"
              checked={squash}
              onChange={(event) => setSquash(event.target.checked)}
              data-testid="squash-checkbox"
            />{' '}
            {MERGE_REQUEST_TEXT.squashCommits}
          </label>
        ) : (
          <span className="muted">{MERGE_REQUEST_TEXT.mergeNeedsRights}</span>
        )}
        {failure ? (
          <p className="merge-widget-error" role="alert">
            {failure}
          </p>
        ) : null}
      </div>
      {page.canMerge ? (
        <Button
          variant="confirm"
          onClick={() => void run()}
          disabled={busy}
          aria-busy={busy}
          data-testid="merge-button"
        >
          {busy ? MERGE_REQUEST_TEXT.merging : MERGE_REQUEST_TEXT.merge}
        </Button>
      ) : null}
    </div>
  );
}

/** 'Closes #12, #14' before the merge, 'Closed #12' after it; nothing when it closes none. */
function ClosingIssues({
  mergeRequest,
  page,
}: {
  mergeRequest: MergeRequestDetail;
  page: MergeRequestPageProps;
}) {
  const [issues, setIssues] = useState<readonly ClosingIssueView[]>([]);
  const { state } = mergeRequest;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a merge closes them, so a new state reads them again
  useEffect(() => {
    const controller = new AbortController();
    fetchClosingIssues(page.projectId, page.iid, controller.signal).then(setIssues, (error: unknown) => {
      if (!controller.signal.aborted) console.error(error);
    });
    return () => controller.abort();
  }, [page.projectId, page.iid, state]);
  if (issues.length === 0) return null;
  return (
    <div className="merge-widget-row" data-testid="merge-widget-closing-issues">
      <span className="merge-widget-icon" aria-hidden="true">
        <Icon name="issues" />
      </span>
      <div className="merge-widget-body">
        <span className="merge-widget-strong">
          {state === 'merged' ? MERGE_REQUEST_TEXT.closedIssues : MERGE_REQUEST_TEXT.closesIssues}
        </span>{' '}
        <ul className="merge-widget-issues">
          {issues.map((issue) => (
            <li key={issue.id}>
              <a href={issue.webUrl} title={issue.title} data-testid="closing-issue">
                {issue.reference}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
