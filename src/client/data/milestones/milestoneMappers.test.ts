import { describe, expect, it } from 'vitest';
import type { MilestoneDetailFieldsFragment } from '../generated/graphql.ts';
import { toMilestoneDetail } from './milestoneMappers.ts';

const GID = 'gid://gitlab/Milestone/14';
const milestone: MilestoneDetailFieldsFragment = {
  id: GID,
  iid: '3',
  title: 'Sprint 41',
  description: '',
  state: 'active',
  startDate: '2026-06-01',
  dueDate: '2026-06-30',
  webPath: '/groups/acme/platform/-/milestones/3',
  stats: { totalIssuesCount: 3, closedIssuesCount: 1 },
};
const issue = (iid: number, milestoneId: string, state: 'opened' | 'closed' = 'opened') => ({
  id: `gid://gitlab/Issue/${iid}`,
  iid: String(iid),
  title: `Issue ${iid}`,
  state,
  confidential: false,
  webPath: `/acme/handbook/-/issues/${iid}`,
  reference: `acme/handbook#${iid}`,
  milestone: { id: milestoneId },
});

describe('milestone detail', () => {
  it('maps the milestone with its dates, counts and the issues of this very milestone', () => {
    const detail = toMilestoneDetail(
      {
        fullName: 'Acme Corp / Platform',
        milestones: { nodes: [milestone] },
        // The title also matches an ancestor's "Sprint 41": its issue is not this milestone's.
        issues: {
          count: 4,
          nodes: [issue(1, GID), null, issue(2, 'gid://gitlab/Milestone/2'), issue(3, GID, 'closed')],
        },
      },
      GID,
    );
    expect(detail).toMatchObject({
      title: 'Sprint 41',
      description: null,
      state: 'active',
      startDate: '2026-06-01',
      dueDate: '2026-06-30',
      stats: { total: 3, closed: 1 },
      ownerFullName: 'Acme Corp / Platform',
      issuesTotal: 3,
    });
    expect(detail?.issues.map((item) => [item.reference, item.state])).toEqual([
      ['acme/handbook#1', 'opened'],
      ['acme/handbook#3', 'closed'],
    ]);
  });

  it('is null when the owner does not have the milestone, and counts what it lists without stats', () => {
    expect(toMilestoneDetail({ fullName: 'Acme', milestones: { nodes: [] }, issues: null }, GID)).toBeNull();
    const unstated = toMilestoneDetail(
      {
        fullName: 'Acme',
        milestones: { nodes: [{ ...milestone, stats: null }] },
        issues: { count: 1, nodes: [issue(1, GID)] },
      },
      GID,
    );
    expect(unstated).toMatchObject({ stats: null, issuesTotal: 1 });
  });
});
