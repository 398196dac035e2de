/** The milestone page's data (the page reports itself settled once both answered): the milestone with its tabs and chart, and its issues in three columns. */
import { useQuery } from '@apollo/client/react';
import { toGlobalId } from '../../../core/domain/gid.ts';
import {
  GroupMilestoneDetailDocument,
  GroupMilestoneIssuesDocument,
  ProjectMilestoneDetailDocument,
  ProjectMilestoneIssuesDocument,
} from '../generated/graphql.ts';
import type { MilestoneDetail, MilestoneIssueColumns, MilestoneKind, QueryState } from '../types.ts';
import { toMilestoneDetail, toMilestoneIssueColumns } from './milestoneMappers.ts';

/** Each column lists this many of its issues (a page stays light with three columns); the rest are counted. */
export const MILESTONE_ISSUES_LIMIT = 30;

export interface MilestoneQueryInput {
  readonly kind: MilestoneKind;
  /** The owning group's or project's full path. */
  readonly fullPath: string;
  /** The milestone's numeric id, as the server put it on the page. */
  readonly milestoneId: string;
}

/** Undefined until answered; null when the milestone is missing or hidden from the viewer. */
export function useMilestoneDetail(
  input: MilestoneQueryInput,
): QueryState<MilestoneDetail | null> & { refetch: () => void } {
  const gid = toGlobalId('Milestone', input.milestoneId);
  const variables = { fullPath: input.fullPath, ids: [gid] };
  const group = useQuery(GroupMilestoneDetailDocument, { variables, skip: input.kind !== 'group' });
  const project = useQuery(ProjectMilestoneDetailDocument, { variables, skip: input.kind !== 'project' });
  const { loading, error } = input.kind === 'group' ? group : project;
  const refetch = () => void (input.kind === 'group' ? group.refetch() : project.refetch());
  if (input.kind === 'group') {
    const data = group.data ?? group.previousData;
    return {
      data: data ? data.group && toMilestoneDetail(data.group, gid) : undefined,
      loading,
      error,
      refetch,
    };
  }
  const data = project.data ?? project.previousData;
  const owner = data?.project;
  const detail = owner && toMilestoneDetail({ ...owner, fullName: owner.nameWithNamespace }, gid);
  return { data: data ? detail : undefined, loading, error, refetch };
}

/** The milestone's issues in GitLab's columns; group milestones name issues with their project. */
export function useMilestoneIssues(
  input: MilestoneQueryInput,
): QueryState<MilestoneIssueColumns | null> & { refetch: () => void } {
  const gid = toGlobalId('Milestone', input.milestoneId);
  const variables = {
    fullPath: input.fullPath,
    ids: [gid],
    first: MILESTONE_ISSUES_LIMIT,
    fullReferences: input.kind === 'group',
  };
  const group = useQuery(GroupMilestoneIssuesDocument, { variables, skip: input.kind !== 'group' });
  const project = useQuery(ProjectMilestoneIssuesDocument, { variables, skip: input.kind !== 'project' });
  const { loading, error } = input.kind === 'group' ? group : project;
  const refetch = () => void (input.kind === 'group' ? group.refetch() : project.refetch());
  const groupData = group.data ?? group.previousData;
  const projectData = project.data ?? project.previousData;
  const answered = input.kind === 'group' ? groupData : projectData;
  const owner = input.kind === 'group' ? groupData?.group : projectData?.project;
  const columns = owner ? toMilestoneIssueColumns(owner.milestones, gid) : null;
  return { data: answered ? columns : undefined, loading, error, refetch };
}
