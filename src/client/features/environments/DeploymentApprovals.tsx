import { useId, useState } from 'react';
import { Field } from '../../components/forms/index.ts';
import { TimeAgo } from '../../components/issuable/index.ts';
import {
  type ApprovalStatus,
  approveDeployment,
  type DeploymentApprovalView,
  type DeploymentView,
} from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Alert, Button, Icon } from '../../ui/index.ts';
import { PersonLink } from './DeploymentMeta.tsx';
import { type ApprovalRole, pendingText, ruleSummary } from './deploymentFormat.ts';
import { deploymentLabel, ENVIRONMENT_TEXT as TEXT } from './environmentTexts.ts';

/** Longest comment the approval API takes (characters). */
const COMMENT_MAX = 255;

/** Who approved or rejected, when, and what they said. */
export function ApprovalList({ approvals }: { approvals: readonly DeploymentApprovalView[] }) {
  if (approvals.length === 0) return null;
  return (
    <ul className="approval-list" aria-label={TEXT.approvalsGiven}>
      {approvals.map((approval) => {
        const approved = approval.status === 'approved';
        return (
          <li key={approval.user.id} className="approval-entry" data-testid="deployment-approval">
            <span className={`approval-mark ${approved ? 'is-approved' : 'is-rejected'}`} aria-hidden="true">
              <Icon name={approved ? 'check' : 'close'} size={14} />
            </span>
            <PersonLink person={approval.user} />
            <span data-testid="deployment-approval-status">{approved ? TEXT.approved : TEXT.rejected}</span>
            {approval.createdAt ? (
              <span className="muted">
                <TimeAgo instant={approval.createdAt} />
              </span>
            ) : null}
            {approval.comment ? (
              <p className="approval-comment" data-testid="deployment-approval-comment">
                {approval.comment}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The approvals a blocked deployment waits for: each rule's count ('Maintainers: 1 of 2 approvals')
 * with who approved or rejected under it, and for someone a rule names who has not acted, a comment
 * and Approve / Reject (Reject only for whoever triggered it).
 */
export function DeploymentApprovals({
  projectId,
  deployment,
  role,
  onChanged,
}: {
  projectId: string;
  deployment: DeploymentView;
  role: ApprovalRole;
  onChanged: () => void;
}) {
  const headingId = useId();
  const pending = pendingText(deployment.pendingApprovalCount);
  return (
    <section className="deployment-approvals" aria-labelledby={headingId} data-testid="deployment-approvals">
      <div className="deployment-approvals-head">
        <h3 id={headingId} className="deployment-approvals-title">
          {TEXT.approvals}
        </h3>
        {pending ? (
          <span className="muted" data-testid="approvals-pending">
            {pending}
          </span>
        ) : null}
      </div>
      {deployment.rules ? (
        <ul className="approval-rules" aria-label={TEXT.approvalRules}>
          {deployment.rules.map((rule, index) => (
            // Rules have no id in GitLab's summary; their order is the environment's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the summary's order is stable
            <li key={index} className="approval-rule" data-testid="approval-rule">
              <span className="approval-rule-summary">{ruleSummary(rule)}</span>
              <ApprovalList approvals={rule.approvals} />
            </li>
          ))}
        </ul>
      ) : (
        <ApprovalList approvals={deployment.approvals} />
      )}
      {role === 'approver' || role === 'deployer' ? (
        <ApprovalForm projectId={projectId} deployment={deployment} role={role} onChanged={onChanged} />
      ) : null}
    </section>
  );
}

function ApprovalForm({
  projectId,
  deployment,
  role,
  onChanged,
}: {
  projectId: string;
  deployment: DeploymentView;
  role: 'approver' | 'deployer';
  onChanged: () => void;
}) {
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<ApprovalStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pushToast = usePushToast();
  const act = async (status: ApprovalStatus) => {
    setBusy(status);
    setFailure(null);
    const result = await approveDeployment(projectId, deployment.id, status, comment);
    setBusy(null);
    if (!result.ok) {
      setFailure(result.error);
      return;
    }
    pushToast(status === 'approved' ? TEXT.approvedToast : TEXT.rejectedToast, 'success');
    setComment('');
    onChanged();
  };
  return (
    <form
      className="approval-form"
      aria-label={`${TEXT.approve} or ${TEXT.reject.toLowerCase()} ${deploymentLabel(deployment.iid)}`}
      onSubmit={(event) => event.preventDefault()}
      data-testid="approval-form"
    >
      <Field id={commentId} label={TEXT.comment}>
        <textarea
          id={commentId}
          className="input approval-comment-input"
          rows={2}
          maxLength={COMMENT_MAX}
          placeholder={TEXT.commentPlaceholder}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          data-testid="approval-comment"
        />
      </Field>
      {role === 'deployer' ? <p className="muted">{TEXT.deployerMayOnlyReject}</p> : null}
      {failure ? (
        <Alert variant="danger" testId="approval-error">
          {failure}
        </Alert>
      ) : null}
      <div className="approval-actions">
        {role === 'approver' ? (
          <Button
            variant="confirm"
            onClick={() => void act('approved')}
            disabled={busy !== null}
            aria-busy={busy === 'approved'}
            data-testid="approve-deployment"
          >
            {TEXT.approve}
          </Button>
        ) : null}
        <Button
          variant="danger"
          onClick={() => void act('rejected')}
          disabled={busy !== null}
          aria-busy={busy === 'rejected'}
          data-testid="reject-deployment"
        >
          {TEXT.reject}
        </Button>
      </div>
    </form>
  );
}
