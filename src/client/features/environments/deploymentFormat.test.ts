import { describe, expect, it } from 'vitest';
import type { ApprovalRuleView, DeploymentApprovalView, DeploymentView } from '../../data/index.ts';
import {
  approvalRoleOf,
  approvalsGiven,
  DEPLOYMENT_STATUS,
  listViewOf,
  listViewSearch,
  pageOf,
  pageSearch,
  pendingText,
  ruleSummary,
  shortSha,
} from './deploymentFormat.ts';

const person = (id: number) => ({ id, username: `user${id}`, name: `User ${id}` });
const approval = (userId: number, status: 'approved' | 'rejected'): DeploymentApprovalView => ({
  user: person(userId),
  status,
  createdAt: null,
  comment: null,
});
const rule = (requiredApprovals: number, approvals: DeploymentApprovalView[] = []): ApprovalRuleView => ({
  description: 'Maintainers',
  requiredApprovals,
  approvals,
});
const deployment = (change: Partial<DeploymentView> = {}) => ({
  status: 'blocked' as const,
  user: person(3),
  approvals: [] as DeploymentApprovalView[],
  ...change,
});

describe('deployment statuses', () => {
  it('word and colour each status as GitLab does', () => {
    expect(
      Object.entries(DEPLOYMENT_STATUS).map(([status, look]) => [status, look.text, look.variant]),
    ).toEqual([
      ['created', 'Created', 'info'],
      ['running', 'Running', 'info'],
      ['success', 'Success', 'success'],
      ['failed', 'Failed', 'danger'],
      ['canceled', 'Canceled', 'neutral'],
      ['blocked', 'Waiting for approval', 'warning'],
    ]);
  });

  it('shorten a commit to its first eight characters', () => {
    expect(shortSha('0123456789abcdef0123456789abcdef01234567')).toBe('01234567');
    expect(shortSha('abc')).toBe('abc');
  });
});

describe('approval rule summaries', () => {
  it('count the approvals given against those required, not the rejections', () => {
    const given = rule(2, [approval(1, 'approved'), approval(2, 'rejected')]);
    expect(approvalsGiven(given)).toBe(1);
    expect(ruleSummary(given)).toBe('Maintainers: 1 of 2 approvals');
    expect(ruleSummary(rule(1))).toBe('Maintainers: 0 of 1 approval');
    expect(ruleSummary({ ...rule(3), description: 'Dana Developer' })).toBe(
      'Dana Developer: 0 of 3 approvals',
    );
  });

  it('say how many approvals are still missing, and nothing once none is', () => {
    expect(pendingText(1)).toBe('Waiting for 1 more approval');
    expect(pendingText(3)).toBe('Waiting for 3 more approvals');
    expect(pendingText(0)).toBe('');
  });
});

describe('who may act on a deployment’s approval', () => {
  it('lets an approver named by a rule approve or reject a blocked deployment once', () => {
    expect(approvalRoleOf(deployment(), 1, true)).toBe('approver');
    expect(approvalRoleOf(deployment({ approvals: [approval(1, 'approved')] }), 1, true)).toBe('acted');
    // Someone else's approval leaves the viewer theirs to give.
    expect(approvalRoleOf(deployment({ approvals: [approval(2, 'approved')] }), 1, true)).toBe('approver');
  });

  it('lets the deployer only reject their own deployment', () => {
    expect(approvalRoleOf(deployment(), 3, true)).toBe('deployer');
  });

  it('offers nothing to those no rule names, to visitors, or once the deployment is not blocked', () => {
    expect(approvalRoleOf(deployment(), 1, false)).toBe('none');
    expect(approvalRoleOf(deployment(), null, true)).toBe('none');
    for (const status of ['created', 'running', 'success', 'failed', 'canceled'] as const) {
      expect(approvalRoleOf(deployment({ status }), 1, true)).toBe('none');
    }
  });
});

describe('the environments list in the URL', () => {
  it('reads Active and the first page unless told otherwise', () => {
    expect(listViewOf('')).toEqual({ scope: 'active', page: 1 });
    expect(listViewOf('?scope=stopped&page=3')).toEqual({ scope: 'stopped', page: 3 });
    expect(listViewOf('scope=available&page=0')).toEqual({ scope: 'active', page: 1 });
    expect(pageOf('page=-2')).toBe(1);
    expect(pageOf('page=2.5')).toBe(1);
    expect(pageOf('page=99999999')).toBe(1);
  });

  it('writes a view without its defaults', () => {
    expect(listViewSearch({ scope: 'active', page: 1 })).toBe('');
    expect(listViewSearch({ scope: 'stopped', page: 1 })).toBe('scope=stopped');
    expect(listViewSearch({ scope: 'active', page: 2 })).toBe('page=2');
    expect(listViewSearch(listViewOf('scope=stopped&page=4'))).toBe('scope=stopped&page=4');
    expect(pageSearch(1)).toBe('');
    expect(pageSearch(2)).toBe('page=2');
  });
});
