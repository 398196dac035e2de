import { GraphQLError } from 'graphql';
import type { EpicListFilter } from '../../services/epics/epicQueries.ts';
import type { GroupEpicsArgs } from '../generated/resolvers.ts';
import { dateRangeOf, parseIid, stripNulls } from './argumentValues.ts';

/** `group.epics` and `Epic.children` can return up to 1,000 epics a page (GitLab's roadmap limit). */
export const EPIC_PAGE_LIMITS = { defaultPageSize: 100, maxPageSize: 1000 } as const;

type EpicFilterArgs = Omit<GroupEpicsArgs, 'first' | 'after' | 'last' | 'before' | 'sort'>;

/** The GraphQL epic filters (GitLab's EpicsResolver arguments) as the service's one epic-list filter. */
export function epicListFilter(args: EpicFilterArgs): EpicListFilter {
  const iids = stripNulls([...(args.iids ?? []), ...(args.iid != null ? [args.iid] : [])])?.map((iid) => {
    const parsed = parseIid(iid);
    // A filter on an iid that cannot exist is a client error, not an empty page.
    if (parsed === undefined || Number.isNaN(parsed)) throw new GraphQLError(`"${iid}" is not a valid iid`);
    return parsed;
  });
  return {
    includeAncestorGroups: args.includeAncestorGroups ?? undefined,
    includeDescendantGroups: args.includeDescendantGroups ?? undefined,
    state: args.state ?? undefined,
    search: args.search || undefined,
    authorUsername: args.authorUsername || undefined,
    labelNames: stripNulls(args.labelName)?.filter((name) => name !== ''),
    milestoneTitle: args.milestoneTitle || undefined,
    myReactionEmoji: args.myReactionEmoji || undefined,
    confidential: args.confidential ?? undefined,
    iids: iids?.length ? iids : undefined,
    iidStartsWith: args.iidStartsWith ?? undefined,
    timeframe: dateRangeOf(args.timeframe),
    notLabelNames: stripNulls(args.not?.labelName),
    notAuthorUsername: args.not?.authorUsername || undefined,
    notMyReactionEmoji: args.not?.myReactionEmoji || undefined,
    orLabelNames: stripNulls(args.or?.labelName),
    orAuthorUsernames: stripNulls(args.or?.authorUsername),
    topLevelOnly: args.topLevelHierarchyOnly ?? undefined,
    createdAfter: args.createdAfter ? new Date(args.createdAfter) : undefined,
    createdBefore: args.createdBefore ? new Date(args.createdBefore) : undefined,
    updatedAfter: args.updatedAfter ? new Date(args.updatedAfter) : undefined,
    updatedBefore: args.updatedBefore ? new Date(args.updatedBefore) : undefined,
  };
}
