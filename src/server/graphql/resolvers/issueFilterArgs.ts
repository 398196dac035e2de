import { GraphQLError } from 'graphql';
import { HEALTH_STATUS_CODE } from '../../../core/domain/healthStatus.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { MAX_SQL_INTEGER } from '../../db/sqlInteger.ts';
import type { IssueListParams } from '../../services/issueService.ts';
import type { IssueType, ProjectIssuesArgs } from '../generated/resolvers.ts';
import { parseIid, stripNulls } from './argumentValues.ts';

/** The filters `Project.issues` and `Group.issues` share (GitLab's IssuableFinder arguments). */
export type IssueFilterArgs = Omit<ProjectIssuesArgs, 'sort' | 'first' | 'after' | 'last' | 'before'>;

type Presence = 'none' | 'any';

const TYPES: Readonly<Record<IssueType, 'issue' | 'incident' | 'task'>> = {
  ISSUE: 'issue',
  INCIDENT: 'incident',
  TASK: 'task',
};

/** GitLab's `None` / `Any` keywords, any case. */
function presenceOf(value: string): Presence | undefined {
  const keyword = value.toLowerCase();
  return keyword === 'none' || keyword === 'any' ? keyword : undefined;
}

/** A whole number within an SQL integer, or GitLab's argument error naming the argument. */
function wholeNumber(value: string, name: string): number {
  const number = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number <= MAX_SQL_INTEGER)) throw new GraphQLError(`${name}: "${value}" is not a valid value`);
  return number;
}

/** An id-or-keyword argument (`assigneeId`, `epicId`, `weight`). */
function idOrPresence(value: string | null | undefined, name: string): number | Presence | undefined {
  if (value === null || value === undefined) return undefined;
  return presenceOf(value) ?? wholeNumber(value, name);
}

function iidsOf(values: readonly string[] | null | undefined): number[] | undefined {
  // A malformed iid is NaN: it matches nothing and never reaches the database.
  return values?.map((value) => parseIid(value) ?? Number.NaN).filter((iid) => !Number.isNaN(iid));
}

const dayOf = (time: string | null | undefined) => (time ? calendarDateOf(new Date(time)) : null);
const timeOf = (time: string | null | undefined) => (time ? new Date(time) : undefined);

/**
 * The service's filter for GitLab's issue list arguments. Milestone titles are resolved by the
 * caller (each place reads its own milestones); everything else maps here.
 */
export function issueFilterOf(args: IssueFilterArgs): Omit<IssueListParams, 'milestoneIds'> {
  if (args.assigneeId != null && args.assigneeWildcardId != null) {
    throw new GraphQLError(
      'Only one of [assigneeId, assigneeWildcardId] arguments is allowed at the same time.',
    );
  }
  const iids = [...(args.iid != null ? [args.iid] : []), ...(args.iids ?? [])];
  const assigneeId = idOrPresence(args.assigneeId, 'assigneeId');
  const health = args.healthStatusFilter;
  const dueFrom = dayOf(args.dueAfter);
  const dueTo = dayOf(args.dueBefore);
  const not = args.not;
  return {
    state: args.state ?? undefined,
    search: args.search ?? undefined,
    searchIn: args.in?.map((field) => (field === 'TITLE' ? 'title' : 'description')),
    labelNames: stripNulls(args.labelName),
    iids: iids.length > 0 ? iidsOf(iids) : undefined,
    authorUsername: args.authorUsername ?? undefined,
    assigneeUsernames: args.assigneeUsernames ?? undefined,
    assigneeId: typeof assigneeId === 'number' ? assigneeId : undefined,
    assignee:
      typeof assigneeId === 'string'
        ? assigneeId
        : args.assigneeWildcardId
          ? (args.assigneeWildcardId.toLowerCase() as Presence)
          : undefined,
    milestone: args.milestoneWildcardId ? (args.milestoneWildcardId.toLowerCase() as Presence) : undefined,
    confidential: args.confidential ?? undefined,
    issueTypes: args.types?.map((type) => TYPES[type]),
    weight: idOrPresence(args.weight, 'weight'),
    healthStatus:
      health === 'NONE' || health === 'ANY'
        ? (health.toLowerCase() as Presence)
        : health
          ? HEALTH_STATUS_CODE[health]
          : undefined,
    epic: idOrPresence(args.epicId, 'epicId'),
    createdAfter: timeOf(args.createdAfter),
    createdBefore: timeOf(args.createdBefore),
    updatedAfter: timeOf(args.updatedAfter),
    updatedBefore: timeOf(args.updatedBefore),
    dueDate: dueFrom || dueTo ? { kind: 'between', from: dueFrom, to: dueTo } : undefined,
    not: not
      ? {
          labelNames: not.labelName ?? undefined,
          milestoneTitle: not.milestoneTitle ?? undefined,
          authorUsername: not.authorUsername ?? undefined,
          assigneeUsernames: not.assigneeUsernames ?? undefined,
          assigneeId: not.assigneeId != null ? wholeNumber(not.assigneeId, 'not.assigneeId') : undefined,
          iids: iidsOf(not.iids),
        }
      : undefined,
  };
}
