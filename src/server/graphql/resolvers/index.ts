import type { Resolvers } from '../generated/resolvers.ts';
import {
  Epic,
  EpicDescendantCount,
  EpicDescendantWeights,
  EpicHealthStatus,
  EpicPermissions,
} from './epic.ts';
import { epicSidebarFields, epicSidebarMutations } from './epicSidebar.ts';
import { Group, GroupPermissions } from './group.ts';
import { Issue } from './issue.ts';
import { CurrentUser, connectionResolvers, Label, MergeRequest, Milestone, User, UserCore } from './misc.ts';
import { Mutation } from './mutations.ts';
import { Project } from './project.ts';
import { Query } from './query.ts';
import { currentUserTodoFields, Todo, todoMutations } from './todo.ts';

export const resolvers: Resolvers = {
  Query,
  Mutation: { ...Mutation, ...epicSidebarMutations, ...todoMutations },
  Group,
  GroupPermissions,
  Project,
  Epic: { ...Epic, ...epicSidebarFields },
  EpicPermissions,
  EpicDescendantCount,
  EpicDescendantWeights,
  EpicHealthStatus,
  Issue,
  Milestone,
  Label,
  MergeRequest,
  UserCore,
  CurrentUser: { ...CurrentUser, ...currentUserTodoFields },
  User,
  Todo,
  ...connectionResolvers,
};
