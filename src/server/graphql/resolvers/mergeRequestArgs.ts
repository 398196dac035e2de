import { GraphQLError } from 'graphql';
import type {
  MergeRequestListParams,
  MergeRequestListSort,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import type { MergeRequestSort, ProjectMergeRequestsArgs } from '../generated/resolvers.ts';
import { parseIid, stripNulls } from './argumentValues.ts';

/**
 * GitLab's MergeRequestsResolver arguments as the service's list parameters. `Project`, `Group` and
 * `CurrentUser` lists share them (the user's lists leave out the argument their scope fixes).
 */
export type MergeRequestFilterArgs = Omit<
  ProjectMergeRequestsArgs,
  'sort' | 'first' | 'after' | 'last' | 'before'
>;

type Presence = 'none' | 'any';

const EXCLUSIVE: readonly (readonly (keyof MergeRequestFilterArgs)[])[] = [
  ['assigneeUsernames', 'assigneeUsername', 'assigneeWildcardId'],
  ['reviewerUsername', 'reviewerWildcardId'],
  ['milestoneTitle', 'milestoneWildcardId'],
];

/** GitLab's `mutually_exclusive` validation, with its message. */
function checkExclusive(args: MergeRequestFilterArgs): void {
  for (const names of EXCLUSIVE) {
    if (names.filter((name) => args[name] != null).length > 1) {
      throw new GraphQLError(`Only one of [${names.join(', ')}] arguments is allowed at the same time.`);
    }
  }
}

/** GitLab answers an empty list argument (`iids: []`) with no merge requests at all. */
export function noResultsPossible(args: MergeRequestFilterArgs): boolean {
  return Object.values(args).some((value) => Array.isArray(value) && value.length === 0);
}

const timeOf = (time: string | null | undefined) => (time ? new Date(time) : undefined);
const presenceOf = (wildcard: string | null | undefined) =>
  wildcard ? (wildcard.toLowerCase() as Presence) : undefined;
const listOf = <T>(values: readonly T[] | null | undefined): readonly T[] | undefined =>
  values && values.length > 0 ? values : undefined;

function labelNamesOf(...lists: (readonly (string | null)[] | null | undefined)[]): string[] | undefined {
  const names = lists.flatMap((list) => stripNulls(list) ?? []);
  return names.length > 0 ? names : undefined;
}

export function mergeRequestParamsOf(args: MergeRequestFilterArgs): MergeRequestListParams {
  checkExclusive(args);
  const not = args.not;
  return {
    state: args.state ?? undefined,
    // A malformed iid matches nothing and never reaches the database.
    iids: args.iids?.map((iid) => parseIid(iid) ?? Number.NaN).filter((iid) => !Number.isNaN(iid)),
    sourceBranches: args.sourceBranches ?? undefined,
    targetBranches: args.targetBranches ?? undefined,
    draft: args.draft ?? undefined,
    labelNames: labelNamesOf(args.labelName, args.labels),
    milestoneTitle: args.milestoneTitle ?? undefined,
    milestone: presenceOf(args.milestoneWildcardId),
    authorUsername: args.authorUsername ?? undefined,
    assigneeUsername: args.assigneeUsername ?? undefined,
    assigneeUsernames: listOf(args.assigneeUsernames),
    assignee: presenceOf(args.assigneeWildcardId),
    reviewerUsername: args.reviewerUsername ?? undefined,
    reviewer: presenceOf(args.reviewerWildcardId),
    mergeUserUsername: args.mergedBy ?? undefined,
    mergedAfter: timeOf(args.mergedAfter),
    mergedBefore: timeOf(args.mergedBefore),
    createdAfter: timeOf(args.createdAfter),
    createdBefore: timeOf(args.createdBefore),
    updatedAfter: timeOf(args.updatedAfter),
    updatedBefore: timeOf(args.updatedBefore),
    search: args.search || undefined,
    searchIn: args.in?.map((field) => (field === 'TITLE' ? 'title' : 'description')),
    not: not
      ? {
          assigneeUsernames: listOf(not.assigneeUsernames),
          authorUsername: not.authorUsername ?? undefined,
          labelNames: labelNamesOf(not.labelName, not.labels),
          milestoneTitle: not.milestoneTitle ?? undefined,
          reviewerUsername: not.reviewerUsername ?? undefined,
          sourceBranches: listOf(not.sourceBranches),
          targetBranches: listOf(not.targetBranches),
        }
      : undefined,
  };
}

/** GitLab's MergeRequestSort (default: newest first) as the column and direction the service takes. */
export function mergeRequestSortOrder(sort: MergeRequestSort | null | undefined): MergeRequestListSort {
  const normalized = (sort ?? 'CREATED_DESC').toUpperCase();
  const direction = normalized.endsWith('_ASC') ? 'asc' : 'desc';
  if (normalized.startsWith('UPDATED')) return { column: 'updated_at', direction };
  if (normalized.startsWith('MERGED_AT')) return { column: 'merged_at', direction };
  if (normalized.startsWith('CLOSED_AT')) return { column: 'closed_at', direction };
  if (normalized.startsWith('TITLE')) return { column: 'title', direction };
  return { column: 'created_at', direction };
}
