import {
  APPROVAL_MESSAGES,
  type ApprovalRuleEntry,
  type ApprovalStatus,
  approvalChange,
  approvalRefusal,
  approvalRuleFor,
  describeAccessEntry,
  isApprovalStatus,
  isFinished,
  pendingApprovalCount,
  statusAfterApproval,
} from '../../../core/domain/deployments.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  type ApprovalWrite,
  findApprovalsOf,
  insertApproval,
  lockDeployment,
  setDeploymentStatus,
  updateApproval,
} from '../../db/repositories/deploymentRepository.ts';
import { findEnvironment } from '../../db/repositories/environmentRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { ApprovalRuleRow, DeploymentApprovalRow, UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ServiceError, UnauthorizedError } from '../errors.ts';
import { accessEntryOf, accessSubjectOf, findProtection, RecordNotFoundError } from './deploymentAccess.ts';
import type { DeploymentInProject } from './deploymentQueries.ts';

/**
 * `POST /projects/:id/deployments/:deployment_id/approval` (EE Deployments::ApprovalService): a user
 * an approval rule names approves or rejects a blocked deployment, once (acting again replaces the
 * status and comment). A rejection fails the deployment; the approval that leaves no rule wanting
 * runs it. Refusals are 400s with the service's words, checked in its order.
 */

export interface ApprovalInput {
  readonly status: string;
  readonly comment?: string | undefined;
  /** The user, group or role (its description) to approve as, when several rules name the user. */
  readonly representedAs?: string | undefined;
}

export interface RecordedApproval {
  readonly approval: DeploymentApprovalRow;
  readonly user: UserRow;
}

const refused = (message: string) => new ServiceError('invalid', message);

/** A rule's name, as `represented_as` gives it: its user's or group's name, or its role. */
async function ruleDescriber(db: Executor, rules: readonly ApprovalRuleRow[]) {
  const userIds = rules.flatMap((rule) => (rule.user_id === null ? [] : [rule.user_id]));
  const groupIds = rules.flatMap((rule) => (rule.group_id === null ? [] : [rule.group_id]));
  const [users, groups] = await Promise.all([findUsersByIds(db, userIds), findNamespacesByIds(db, groupIds)]);
  const userNames = new Map(users.map((user) => [user.id, user.name]));
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  return (rule: ApprovalRuleEntry) =>
    describeAccessEntry(rule, {
      user: rule.userId === null ? undefined : userNames.get(rule.userId),
      group: rule.groupId === null ? undefined : groupNames.get(rule.groupId),
    });
}

const ruleEntry = (row: ApprovalRuleRow): ApprovalRuleEntry & { readonly row: ApprovalRuleRow } => ({
  ...accessEntryOf(row),
  id: row.id,
  requiredApprovals: row.required_approvals,
  row,
});

export async function recordDeploymentApproval(
  db: Executor,
  access: AccessContext,
  located: DeploymentInProject,
  input: ApprovalInput,
): Promise<RecordedApproval> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const environment = await findEnvironment(db, located.project.id, located.deployment.environment_id);
  if (!environment) throw new RecordNotFoundError();
  const protection = await findProtection(db, located.project.id, environment.name);
  const rules = (protection?.approvalRules ?? []).map(ruleEntry);
  const rule = await actingRule(db, access, located, rules, input.representedAs);
  const refusal = approvalRefusal({
    status: input.status,
    environmentProtected: protection !== null,
    mayApprove: rule !== null,
    deploymentStatus: located.deployment.status,
    isDeployer: located.deployment.user_id === user.id,
  });
  if (refusal || !isApprovalStatus(input.status))
    throw refused(refusal ?? APPROVAL_MESSAGES.unrecognizedStatus);
  const status: ApprovalStatus = input.status;
  const approval = await inTransaction(db, async (trx) => {
    // One approval at a time per deployment: the count and the status move together.
    const current = await lockDeployment(trx, located.deployment.id);
    if (!current) throw new RecordNotFoundError();
    if (current.status !== 'blocked') throw refused(APPROVAL_MESSAGES.notWaiting);
    const approvals = await findApprovalsOf(trx, [current.id]);
    const existing = approvals.find((entry) => entry.user_id === user.id);
    const now = access.now();
    const write: ApprovalWrite = {
      rootNamespaceId: current.root_namespace_id,
      deploymentId: current.id,
      userId: user.id,
      ruleId: rule?.id ?? null,
      status,
      comment: input.comment ?? null,
      now,
    };
    const change = approvalChange(existing, status);
    let recorded: DeploymentApprovalRow;
    if (!existing || change === 'insert') recorded = await insertApproval(trx, write);
    else if (change === 'update') recorded = await updateApproval(trx, existing.id, write);
    else recorded = existing;
    const all = [...approvals.filter((entry) => entry.user_id !== user.id), recorded].map((entry) => ({
      userId: entry.user_id,
      status: entry.status,
      ruleId: entry.approval_rule_id,
    }));
    const next = statusAfterApproval(status, pendingApprovalCount('blocked', rules, all));
    if (next !== 'blocked') {
      await setDeploymentStatus(trx, current.id, {
        status: next,
        now,
        finishedAt: isFinished(next) ? now : null,
      });
    }
    return recorded;
  });
  return { approval, user };
}

/**
 * The rule the actor approves under: one that names them (or the one `representedAs` names), when
 * they may update deployments here at all (Developers and up); null otherwise.
 */
async function actingRule(
  db: Executor,
  access: AccessContext,
  located: DeploymentInProject,
  rules: readonly (ApprovalRuleEntry & { readonly row: ApprovalRuleRow })[],
  representedAs: string | undefined,
): Promise<ApprovalRuleEntry | null> {
  if (rules.length === 0) return null;
  if (!(await access.canInProject('update_deployment', located.project, located.namespace))) return null;
  const subject = await accessSubjectOf(db, access, located, rules);
  if (!subject) return null;
  const nameOf = await ruleDescriber(
    db,
    rules.map((rule) => rule.row),
  );
  return approvalRuleFor(rules, subject, nameOf, representedAs);
}
