import { useId } from 'react';
import { TimeAgo } from '../../components/issuable/index.ts';
import { type DeploymentView, useShippedMergeRequests } from '../../data/index.ts';
import { ApprovalList, DeploymentApprovals } from './DeploymentApprovals.tsx';
import { DeploymentStatusBadge, PersonLink, RefAndCommit } from './DeploymentMeta.tsx';
import { type ApprovalRole, approvalRoleOf } from './deploymentFormat.ts';
import { deploymentLabel, ENVIRONMENT_TEXT as TEXT } from './environmentTexts.ts';

export interface DeploymentContext {
  readonly projectId: string;
  readonly fullPath: string;
  /** The signed-in viewer's id (null for none). */
  readonly viewerId: number | null;
  /** One of the environment's approval rules names the viewer. */
  readonly canApprove: boolean;
  /** A deployment's status or approvals changed: read the page again. */
  readonly onChanged: () => void;
}

/**
 * One deployment of an environment: its status, `#iid`, ref and commit, who triggered it, when it was
 * created and finished; the merge requests a successful one shipped; and its approvals, with the
 * panel to act on them while it waits.
 */
export function DeploymentItem({
  deployment,
  context,
}: {
  deployment: DeploymentView;
  context: DeploymentContext;
}) {
  const titleId = useId();
  const role: ApprovalRole = approvalRoleOf(deployment, context.viewerId, context.canApprove);
  return (
    <li className="deployment-item" aria-labelledby={titleId} data-testid="deployment">
      <div className="deployment-head">
        <DeploymentStatusBadge status={deployment.status} />
        <span id={titleId} className="deployment-iid" data-testid="deployment-iid">
          <span className="sr-only">{TEXT.deployment} </span>#{deployment.iid}
        </span>
        <RefAndCommit deployment={deployment} />
        {deployment.user ? (
          <span className="meta-item">
            <span className="sr-only">{TEXT.triggerer}: </span>
            <PersonLink person={deployment.user} />
          </span>
        ) : null}
        <span className="deployment-times">
          {deployment.createdAt ? (
            <span className="meta-item">
              {TEXT.created} <TimeAgo instant={deployment.createdAt} />
            </span>
          ) : null}
          {deployment.finishedAt ? (
            <span className="meta-item" data-testid="deployment-finished">
              {TEXT.finished} <TimeAgo instant={deployment.finishedAt} />
            </span>
          ) : null}
        </span>
      </div>
      {deployment.status === 'success' ? (
        <ShippedMergeRequests deployment={deployment} context={context} />
      ) : null}
      {deployment.status === 'blocked' ? (
        <DeploymentApprovals
          projectId={context.projectId}
          deployment={deployment}
          role={role}
          onChanged={context.onChanged}
        />
      ) : deployment.approvals.length > 0 ? (
        <div className="deployment-approvals-done">
          <ApprovalList approvals={deployment.approvals} />
        </div>
      ) : null}
    </li>
  );
}

/** `Merge requests: !3 !7`, what a successful deployment shipped; nothing when it shipped none. */
function ShippedMergeRequests({
  deployment,
  context,
}: {
  deployment: DeploymentView;
  context: DeploymentContext;
}) {
  const shipped = useShippedMergeRequests(context.projectId, context.fullPath, deployment.id, true);
  const mergeRequests = shipped.value ?? [];
  if (mergeRequests.length === 0) return null;
  return (
    <div className="deployment-shipped" data-testid="deployment-merge-requests">
      <span className="muted">{TEXT.mergeRequests}:</span>
      <ul
        className="deployment-shipped-list"
        aria-label={`${TEXT.mergeRequests}, ${deploymentLabel(deployment.iid)}`}
      >
        {mergeRequests.map((mergeRequest) => (
          <li key={mergeRequest.iid}>
            <a href={mergeRequest.webPath} title={mergeRequest.title} data-testid="deployment-merge-request">
              !{mergeRequest.iid}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
