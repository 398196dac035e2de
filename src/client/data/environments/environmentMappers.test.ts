import { describe, expect, it } from 'vitest';
import { offsetPageInfo } from '../restJson.ts';
import {
  toDeployment,
  toEnvironment,
  toEnvironmentListPage,
  toShippedMergeRequest,
} from './environmentMappers.ts';

const user = (id: number, username: string) => ({
  id,
  username,
  name: `${username} name`,
  web_url: `https://example.com/${username}`,
});

const deploymentJson = (change: Record<string, unknown> = {}) => ({
  id: 41,
  iid: 7,
  ref: 'main',
  sha: 'a'.repeat(40),
  created_at: '2026-06-01T10:00:00.000Z',
  updated_at: '2026-06-01T10:05:00.000Z',
  status: 'success',
  user: user(3, 'developer'),
  deployable: null,
  pending_approval_count: 0,
  approvals: [],
  ...change,
});

describe('a deployment from GitLab’s REST entity', () => {
  it('reads its status, ref, commit and who triggered it; a finished one finished at its last change', () => {
    expect(toDeployment(deploymentJson())).toEqual({
      id: 41,
      iid: 7,
      ref: 'main',
      sha: 'a'.repeat(40),
      status: 'success',
      createdAt: '2026-06-01T10:00:00.000Z',
      finishedAt: '2026-06-01T10:05:00.000Z',
      user: { id: 3, username: 'developer', name: 'developer name' },
      pendingApprovalCount: 0,
      approvals: [],
      rules: null,
    });
    expect(toDeployment(deploymentJson({ status: 'running' }))?.finishedAt).toBeNull();
    expect(toDeployment(deploymentJson({ status: 'exploded' }))?.status).toBe('created');
    expect(toDeployment(deploymentJson({ user: null }))?.user).toBeNull();
    expect(toDeployment({ iid: 1 })).toBeNull();
  });

  it('reads its approvals and, in a single deployment’s answer, its approval rules', () => {
    const approval = {
      user: user(5, 'maintainer'),
      status: 'approved',
      created_at: '2026-06-01T11:00:00.000Z',
      comment: 'Ship it',
    };
    const deployment = toDeployment(
      deploymentJson({
        status: 'blocked',
        pending_approval_count: 1,
        approvals: [approval, { ...approval, user: null }],
        approval_summary: {
          rules: [
            {
              user_id: null,
              group_id: null,
              access_level: 40,
              access_level_description: 'Maintainers',
              required_approvals: 2,
              deployment_approvals: [approval],
            },
          ],
        },
      }),
    );
    expect(deployment?.approvals).toEqual([
      {
        user: { id: 5, username: 'maintainer', name: 'maintainer name' },
        status: 'approved',
        createdAt: '2026-06-01T11:00:00.000Z',
        comment: 'Ship it',
      },
    ]);
    expect(deployment?.rules).toEqual([
      { description: 'Maintainers', requiredApprovals: 2, approvals: deployment?.approvals },
    ]);
    expect(deployment?.finishedAt).toBeNull();
    expect(
      toDeployment(deploymentJson({ approvals: [{ ...approval, comment: '' }] }))?.approvals[0]?.comment,
    ).toBeNull();
  });
});

describe('environments', () => {
  it('read an environment’s tier, state and live URL, with safe values for unknown ones', () => {
    expect(
      toEnvironment({
        id: 2,
        name: 'production',
        tier: 'production',
        state: 'stopped',
        external_url: 'https://example.com',
        description: null,
      }),
    ).toEqual({
      id: 2,
      name: 'production',
      tier: 'production',
      state: 'stopped',
      externalUrl: 'https://example.com',
      description: null,
    });
    expect(toEnvironment({ id: 2, name: 'x', tier: 'moon', state: 'gone', external_url: '' })).toMatchObject({
      tier: 'other',
      state: 'available',
      externalUrl: null,
    });
    expect(toEnvironment({ name: 'no id' })).toBeNull();
  });

  it('read a page of the list with its newest deployments, the scopes’ counts and the page headers', () => {
    const headers = new Headers({
      'x-page': '2',
      'x-total': '25',
      'x-total-pages': '2',
      'x-next-page': '',
      'x-prev-page': '1',
    });
    const page = toEnvironmentListPage(
      {
        environments: [
          {
            id: 2,
            name: 'production',
            tier: 'production',
            state: 'available',
            environment_path: '/acme/api/-/environments/2',
            can_stop: true,
            latest_deployment: deploymentJson({ status: 'blocked' }),
          },
          { id: 3, name: 'staging', tier: 'staging', state: 'available', latest_deployment: null },
          'not an environment',
        ],
        available_count: 20,
        active_count: 25,
        stopped_count: 4,
      },
      offsetPageInfo(headers, 2),
    );
    expect(page.counts).toEqual({ active: 25, stopped: 4 });
    expect(page.page).toEqual({ page: 2, total: 25, totalPages: 2, nextPage: null, previousPage: 1 });
    expect(page.environments.map((environment) => [environment.name, environment.canStop])).toEqual([
      ['production', true],
      ['staging', false],
    ]);
    expect(page.environments[0]?.latestDeployment?.status).toBe('blocked');
    expect(page.environments[1]?.latestDeployment).toBeNull();
    expect(toEnvironmentListPage(null, offsetPageInfo(new Headers(), 0))).toMatchObject({
      environments: [],
      counts: { active: 0, stopped: 0 },
      page: { page: 1, total: 0, nextPage: null, previousPage: null },
    });
  });

  it('link a merge request a deployment shipped on this server', () => {
    expect(
      toShippedMergeRequest({ iid: 12, title: 'Faster search', web_url: 'https://x/y' }, 'acme/web app'),
    ).toEqual({
      iid: 12,
      title: 'Faster search',
      webPath: '/acme/web%20app/-/merge_requests/12',
    });
    expect(toShippedMergeRequest({ title: 'no iid' }, 'acme/api')).toBeNull();
  });
});
