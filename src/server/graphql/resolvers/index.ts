import type { Resolvers } from '../generated/resolvers.ts';
import {
  Epic,
  EpicDescendantCount,
  EpicDescendantWeights,
  EpicHealthStatus,
  EpicPermissions,
} from './epic.ts';
import { Group, GroupPermissions } from './group.ts';
import { Issue } from './issue.ts';
import { CurrentUser, connectionResolvers, Label, MergeRequest, Milestone, User, UserCore } from './misc.ts';
import { Mutation } from './mutations.ts';
import { Project } from './project.ts';
import { Query } from './query.ts';

export const resolvers: Resolvers = {
  Query,
  Mutation,
  Group,
  GroupPermissions,
  Project,
  Epic,
  EpicPermissions,
  EpicDescendantCount,
  EpicDescendantWeights,
  EpicHealthStatus,
  Issue,
  Milestone,
  Label,
  MergeRequest,
  UserCore,
  CurrentUser,
  User,
  ...connectionResolvers,
};
