import { describe, expect, it } from 'vitest';
import { newIssueBody } from './issueRest.ts';

describe("the new issue's REST body", () => {
  it("sends GitLab's names, labels comma-separated, and leaves out what is empty", () => {
    expect(
      newIssueBody({
        title: 'Down',
        description: '',
        confidential: true,
        issueType: 'incident',
        labels: ['triage', 'Needs review'],
        milestoneId: 7,
        assigneeIds: [3],
        dueDate: '2026-07-01',
        weight: 0,
      }),
    ).toEqual({
      title: 'Down',
      description: '',
      confidential: true,
      issue_type: 'incident',
      labels: 'triage,Needs review',
      milestone_id: 7,
      assignee_ids: [3],
      due_date: '2026-07-01',
      weight: 0,
    });
    expect(
      newIssueBody({
        title: 'Plain',
        description: 'x',
        confidential: false,
        issueType: 'issue',
        labels: [],
        milestoneId: null,
        assigneeIds: [],
        dueDate: '',
        weight: null,
      }),
    ).toEqual({ title: 'Plain', description: 'x', confidential: false, issue_type: 'issue' });
  });
});
