import { describe, expect, it } from 'vitest';
import type {
  MilestoneDetailFieldsFragment,
  MilestoneIssueColumnsFieldsFragment,
} from '../generated/graphql.ts';
import { toBurndownPoints, toMilestoneDetail, toMilestoneIssueColumns } from './milestoneMappers.ts';

const GID = 'gid://gitlab/Milestone/14';
const label = {
  id: 'gid://gitlab/GroupLabel/1',
  title: 'bug',
  description: null,
  color: '#d9534f',
  textColor: '#FFFFFF',
};
const user = { id: 'gid://gitlab/User/2', username: 'reporter', name: 'Rita Reporter', avatarUrl: null };
const milestone: MilestoneDetailFieldsFragment = {
  id: GID,
  iid: '3',
  title: 'Sprint 41',
  description: '',
  descriptionHtml: '',
  state: 'active',
  startDate: '2026-06-01',
  dueDate: '2026-06-30',
  webPath: '/groups/acme/platform/-/milestones/3',
  stats: { totalIssuesCount: 3, closedIssuesCount: 1 },
  issueLabels: [{ label, openedIssuesCount: 2, closedIssuesCount: 1 }],
  participants: { count: 1, nodes: [{ ...user, webPath: '/reporter' }, null] },
  report: {
    burnupTimeSeries: [
      { date: '2026-06-01', scopeCount: 3, scopeWeight: 5, completedCount: 0, completedWeight: 0 },
      { date: '2026-06-02', scopeCount: 3, scopeWeight: 5, completedCount: 1, completedWeight: 2 },
    ],
    error: null,
  },
};

describe('milestone detail', () => {
  it('maps the milestone with its dates, counts, labels, people and burndown', () => {
    const detail = toMilestoneDetail(
      { fullName: 'Acme Corp / Platform', milestones: { nodes: [milestone] } },
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
      labels: [{ label: { title: 'bug' }, opened: 2, closed: 1 }],
      participants: [{ username: 'reporter', webPath: '/reporter' }],
      participantsTotal: 1,
    });
    expect(detail?.burndown).toEqual([
      { date: '2026-06-01', openIssues: 3, openWeight: 5 },
      { date: '2026-06-02', openIssues: 2, openWeight: 3 },
    ]);
  });

  it('is null when the owner does not have the milestone; without dates it has no burndown', () => {
    expect(toMilestoneDetail({ fullName: 'Acme', milestones: { nodes: [] } }, GID)).toBeNull();
    const undated = toMilestoneDetail(
      {
        fullName: 'Acme',
        milestones: {
          nodes: [
            {
              ...milestone,
              stats: null,
              report: {
                burnupTimeSeries: null,
                error: { code: 'MISSING_DATES', message: 'Milestone must have a start and due date' },
              },
            },
          ],
        },
      },
      GID,
    );
    expect(undated).toMatchObject({ stats: null, burndown: null });
  });

  it('drops days it cannot read', () => {
    expect(
      toBurndownPoints([
        { date: 'soon', scopeCount: 1, scopeWeight: 0, completedCount: 0, completedWeight: 0 },
      ]),
    ).toEqual([]);
  });
});

describe('milestone issue columns', () => {
  const issue = (iid: number) => ({
    id: `gid://gitlab/Issue/${iid}`,
    iid: String(iid),
    title: `Issue ${iid}`,
    state: 'opened' as const,
    confidential: false,
    webPath: `/acme/handbook/-/issues/${iid}`,
    weight: iid,
    reference: `acme/handbook#${iid}`,
    assignees: { nodes: [user] },
    labels: { nodes: [label] },
  });
  const columns: MilestoneIssueColumnsFieldsFragment = {
    id: GID,
    unstarted: { count: 120, nodes: [issue(1)] },
    ongoing: { count: 1, nodes: [issue(2), null] },
    completed: null,
  };

  it('keeps each column with its total, even past what it lists', () => {
    const mapped = toMilestoneIssueColumns({ nodes: [columns] }, GID);
    expect(mapped?.unstarted.total).toBe(120);
    expect(mapped?.unstarted.items[0]).toMatchObject({
      reference: 'acme/handbook#1',
      weight: 1,
      assignees: [{ username: 'reporter' }],
      labels: [{ title: 'bug' }],
    });
    expect(mapped?.ongoing).toMatchObject({ total: 1 });
    expect(mapped?.completed).toEqual({ items: [], total: 0 });
    expect(toMilestoneIssueColumns({ nodes: [] }, GID)).toBeNull();
  });
});
