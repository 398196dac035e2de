import { err, ok, type Result } from '../lib/result.ts';

/** GitLab global ids: `gid://gitlab/<Type>/<id>`. */
export type GlobalIdType =
  | 'Group'
  | 'Project'
  | 'Epic'
  | 'EpicIssue'
  | 'Issue'
  | 'MergeRequest'
  | 'Vulnerability'
  | 'Vulnerabilities::Scanner'
  | 'Vulnerabilities::IssueLink'
  | 'Milestone'
  | 'Label'
  | 'User'
  | 'Todo'
  | 'Note'
  | 'Discussion'
  | 'AwardEmoji'
  | 'WorkItem'
  | 'IncidentManagement::TimelineEvent'
  | 'IncidentManagement::TimelineEventTag'
  | 'WorkItems::Type';

const GID_PATTERN = /^gid:\/\/gitlab\/([A-Za-z:]+)\/(\d+)$/;

export function toGlobalId(type: GlobalIdType, id: number | string): string {
  return `gid://gitlab/${type}/${id}`;
}

/** The id's type and number, or GitLab's argument error message. */
export type GlobalIdParse = Result<{ type: string; id: number }, string>;

/** Parses a global id; the messages are GitLab's argument errors. */
export function parseGlobalId(value: string, expected?: readonly GlobalIdType[]): GlobalIdParse {
  const match = GID_PATTERN.exec(value);
  const id = match ? Number(match[2]) : Number.NaN;
  if (!match || !Number.isSafeInteger(id)) return err(`${value} is not a valid GitLab ID.`);
  const type = match[1]!;
  if (expected && !expected.includes(type as GlobalIdType)) {
    return err(`${value} is not a valid ID for ${expected.join(', ')}.`);
  }
  return ok({ type, id });
}

/** Whether a global id names an issue row: an Issue's, or a WorkItem's (a work item is an issue row). */
export const namesIssueRow = (gid: string): boolean =>
  gid.startsWith('gid://gitlab/Issue/') || gid.startsWith('gid://gitlab/WorkItem/');
