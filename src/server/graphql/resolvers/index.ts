import type { Resolvers } from '../generated/resolvers.ts';
import { connectionResolvers } from './connectionCounts.ts';
import { Epic, EpicPermissions } from './epic.ts';
import { epicSidebarFields, epicSidebarMutations } from './epicSidebar.ts';
import {
  EpicIssue,
  EpicIssueConnection,
  epicTreeFields,
  epicTreeMutations,
  issueTreeFields,
} from './epicTree.ts';
import { Group, GroupPermissions } from './group.ts';
import { Issue, IssuePermissions } from './issue.ts';
import { issueMutations } from './issueMutations.ts';
import { Label } from './label.ts';
import { groupMemberFields, memberResolvers, projectMemberFields } from './members.ts';
import {
  MergeRequest,
  MergeRequestPermissions,
  mergeRequestUserTypes,
  UserMergeRequestInteraction,
} from './mergeRequest.ts';
import {
  currentUserMergeRequestFields,
  groupMergeRequestFields,
  projectMergeRequestFields,
  queryMergeRequestFields,
} from './mergeRequestLists.ts';
import { mergeRequestMutations } from './mergeRequestMutations.ts';
import { Milestone } from './milestone.ts';
import { Mutation } from './mutations.ts';
import {
  AwardEmoji,
  Discussion,
  epicPolicy,
  epicReadsInternal,
  issuePolicy,
  issueReadsInternal,
  Note,
  NotePermissions,
  noteableFields,
  noteMutations,
} from './notes.ts';
import { Project } from './project.ts';
import { Query } from './query.ts';
import {
  pinnedLinkIssueFields,
  TimelineEventTagType,
  TimelineEventType,
  timelineEventMutations,
  timelineEventPermissionFields,
  timelineEventProjectFields,
} from './timelineEvents.ts';
import { currentUserTodoFields, Todo, Todoable, todoMutations } from './todo.ts';
import { CurrentUser, User, UserCore } from './user.ts';
import {
  groupVulnerabilityFields,
  issueVulnerabilityFields,
  projectVulnerabilityFields,
  queryVulnerabilityFields,
  vulnerabilityMutations,
  vulnerabilityTypes,
} from './vulnerability.ts';
import { workItemResolvers, workItemTypes } from './workItem.ts';
import { workItemMutations } from './workItemMutations.ts';

export const resolvers: Resolvers = {
  Query: { ...Query, ...queryMergeRequestFields, ...queryVulnerabilityFields },
  Mutation: {
    ...Mutation,
    ...epicSidebarMutations,
    ...todoMutations,
    ...epicTreeMutations,
    ...issueMutations,
    ...noteMutations,
    ...timelineEventMutations,
    ...workItemMutations,
    ...mergeRequestMutations,
    ...vulnerabilityMutations,
  },
  Group: { ...Group, ...groupMemberFields, ...groupMergeRequestFields, ...groupVulnerabilityFields },
  GroupPermissions,
  Project: {
    ...Project,
    ...timelineEventProjectFields,
    ...projectMemberFields,
    ...projectMergeRequestFields,
    ...projectVulnerabilityFields,
  },
  ...memberResolvers,
  TimelineEventType,
  TimelineEventTagType,
  Epic: {
    ...Epic,
    ...epicSidebarFields,
    ...epicTreeFields,
    ...noteableFields(
      epicPolicy,
      (epic, { loaders }) => loaders.epicNoteCounts.load(epic.id),
      epicReadsInternal,
    ),
  },
  EpicPermissions,
  Issue: {
    ...Issue,
    ...issueTreeFields,
    ...pinnedLinkIssueFields,
    ...issueVulnerabilityFields,
    ...noteableFields(
      issuePolicy,
      (issue, { loaders }) => loaders.issueNoteCounts.load(issue.id),
      issueReadsInternal,
    ),
  },
  Note,
  NotePermissions,
  Discussion,
  AwardEmoji,
  IssuePermissions: { ...IssuePermissions, ...timelineEventPermissionFields },
  EpicIssue,
  EpicIssueConnection,
  Milestone,
  Label,
  MergeRequest,
  MergeRequestPermissions,
  UserMergeRequestInteraction,
  ...mergeRequestUserTypes,
  ...vulnerabilityTypes,
  UserCore,
  CurrentUser: { ...CurrentUser, ...currentUserTodoFields, ...currentUserMergeRequestFields },
  User,
  Todo,
  Todoable,
  ...connectionResolvers,
  ...workItemResolvers,
  Namespace: { workItemTypes: (_namespace, args) => workItemTypes(args) },
};
