/** A project's overview: one typed GraphQL document. */
import { useQuery } from '@apollo/client/react';
import { ProjectOverviewDocument } from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import type { ProjectOverview, QueryState } from '../types.ts';
import { toProjectOverview } from './projectMappers.ts';

export function useProjectOverview(fullPath: string): QueryState<ProjectOverview | null> {
  const { data, loading, error } = useQuery(ProjectOverviewDocument, { variables: { fullPath } });
  usePageSettled(!loading);
  return { data: data ? data.project && toProjectOverview(data.project) : undefined, loading, error };
}
