import type { Connection } from '../connection.ts';

/** `count` on every connection type resolves the lazy total. */
const countResolver = { count: (connection: Connection<unknown>) => connection.count() };
export const connectionResolvers = Object.fromEntries(
  [
    'GroupConnection',
    'ProjectConnection',
    'EpicConnection',
    'IssueConnection',
    'MilestoneConnection',
    'LabelConnection',
    'UserCoreConnection',
    'MergeRequestConnection',
    'MergeRequestAssigneeConnection',
    'MergeRequestReviewerConnection',
    'MergeRequestParticipantConnection',
    'TodoConnection',
    'NoteConnection',
    'DiscussionConnection',
    'AwardEmojiConnection',
    'TimelineEventTypeConnection',
    'TimelineEventTagTypeConnection',
    'WorkItemConnection',
    'WorkItemTypeConnection',
    'VulnerabilityConnection',
    'VulnerabilityIssueLinkConnection',
    'VulnerabilityStateTransitionTypeConnection',
  ].map((type) => [type, countResolver]),
);
