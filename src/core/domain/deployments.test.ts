import { describe, expect, it } from 'vitest';
import {
  type AccessEntry,
  type AccessSubject,
  APPROVAL_MESSAGES,
  type ApprovalRequest,
  type ApprovalRuleEntry,
  approvalChange,
  approvalRefusal,
  approvalRuleFor,
  canTransition,
  DEPLOYMENT_STATUSES,
  DESTROY_LAST_MESSAGE,
  DESTROY_RUNNING_MESSAGE,
  type DeploymentListShape,
  type DeploymentStatus,
  deploymentListRefusal,
  describeAccessEntry,
  destroyRefusal,
  effectiveDeploymentOrder,
  entryGrants,
  initialStatus,
  isFinished,
  mayDeployTo,
  mayReport,
  pendingApprovalCount,
  pendingForRule,
  statusAfterApproval,
  transitionRefusal,
} from './deployments.ts';

const role = (accessLevel: number): AccessEntry => ({
  userId: null,
  groupId: null,
  accessLevel,
  groupInheritanceType: 0,
});
const user = (userId: number): AccessEntry => ({
  userId,
  groupId: null,
  accessLevel: null,
  groupInheritanceType: 0,
});
const group = (groupId: number, groupInheritanceType: 0 | 1 = 0): AccessEntry => ({
  userId: null,
  groupId,
  accessLevel: null,
  groupInheritanceType,
});
const rule = (id: number, entry: AccessEntry, requiredApprovals = 1): ApprovalRuleEntry => ({
  ...entry,
  id,
  requiredApprovals,
});

const subject = (overrides: Partial<AccessSubject> = {}): AccessSubject => ({
  userId: 7,
  isAdmin: false,
  projectAccessLevel: 30,
  directGroupIds: new Set(),
  groupAncestry: new Map(),
  ...overrides,
});

describe('deployment status transitions', () => {
  // GitLab's state machine, row = from, column = to, in DEPLOYMENT_STATUSES order.
  const TABLE: Record<DeploymentStatus, string> = {
    //         cr ru su fa ca bl
    created: '-yyyyy',
    running: '--yyy-',
    success: '---yy-',
    failed: '--y-y-',
    canceled: '--yy--',
    blocked: 'yyyyy-',
  };
  const cells = DEPLOYMENT_STATUSES.flatMap((from) =>
    DEPLOYMENT_STATUSES.map((to, index) => ({ from, to, allowed: TABLE[from][index] === 'y' })),
  );

  it.each(cells)('from $from to $to is allowed: $allowed', ({ from, to, allowed }) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('keeps a blocked deployment from running or succeeding on a CI report', () => {
    expect(mayReport('blocked', 'running')).toBe(false);
    expect(mayReport('blocked', 'success')).toBe(false);
    expect(mayReport('blocked', 'failed')).toBe(true);
    expect(mayReport('blocked', 'canceled')).toBe(true);
    expect(mayReport('running', 'success')).toBe(true);
    expect(mayReport('success', 'success')).toBe(false);
  });

  it('names the refused event as Rails’ state machine does', () => {
    expect(transitionRefusal('running')).toBe('cannot transition via "run"');
    expect(transitionRefusal('success')).toBe('cannot transition via "succeed"');
    expect(transitionRefusal('failed')).toBe('cannot transition via "drop"');
    expect(transitionRefusal('canceled')).toBe('cannot transition via "cancel"');
  });

  it('starts a deployment that needs approval blocked, whatever was reported', () => {
    expect(initialStatus('success', true)).toBe('blocked');
    expect(initialStatus('running', false)).toBe('running');
    expect(initialStatus('failed', false)).toBe('failed');
  });

  it('counts success, failed and canceled as finished', () => {
    expect(DEPLOYMENT_STATUSES.filter(isFinished)).toEqual(['success', 'failed', 'canceled']);
  });

  it('refuses to destroy a running deployment, then the environment’s current one', () => {
    expect(destroyRefusal('running', true)).toBe(DESTROY_RUNNING_MESSAGE);
    expect(destroyRefusal('success', true)).toBe(DESTROY_LAST_MESSAGE);
    expect(destroyRefusal('success', false)).toBeNull();
    expect(destroyRefusal('failed', false)).toBeNull();
  });
});

describe('protected environment access', () => {
  it('lets a role entry in from its level up', () => {
    expect(entryGrants(role(30), subject({ projectAccessLevel: 30 }))).toBe(true);
    expect(entryGrants(role(40), subject({ projectAccessLevel: 30 }))).toBe(false);
    expect(entryGrants(role(40), subject({ projectAccessLevel: 50 }))).toBe(true);
    expect(entryGrants(role(60), subject({ projectAccessLevel: 50 }))).toBe(false);
  });

  it('lets a user entry in its user only', () => {
    expect(entryGrants(user(7), subject())).toBe(true);
    expect(entryGrants(user(8), subject({ projectAccessLevel: 50 }))).toBe(false);
  });

  it('lets a group entry in its direct members, and its ancestors’ members when inherited', () => {
    const ancestry = new Map([[3, [1, 2, 3]]]);
    const direct = subject({ directGroupIds: new Set([3]), groupAncestry: ancestry });
    const inherited = subject({ directGroupIds: new Set([1]), groupAncestry: ancestry });
    expect(entryGrants(group(3), direct)).toBe(true);
    expect(entryGrants(group(3), inherited)).toBe(false);
    expect(entryGrants(group(3, 1), inherited)).toBe(true);
    expect(entryGrants(group(3, 1), subject({ groupAncestry: ancestry }))).toBe(false);
  });

  it('lets administrators in everywhere', () => {
    expect(entryGrants(user(8), subject({ isAdmin: true, projectAccessLevel: 0 }))).toBe(true);
  });

  it('lets someone deploy when any deploy access level grants it, and no one with none', () => {
    expect(mayDeployTo([role(40), user(7)], subject())).toBe(true);
    expect(mayDeployTo([role(40)], subject())).toBe(false);
    expect(mayDeployTo([], subject())).toBe(false);
  });

  it('describes entries as GitLab’s access_level_description', () => {
    expect(describeAccessEntry(role(30), {})).toBe('Developers + Maintainers');
    expect(describeAccessEntry(role(40), {})).toBe('Maintainers');
    expect(describeAccessEntry(role(60), {})).toBe('Instance admins');
    expect(describeAccessEntry(user(7), { user: 'Diego Diaz' })).toBe('Diego Diaz');
    expect(describeAccessEntry(group(3), { group: 'QA' })).toBe('QA');
  });

  it('picks the approval rule the approver acts under, or the one they represent', () => {
    const rules = [rule(1, role(40)), rule(2, user(7)), rule(3, role(30))];
    const names: Record<number, string> = {
      1: 'Maintainers',
      2: 'Diego Diaz',
      3: 'Developers + Maintainers',
    };
    const nameOf = (r: ApprovalRuleEntry) => names[r.id] ?? '';
    expect(approvalRuleFor(rules, subject(), nameOf)?.id).toBe(2);
    expect(approvalRuleFor(rules, subject(), nameOf, 'Developers + Maintainers')?.id).toBe(3);
    expect(approvalRuleFor(rules, subject(), nameOf, 'Maintainers')).toBeNull();
    expect(approvalRuleFor([rule(1, role(40))], subject(), nameOf)).toBeNull();
  });
});

describe('deployment approvals', () => {
  const request = (overrides: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
    status: 'approved',
    environmentProtected: true,
    mayApprove: true,
    deploymentStatus: 'blocked',
    isDeployer: false,
    ...overrides,
  });

  it('allows an approver to approve or reject a blocked deployment', () => {
    expect(approvalRefusal(request())).toBeNull();
    expect(approvalRefusal(request({ status: 'rejected' }))).toBeNull();
  });

  it('checks in Deployments::ApprovalService’s order', () => {
    const everythingWrong = request({
      status: 'maybe',
      environmentProtected: false,
      mayApprove: false,
      deploymentStatus: 'success',
      isDeployer: true,
    });
    expect(approvalRefusal(everythingWrong)).toBe(APPROVAL_MESSAGES.unrecognizedStatus);
    expect(approvalRefusal({ ...everythingWrong, status: 'approved' })).toBe(APPROVAL_MESSAGES.notProtected);
    expect(approvalRefusal({ ...everythingWrong, status: 'approved', environmentProtected: true })).toBe(
      APPROVAL_MESSAGES.noPermission,
    );
    expect(
      approvalRefusal({
        ...everythingWrong,
        status: 'approved',
        environmentProtected: true,
        mayApprove: true,
      }),
    ).toBe(APPROVAL_MESSAGES.notWaiting);
    expect(approvalRefusal(request({ isDeployer: true }))).toBe(APPROVAL_MESSAGES.sameUser);
  });

  it('uses GitLab’s words', () => {
    expect(Object.values(APPROVAL_MESSAGES)).toEqual([
      'Unrecognized status',
      'This environment is not protected',
      'You do not have permission to approve or reject this deployment',
      'This deployment job is not waiting for approvals',
      'The same user can not approve',
    ]);
  });

  it('lets the deployer reject their own deployment', () => {
    expect(approvalRefusal(request({ isDeployer: true, status: 'rejected' }))).toBeNull();
  });

  it('counts the approvals still missing per rule, while blocked only', () => {
    const rules = [rule(1, role(30), 2), rule(2, user(9), 1)];
    const approvals = [
      { userId: 7, status: 'approved' as const, ruleId: 1 },
      { userId: 8, status: 'rejected' as const, ruleId: 1 },
      { userId: 9, status: 'approved' as const, ruleId: 2 },
      { userId: 10, status: 'approved' as const, ruleId: 2 },
    ];
    expect(pendingForRule(rules[0]!, approvals)).toBe(1);
    expect(pendingForRule(rules[1]!, approvals)).toBe(0);
    expect(pendingApprovalCount('blocked', rules, approvals)).toBe(1);
    expect(pendingApprovalCount('blocked', rules, [])).toBe(3);
    expect(pendingApprovalCount('running', rules, [])).toBe(0);
  });

  it('runs the deployment at the last approval, fails it at a rejection, else keeps it blocked', () => {
    expect(statusAfterApproval('approved', 0)).toBe('running');
    expect(statusAfterApproval('approved', 1)).toBe('blocked');
    expect(statusAfterApproval('rejected', 0)).toBe('failed');
    expect(statusAfterApproval('rejected', 2)).toBe('failed');
  });

  it('keeps one approval per user: a new status replaces it, the same status leaves it', () => {
    expect(approvalChange(undefined, 'approved')).toBe('insert');
    expect(approvalChange({ status: 'approved' }, 'rejected')).toBe('update');
    expect(approvalChange({ status: 'approved' }, 'approved')).toBe('unchanged');
  });
});

describe('deployment lists', () => {
  const shape = (overrides: Partial<DeploymentListShape> = {}): DeploymentListShape => ({
    orderBy: 'id',
    byUpdatedAt: false,
    byFinishedAt: false,
    ...overrides,
  });

  it('accepts the plain list and the paired finished_at list of successes', () => {
    expect(deploymentListRefusal(shape())).toBeNull();
    expect(
      deploymentListRefusal(shape({ byFinishedAt: true, orderBy: 'finished_at', status: 'success' })),
    ).toBeNull();
  });

  it('refuses what DeploymentsFinder refuses, with its words', () => {
    expect(deploymentListRefusal(shape({ byUpdatedAt: true, byFinishedAt: true }))).toBe(
      'Both `updated_at` filter and `finished_at` filter can not be specified',
    );
    expect(deploymentListRefusal(shape({ byFinishedAt: true, status: 'success' }))).toBe(
      '`finished_at` filter and `finished_at` sorting must be paired',
    );
    expect(deploymentListRefusal(shape({ orderBy: 'finished_at' }))).toBe(
      '`finished_at` filter and `finished_at` sorting must be paired',
    );
    expect(deploymentListRefusal(shape({ byFinishedAt: true, orderBy: 'finished_at' }))).toBe(
      '`finished_at` filter must be combined with `success` status filter.',
    );
  });

  it('reads an updated_at-filtered list by updated_at', () => {
    expect(effectiveDeploymentOrder(shape({ byUpdatedAt: true, orderBy: 'ref' }))).toBe('updated_at');
    expect(effectiveDeploymentOrder(shape({ orderBy: 'ref' }))).toBe('ref');
  });
});
