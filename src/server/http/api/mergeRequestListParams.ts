import type {
  listMergeRequestsAt,
  MergeRequestListParams,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import {
  nested,
  optionalBoolean,
  optionalEnum,
  optionalIdList,
  optionalInteger,
  optionalList,
  optionalString,
  optionalTime,
  ParamError,
  type Params,
} from './params.ts';

/**
 * GitLab's merge request list parameters (lib/api/helpers/merge_requests_helpers.rb) as the
 * service's filter and order, refused with a 400 before anything is read when malformed.
 */

/**
 * The orders GitLab offers that this schema can answer; `priority`, `label_priority`,
 * `milestone_due` and `popularity` are refused with a 400 rather than answered in another order.
 */
const ORDER_BY = ['created_at', 'updated_at', 'title', 'merged_at'] as const;
const SCOPES = [
  'created-by-me',
  'assigned-to-me',
  'created_by_me',
  'assigned_to_me',
  'reviews_for_me',
  'all',
] as const;
export type MergeRequestScope = (typeof SCOPES)[number];
const STATES = ['opened', 'closed', 'locked', 'merged', 'all'] as const;
const SEARCH_FIELDS = ['title', 'description'] as const;
const MAX_NAME_LENGTH = 255;

/**
 * Filters GitLab takes that this server cannot answer (approval rules, deployments, reactions on
 * merge requests, forks): a 400 rather than a list that ignores them.
 */
const UNSUPPORTED = [
  'approved_by_ids',
  'approved_by_usernames',
  'approver_ids',
  'approved',
  'deployed_after',
  'deployed_before',
  'environment',
  'my_reaction_emoji',
  'source_project_id',
] as const;

type Presence = 'none' | 'any';
type MergeRequestNegations = NonNullable<MergeRequestListParams['not']>;
type MergeRequestSort = Parameters<typeof listMergeRequestsAt>[4];

/** GitLab's `None`/`Any` keywords, any case (and the deprecated `No Label`/`No Milestone`). */
function presence(value: string | undefined): Presence | undefined {
  const keyword = value?.toLowerCase();
  if (keyword === 'none' || keyword === 'no label' || keyword === 'no milestone') return 'none';
  if (keyword === 'any') return 'any';
  return undefined;
}

/** An id that also takes `None` and `Any` (assignee_id, reviewer_id). */
function idOrPresence(query: Params, name: string): number | Presence | undefined {
  return presence(optionalString(query, name, 32)) ?? optionalInteger(query, name, 0);
}

const isSet = (query: Params, name: string) =>
  (query[name] !== undefined && query[name] !== '') || query[`${name}[]`] !== undefined;

function exclusive(query: Params, names: readonly [string, string], within?: string): void {
  if (names.every((name) => isSet(query, name))) {
    const spelt = within ? names.map((name) => `${within}[${name}]`) : names;
    throw new ParamError(`${spelt.join(', ')} are mutually exclusive`);
  }
}

function oneUsername(query: Params, name: string, spelt = name): string | undefined {
  const usernames = optionalList(query, name);
  if (usernames && usernames.length > 1) {
    throw new ParamError(`${spelt} allows one value, but found ${usernames.length}`);
  }
  return usernames?.[0];
}

/** Presence conditions that hold together: the same keyword twice is one, `None` and `Any` none. */
function bothPresences(a: Presence | undefined, b: Presence | undefined) {
  if (a === undefined || b === undefined || a === b) return { presence: a ?? b, contradicts: false };
  return { presence: a, contradicts: true };
}

const flipped = (keyword: Presence | undefined): Presence | undefined =>
  keyword === undefined ? undefined : keyword === 'none' ? 'any' : 'none';

function searchFields(query: Params): MergeRequestListParams['searchIn'] {
  const fields = optionalList(query, 'in');
  if (fields === undefined || fields.length === 0) return undefined;
  if (!fields.every((field) => (SEARCH_FIELDS as readonly string[]).includes(field))) {
    throw new ParamError('in does not have a valid value');
  }
  return fields as (typeof SEARCH_FIELDS)[number][];
}

/** `None`/`Any` read from `not[...]`: what they negate, to be met as the opposite keyword. */
interface NegatedPresences {
  readonly labels?: Presence | undefined;
  readonly milestone?: Presence | undefined;
  readonly assignee?: Presence | undefined;
  readonly reviewer?: Presence | undefined;
}

function negations(query: Params): { not?: MergeRequestNegations; presences: NegatedPresences } {
  const not = nested(query, 'not');
  if (Object.keys(not).length === 0) return { presences: {} };
  if (isSet(not, 'my_reaction_emoji')) throw new ParamError('not[my_reaction_emoji] is not supported');
  exclusive(not, ['author_id', 'author_username'], 'not');
  exclusive(not, ['assignee_id', 'assignee_username'], 'not');
  exclusive(not, ['reviewer_id', 'reviewer_username'], 'not');
  const labels = optionalList(not, 'labels');
  const labelKeyword = labels?.length === 1 ? presence(labels[0]) : undefined;
  const milestone = optionalString(not, 'milestone', MAX_NAME_LENGTH);
  const assignee = idOrPresence(not, 'assignee_id');
  const reviewerId = idOrPresence(not, 'reviewer_id');
  const reviewerUsername = optionalString(not, 'reviewer_username', MAX_NAME_LENGTH);
  const reviewerKeyword = typeof reviewerId === 'string' ? reviewerId : presence(reviewerUsername);
  return {
    not: {
      labelNames: labelKeyword ? undefined : labels,
      milestoneTitle: presence(milestone) ? undefined : milestone,
      authorId: optionalInteger(not, 'author_id', 0),
      authorUsername: optionalString(not, 'author_username', MAX_NAME_LENGTH),
      assigneeId: typeof assignee === 'number' ? assignee : undefined,
      assigneeUsername: oneUsername(not, 'assignee_username', 'not[assignee_username]'),
      reviewerId: typeof reviewerId === 'number' ? reviewerId : undefined,
      reviewerUsername: presence(reviewerUsername) ? undefined : reviewerUsername,
    },
    presences: {
      labels: labelKeyword,
      milestone: presence(milestone),
      assignee: typeof assignee === 'string' ? assignee : undefined,
      reviewer: reviewerKeyword,
    },
  };
}

function draftFilter(query: Params): boolean | undefined {
  exclusive(query, ['draft', 'wip']);
  const wip = optionalEnum(query, 'wip', ['yes', 'no'] as const);
  return wip === undefined ? optionalBoolean(query, 'draft') : wip === 'yes';
}

/** What a list route reads from its query: the service's filter, the order and the entity asked for. */
export interface MergeRequestListQuery {
  readonly params: MergeRequestListParams;
  readonly sort: MergeRequestSort;
  /** GitLab's `view=simple`: only the id, iid, title, description, state, times and URL. */
  readonly simple: boolean;
  readonly withLabelsDetails: boolean;
}

export function mergeRequestListQuery(query: Params, defaultScope: MergeRequestScope): MergeRequestListQuery {
  for (const name of UNSUPPORTED) if (isSet(query, name)) throw new ParamError(`${name} is not supported`);
  exclusive(query, ['author_id', 'author_username']);
  exclusive(query, ['assignee_id', 'assignee_username']);
  exclusive(query, ['reviewer_id', 'reviewer_username']);
  exclusive(query, ['merge_user_id', 'merge_user_username']);
  const scope = optionalEnum(query, 'scope', SCOPES) ?? defaultScope;
  const labels = optionalList(query, 'labels');
  const labelKeyword = labels?.length === 1 ? presence(labels[0]) : undefined;
  const milestone = optionalString(query, 'milestone', MAX_NAME_LENGTH);
  const assignee = idOrPresence(query, 'assignee_id');
  const reviewerId = idOrPresence(query, 'reviewer_id');
  const reviewerUsername = optionalString(query, 'reviewer_username', MAX_NAME_LENGTH);
  const { not, presences } = negations(query);
  const combined = [
    bothPresences(labelKeyword, flipped(presences.labels)),
    bothPresences(presence(milestone), flipped(presences.milestone)),
    bothPresences(typeof assignee === 'string' ? assignee : undefined, flipped(presences.assignee)),
    bothPresences(
      typeof reviewerId === 'string' ? reviewerId : presence(reviewerUsername),
      flipped(presences.reviewer),
    ),
  ] as const;
  // Non-archived and a fresh merge status are what every list here is: checked for type only.
  optionalBoolean(query, 'non_archived');
  optionalBoolean(query, 'with_merge_status_recheck');
  const params: MergeRequestListParams = {
    scope:
      scope === 'created-by-me' ? 'created_by_me' : scope === 'assigned-to-me' ? 'assigned_to_me' : scope,
    state: optionalEnum(query, 'state', STATES) ?? 'all',
    // `None` and `Any` that cannot both hold (labels=None&not[labels]=None) match nothing.
    iids: combined.some((entry) => entry.contradicts) ? [] : optionalIdList(query, 'iids'),
    search: optionalString(query, 'search', MAX_NAME_LENGTH),
    searchIn: searchFields(query),
    labelNames: labelKeyword ? undefined : labels,
    labels: combined[0].presence,
    milestoneTitle: presence(milestone) ? undefined : milestone,
    milestone: combined[1].presence,
    authorId: optionalInteger(query, 'author_id', 0),
    authorUsername: optionalString(query, 'author_username', MAX_NAME_LENGTH),
    assigneeId: typeof assignee === 'number' ? assignee : undefined,
    assigneeUsername: oneUsername(query, 'assignee_username'),
    assignee: combined[2].presence,
    reviewerId: typeof reviewerId === 'number' ? reviewerId : undefined,
    reviewerUsername: presence(reviewerUsername) ? undefined : reviewerUsername,
    reviewer: combined[3].presence,
    mergeUserId: optionalInteger(query, 'merge_user_id', 0),
    mergeUserUsername: optionalString(query, 'merge_user_username', MAX_NAME_LENGTH),
    sourceBranch: optionalString(query, 'source_branch', MAX_NAME_LENGTH),
    targetBranch: optionalString(query, 'target_branch', MAX_NAME_LENGTH),
    draft: draftFilter(query),
    createdAfter: optionalTime(query, 'created_after'),
    createdBefore: optionalTime(query, 'created_before'),
    updatedAfter: optionalTime(query, 'updated_after'),
    updatedBefore: optionalTime(query, 'updated_before'),
    mergedAfter: optionalTime(query, 'merged_after'),
    mergedBefore: optionalTime(query, 'merged_before'),
    not,
  };
  const sort: MergeRequestSort = {
    column: optionalEnum(query, 'order_by', ORDER_BY) ?? 'created_at',
    direction: optionalEnum(query, 'sort', ['asc', 'desc'] as const) ?? 'desc',
  };
  return {
    params,
    sort,
    simple: optionalEnum(query, 'view', ['simple'] as const) === 'simple',
    withLabelsDetails: optionalBoolean(query, 'with_labels_details') ?? false,
  };
}
