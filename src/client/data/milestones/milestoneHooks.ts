/** The milestone page's data: one query for a group's or a project's milestone and its issues. */
import { useQuery } from '@apollo/client/react';
import { toGlobalId } from '../../../core/domain/gid.ts';
import { GroupMilestoneDetailDocument, ProjectMilestoneDetailDocument } from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import type { MilestoneDetail, MilestoneKind, QueryState } from '../types.ts';
import { toMilestoneDetail } from './milestoneMappers.ts';

/** The milestone page lists this many of its issues (GitLab's page size). */
export const MILESTONE_ISSUES_LIMIT = 100;

export interface MilestoneQueryInput {
  readonly kind: MilestoneKind;
  /** The owning group's or project's full path. */
  readonly fullPath: string;
  /** The milestone's numeric id and title, as the server put them on the page. */
  readonly milestoneId: string;
  readonly milestoneTitle: string;
}

export function useMilestoneDetail(input: MilestoneQueryInput): QueryState<MilestoneDetail | null> {
  const gid = toGlobalId('Milestone', input.milestoneId);
  const variables = {
    fullPath: input.fullPath,
    ids: [gid],
    milestoneTitle: [input.milestoneTitle],
    first: MILESTONE_ISSUES_LIMIT,
  };
  const group = useQuery(GroupMilestoneDetailDocument, { variables, skip: input.kind !== 'group' });
  const project = useQuery(ProjectMilestoneDetailDocument, { variables, skip: input.kind !== 'project' });
  const { loading, error } = input.kind === 'group' ? group : project;
  usePageSettled(!loading);
  // Undefined until answered; null when the group or project is missing or hidden from the viewer.
  if (input.kind === 'group') {
    const { data } = group;
    return { data: data ? data.group && toMilestoneDetail(data.group, gid) : undefined, loading, error };
  }
  const { data } = project;
  const owner = data?.project;
  const detail = owner && toMilestoneDetail({ ...owner, fullName: owner.nameWithNamespace }, gid);
  return { data: data ? detail : undefined, loading, error };
}
